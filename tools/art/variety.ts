/**
 * Variety measures of the card pictures (docs/art.md), next to the
 * perceptual-hash test of distinct.ts: that one catches two cards alike, these
 * catch a catalogue whose pictures are all composed the same way.
 *
 * - **Subject-area spread.** A unit's subject is the figure group `#f` of its
 *   mini SVG (card-art.ts paints it with `<use href="#f">`). Headless
 *   Chromium draws that group alone, black on white, at 200 x 150 and counts
 *   the covered pixels: the share of the frame the subject fills (what is
 *   outside the frame does not count). Units are ranked by size (total cost
 *   plus attack and health); the spread is the median coverage of the
 *   `TAIL` largest over the median of the `TAIL` smallest. A behemoth
 *   that fills the frame and a goblin that does not give a large ratio; one
 *   figure size for everyone gives about 1-2.
 * - **Backgrounds per faction.** The committed mini bitmap is reduced to
 *   32 x 32 box averages (distinct.ts `gridsOf`); its backdrop is read from
 *   the cells a subject rarely covers (the top band and the two side
 *   columns above the ground): 16 cells of RGB. Within a faction, pictures
 *   are grouped greedily (a picture joins the first group whose first
 *   picture is within `SAME_BACKDROP` RMS of it); a group of at least two
 *   pictures is a distinct background. A faction drawn on one sky gives one
 *   or two groups.
 *
 * - **Lit subjects.** Inside a unit's subject (its `#f` mask, shrunk by a
 *   pixel so the rim and the outline do not count), in its committed mini
 *   bitmap drawn at 200 x 150: the mean luminance (Rec. 601, 0-255), the
 *   share of pixels that are near-black (luminance under `NEAR_BLACK`) and
 *   the spread of luminance (standard deviation: a lit body has highlights,
 *   mid-tones and shadows; a silhouette is one dark value with a rim).
 *   Medians over every unit, and over the `TAIL` largest (the ones that read
 *   as a shaded mass when dark).
 *
 *   npx tsx tools/art/variety.ts                  figures of apps/client/public
 *   npx tsx tools/art/variety.ts --public DIR     the same for another public folder
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CARDS } from "@cardrealm/content";
import { CARD_DIR, PUBLIC_DIR } from "./build.ts";
import { bitmapUrl, GRID, gridsOf } from "./distinct.ts";
import { type BrowserSource, browserOf, cachedMeasure, launch } from "./measure-cache.ts";
import type { CardDef } from "./types.ts";

/** How many of the smallest and of the largest units the spread compares. */
export const TAIL = 12;
/** RMS distance (0-255) under which two backdrops count as the same. */
export const SAME_BACKDROP = 34;

/** A unit's size: what it costs plus what it hits and takes. */
export function unitSize(c: CardDef): number {
  return c.cost.fire + c.cost.diamond + c.cost.pow + (c.attack ?? 0) + (c.hp ?? 0);
}

/**
 * The subject group `#f` of a mini SVG, alone, black on white, or undefined.
 * The whole defs come along: `#f` may be made of `<use>`s of its parts.
 */
export function subjectMask(svg: string): string | undefined {
  if (!/<g id="f"/.test(svg)) return undefined;
  const defs = /<defs>(.*?)<\/defs>/s.exec(svg)?.[1];
  if (!defs) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150" viewBox="0 0 200 150"><rect width="200" height="150" fill="#fff"/><defs>${defs}</defs><use href="#f" fill="#000" stroke="#000"/></svg>`;
}

/** Share (0-1) of the frame each mask covers. */
export async function coverages(
  browser: BrowserSource,
  masks: readonly string[],
): Promise<number[]> {
  const urls = masks.map((m) => `data:image/svg+xml;base64,${Buffer.from(m).toString("base64")}`);
  const grids = await gridsOf(browser, urls, 200);
  const n = GRID * GRID;
  return grids.map((g) => {
    let dark = 0;
    for (let i = 0; i < n; i++) dark += 1 - (g[i] ?? 255) / 255;
    return dark / n;
  });
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

export interface Spread {
  small: number;
  large: number;
  ratio: number;
  smallest: string[];
  largest: string[];
}

/** The subject-area spread of the units in `publicDir` (their mini SVGs). */
export async function subjectSpread(
  browser: BrowserSource,
  publicDir = PUBLIC_DIR,
): Promise<Spread> {
  const units = CARDS.filter((c) => c.type === "unit").sort(
    (a, b) => unitSize(a) - unitSize(b) || a.id - b.id,
  );
  const pick = [...units.slice(0, TAIL), ...units.slice(-TAIL)];
  const masks = pick.map((c) => {
    const file = join(publicDir, CARD_DIR, `${c.id}-mini.svg`);
    const mask = existsSync(file) ? subjectMask(readFileSync(file, "utf8")) : undefined;
    if (!mask) throw new Error(`no subject group in ${file}`);
    return mask;
  });
  const cov = await coverages(browser, masks);
  const small = median(cov.slice(0, TAIL));
  const large = median(cov.slice(TAIL));
  const label = (c: CardDef, i: number): string => `${c.name} ${((cov[i] ?? 0) * 100).toFixed(0)}%`;
  return {
    small,
    large,
    ratio: large / Math.max(small, 1e-6),
    smallest: pick.slice(0, TAIL).map(label),
    largest: pick.slice(TAIL).map((c, i) => label(c, i + TAIL)),
  };
}

/** Luminance under this counts as near-black. */
export const NEAR_BLACK = 40;

/** How one subject is lit inside its mask. */
export interface SubjectLight {
  mean: number;
  black: number;
  spread: number;
}

/** The page's half of `lightInMasks`: one batch of mask and bitmap pairs. */
const lightOfBatch = async ({
  batch,
  nearBlack,
}: {
  batch: { mask: string; bitmap: string }[];
  nearBlack: number;
}): Promise<SubjectLight[]> => {
  const W = 200;
  const H = 150;
  const pixels = async (url: string): Promise<Uint8ClampedArray> => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = W;
    canvas.height = H;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d canvas");
    ctx.drawImage(img, 0, 0, W, H);
    return ctx.getImageData(0, 0, W, H).data;
  };
  const result: SubjectLight[] = [];
  for (const { mask, bitmap } of batch) {
    const m = await pixels(mask);
    const b = await pixels(bitmap);
    const inside = (x: number, y: number): boolean =>
      x >= 0 && y >= 0 && x < W && y < H && (m[(y * W + x) * 4] ?? 255) < 64;
    let n = 0;
    let sum = 0;
    let sq = 0;
    let dark = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        if (
          !inside(x, y) ||
          !inside(x - 1, y) ||
          !inside(x + 1, y) ||
          !inside(x, y - 1) ||
          !inside(x, y + 1)
        )
          continue;
        const o = (y * W + x) * 4;
        const l = 0.299 * (b[o] ?? 0) + 0.587 * (b[o + 1] ?? 0) + 0.114 * (b[o + 2] ?? 0);
        n++;
        sum += l;
        sq += l * l;
        if (l < nearBlack) dark++;
      }
    const mean = n ? sum / n : 0;
    result.push({
      mean,
      black: n ? dark / n : 1,
      spread: n ? Math.sqrt(Math.max(0, sq / n - mean * mean)) : 0,
    });
  }
  return result;
};

/**
 * Mask and bitmap of each card, drawn at 200 x 150; per card the light inside
 * the mask. Kept in the measure cache under the pictures and this code.
 */
export async function lightInMasks(
  source: BrowserSource,
  pairs: ReadonlyArray<{ mask: string; bitmap: string }>,
): Promise<SubjectLight[]> {
  const inputs = [lightOfBatch.toString(), NEAR_BLACK, ...pairs.flatMap((p) => [p.mask, p.bitmap])];
  return cachedMeasure("light", inputs, async () => {
    const page = await (await browserOf(source)).newPage();
    try {
      // tsx keeps function names with a helper the page does not have
      await page.evaluate("globalThis.__name = (f) => f");
      const out: SubjectLight[] = [];
      for (let i = 0; i < pairs.length; i += 20) {
        const batch = pairs.slice(i, i + 20);
        out.push(...(await page.evaluate(lightOfBatch, { batch, nearBlack: NEAR_BLACK })));
      }
      return out;
    } finally {
      await page.close();
    }
  });
}

export interface LitFigures {
  /** Medians over every unit. */
  all: SubjectLight;
  /** Medians over the TAIL largest units. */
  largest: SubjectLight;
  /** The darkest units, by mean luminance. */
  darkest: string[];
}

function medians(xs: readonly SubjectLight[]): SubjectLight {
  return {
    mean: median(xs.map((x) => x.mean)),
    black: median(xs.map((x) => x.black)),
    spread: median(xs.map((x) => x.spread)),
  };
}

/** How lit the units' subjects are in `publicDir` (their mini SVG masks and mini bitmaps). */
export async function subjectLight(
  browser: BrowserSource,
  publicDir = PUBLIC_DIR,
): Promise<LitFigures> {
  const units = CARDS.filter((c) => c.type === "unit").sort(
    (a, b) => unitSize(a) - unitSize(b) || a.id - b.id,
  );
  const pairs = units.map((c) => {
    const file = join(publicDir, CARD_DIR, `${c.id}-mini.svg`);
    const mask = existsSync(file) ? subjectMask(readFileSync(file, "utf8")) : undefined;
    if (!mask) throw new Error(`no subject group in ${file}`);
    return {
      mask: `data:image/svg+xml;base64,${Buffer.from(mask).toString("base64")}`,
      bitmap: bitmapUrl(publicDir, c.id),
    };
  });
  const lit = await lightInMasks(browser, pairs);
  const ranked = units
    .map((c, i) => ({ c, l: lit[i] as SubjectLight }))
    .sort((a, b) => a.l.mean - b.l.mean);
  return {
    all: medians(lit),
    largest: medians(lit.slice(-TAIL)),
    darkest: ranked.slice(0, 6).map(({ c, l }) => `${c.name} ${l.mean.toFixed(0)}`),
  };
}

/** The 16 backdrop cells (RGB) of a GRID x GRID picture: top band, then the sides. */
export function backdropOf(rgb: readonly number[]): number[] {
  const n = GRID * GRID;
  const q = GRID / 8;
  const cells: [number, number][] = [];
  for (let cx = 0; cx < 8; cx++) cells.push([cx, 0]);
  for (let cy = 1; cy < 5; cy++) cells.push([0, cy], [7, cy]);
  const out: number[] = [];
  for (const [cx, cy] of cells) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let y = cy * q; y < (cy + 1) * q; y++)
        for (let x = cx * q; x < (cx + 1) * q; x++) sum += rgb[c * n + y * GRID + x] ?? 0;
      out.push(sum / (q * q));
    }
  }
  return out;
}

export function rms(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(s / Math.max(1, a.length));
}

/** Groups of at least two alike backdrops, greedily. */
export function backdropGroups(backdrops: readonly (readonly number[])[]): number {
  const leaders: { at: readonly number[]; n: number }[] = [];
  for (const b of backdrops) {
    const g = leaders.find((l) => rms(l.at, b) < SAME_BACKDROP);
    if (g) g.n++;
    else leaders.push({ at: b, n: 1 });
  }
  return leaders.filter((l) => l.n >= 2).length;
}

/** Distinct backgrounds per faction, from the committed mini bitmaps. */
export async function backgroundsPerFaction(
  browser: BrowserSource,
  publicDir = PUBLIC_DIR,
): Promise<Map<string, number>> {
  const cards = [...CARDS].sort((a, b) => a.id - b.id);
  const grids = await gridsOf(
    browser,
    cards.map((c) => bitmapUrl(publicDir, c.id)),
  );
  const by = new Map<string, number[][]>();
  cards.forEach((c, i) => {
    const list = by.get(c.faction) ?? [];
    list.push(backdropOf(grids[i] ?? []));
    by.set(c.faction, list);
  });
  return new Map([...by.entries()].map(([f, list]) => [f, backdropGroups(list)]));
}

async function main(argv: readonly string[]): Promise<void> {
  const at = argv.indexOf("--public");
  const publicDir = resolve(at >= 0 ? (argv[at + 1] ?? PUBLIC_DIR) : PUBLIC_DIR);
  const browser = await launch();
  try {
    const s = await subjectSpread(browser, publicDir);
    console.log(`subject area, ${TAIL} smallest units (median): ${(s.small * 100).toFixed(1)}%`);
    console.log(`  ${s.smallest.join(", ")}`);
    console.log(`subject area, ${TAIL} largest units (median): ${(s.large * 100).toFixed(1)}%`);
    console.log(`  ${s.largest.join(", ")}`);
    console.log(`spread (largest / smallest): ${s.ratio.toFixed(2)}`);
    const show = (l: SubjectLight): string =>
      `mean luminance ${l.mean.toFixed(1)}, near-black ${(l.black * 100).toFixed(1)}%, spread ${l.spread.toFixed(1)}`;
    const lit = await subjectLight(browser, publicDir);
    console.log(`inside the subject, every unit (median): ${show(lit.all)}`);
    console.log(`inside the subject, ${TAIL} largest units (median): ${show(lit.largest)}`);
    console.log(`  darkest: ${lit.darkest.join(", ")}`);
    const bg = await backgroundsPerFaction(browser, publicDir);
    console.log(
      `distinct backgrounds per faction: ${[...bg.entries()].map(([f, n]) => `${f} ${n}`).join(", ")}`,
    );
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
