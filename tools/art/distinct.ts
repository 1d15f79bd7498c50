/**
 * Perceptual hashes of the card pictures, to catch two cards that look alike.
 *
 * The pictures measured are the committed mini bitmaps (`{id}-mini.webp`, the
 * ones the hand and the table show). Node has no WebP decoder, so headless
 * Chromium (the same one `rasterise.ts` bakes with) decodes each bitmap and
 * reduces it, in the page, to 32 x 32 box averages of its red, green and blue.
 * The hash is computed here from those grids: a dHash (difference hash: the
 * plane area-averaged to 9 x 8, one bit per horizontal neighbour pair, left
 * greater than right) of three planes, 64 bits each, 192 in all:
 *
 * - luma (Rec. 601 grey): where the light, the subject and the horizon are;
 * - red minus green, and blue minus the mean of red and green: where the
 *   colours change. A grey-only hash calls a purple squire and a green
 *   sapling "alike" because both are a bright shape in the middle of a dark
 *   frame; a person does not (docs/decisions.md "Art that tells cards apart").
 *
 * Two pictures are alike when their hashes differ in fewer than `ALIKE` bits
 * (threshold from the measured distribution, in docs/decisions.md).
 *
 *   npx tsx tools/art/distinct.ts                 distribution and the nearest pairs
 *   npx tsx tools/art/distinct.ts --public DIR    the same for another public folder
 *   npx tsx tools/art/distinct.ts --sheet FILE    also write a contact sheet PNG of every card
 *   npx tsx tools/art/distinct.ts --ids 1121,1126 only these cards (the sheet too)
 *   npx tsx tools/art/distinct.ts --suggest       seed words that set the closest cards apart
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CARDS } from "@cardrealm/content";
import type { Browser } from "playwright-core";
import { CARD_DIR, PUBLIC_DIR } from "./build.ts";
import { cardArt } from "./card-art.ts";
import { type BrowserSource, browserOf, cachedMeasure, launch } from "./measure-cache.ts";
import type { CardDef } from "./types.ts";

/** Side of the grey grid the page reduces each picture to. */
export const GRID = 32;

/**
 * Fewer differing bits (of 192) than this and two pictures count as alike.
 * Justified in docs/decisions.md from the measured distribution.
 */
export const ALIKE = 40;

export interface CardHash {
  id: number;
  name: string;
  hash: bigint;
}

export interface Pair {
  a: CardHash;
  b: CardHash;
  d: number;
}

/** Bits set in x. */
export function popcount(x: bigint): number {
  let n = 0;
  let v = x;
  while (v > 0n) {
    v &= v - 1n;
    n++;
  }
  return n;
}

export function hamming(a: bigint, b: bigint): number {
  return popcount(a ^ b);
}

/** Area-average of a size x size plane down to w x h. */
function shrink(plane: readonly number[], size: number, w: number, h: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const x0 = (x * size) / w;
      const x1 = ((x + 1) * size) / w;
      const y0 = (y * size) / h;
      const y1 = ((y + 1) * size) / h;
      let sum = 0;
      let area = 0;
      for (let gy = Math.floor(y0); gy < Math.ceil(y1); gy++) {
        const fy = Math.min(gy + 1, y1) - Math.max(gy, y0);
        for (let gx = Math.floor(x0); gx < Math.ceil(x1); gx++) {
          const fx = Math.min(gx + 1, x1) - Math.max(gx, x0);
          sum += (plane[gy * size + gx] ?? 0) * fx * fy;
          area += fx * fy;
        }
      }
      out.push(sum / area);
    }
  }
  return out;
}

/** Difference hash (64 bits) of one plane (row-major, size x size). */
export function dHash(plane: readonly number[], size = GRID): bigint {
  const small = shrink(plane, size, 9, 8);
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits <<= 1n;
      if ((small[y * 9 + x] ?? 0) > (small[y * 9 + x + 1] ?? 0)) bits |= 1n;
    }
  }
  return bits;
}

/** The 192-bit colour dHash of one RGB grid (three GRID x GRID planes, R then G then B). */
export function colourHash(rgb: readonly number[], size = GRID): bigint {
  const n = size * size;
  const luma: number[] = [];
  const rg: number[] = [];
  const by: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = rgb[i] ?? 0;
    const g = rgb[n + i] ?? 0;
    const b = rgb[2 * n + i] ?? 0;
    luma.push(0.299 * r + 0.587 * g + 0.114 * b);
    rg.push(r - g);
    by.push(b - (r + g) / 2);
  }
  return (dHash(luma, size) << 128n) | (dHash(rg, size) << 64n) | dHash(by, size);
}

/**
 * The page's half of `gridsOf`: decodes each picture, draws it `width` px
 * wide and returns its red, green and blue planes of `size` x `size` box averages.
 */
const reduceToGrids = async ({
  batch,
  size,
  width,
}: {
  batch: string[];
  size: number;
  width: number;
}): Promise<number[][]> => {
  const result: number[][] = [];
  for (const url of batch) {
    const img = new Image();
    img.src = url;
    await img.decode();
    const w = width;
    const h = Math.round((width * img.naturalHeight) / img.naturalWidth);
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d canvas");
    ctx.drawImage(img, 0, 0, w, h);
    const px = ctx.getImageData(0, 0, w, h).data;
    // three planes (R, G, B) of box averages, row-major
    const sum = new Array<number>(3 * size * size).fill(0);
    const cnt = new Array<number>(size * size).fill(0);
    for (let y = 0; y < h; y++) {
      const gy = Math.floor((y * size) / h);
      for (let x = 0; x < w; x++) {
        const k = gy * size + Math.floor((x * size) / w);
        const o = (y * w + x) * 4;
        for (let c = 0; c < 3; c++)
          sum[c * size * size + k] = (sum[c * size * size + k] ?? 0) + (px[o + c] ?? 0);
        cnt[k] = (cnt[k] ?? 0) + 1;
      }
    }
    result.push(sum.map((s, i) => Math.round((s / (cnt[i % (size * size)] ?? 1)) * 10) / 10));
  }
  return result;
};

/**
 * Decodes pictures (data: URLs) in the browser, each drawn at `width` px
 * wide, and returns, per picture in the order given, its red, green and blue
 * planes of GRID x GRID box averages (0-255), one after the other. Kept in
 * the measure cache under the pictures' bytes and this code (measure-cache.ts):
 * the browser is asked for only when they were not measured before.
 */
export async function gridsOf(
  source: BrowserSource,
  urls: readonly string[],
  width = 300,
): Promise<number[][]> {
  return cachedMeasure("grids", [reduceToGrids.toString(), GRID, width, ...urls], async () => {
    const page = await (await browserOf(source)).newPage();
    try {
      // tsx keeps function names with a helper the page does not have
      await page.evaluate("globalThis.__name = (f) => f");
      const grids: number[][] = [];
      // a batch at a time keeps each evaluate call's payload small
      for (let i = 0; i < urls.length; i += 40) {
        const batch = urls.slice(i, i + 40);
        grids.push(...(await page.evaluate(reduceToGrids, { batch, size: GRID, width })));
      }
      return grids;
    } finally {
      await page.close();
    }
  });
}

/** The committed mini bitmap of a card as a data: URL. */
export function bitmapUrl(publicDir: string, id: number): string {
  const file = join(publicDir, CARD_DIR, `${id}-mini.webp`);
  if (!existsSync(file)) throw new Error(`no bitmap ${file}: run the art rasteriser`);
  return `data:image/webp;base64,${readFileSync(file).toString("base64")}`;
}

/** Hashes of every catalogue card's mini picture in `publicDir`. */
export async function hashCards(
  browser: BrowserSource,
  publicDir = PUBLIC_DIR,
  only?: ReadonlySet<number>,
): Promise<CardHash[]> {
  const cards = [...CARDS].filter((c) => !only || only.has(c.id)).sort((a, b) => a.id - b.id);
  const grids = await gridsOf(
    browser,
    cards.map((c) => bitmapUrl(publicDir, c.id)),
  );
  return cards.map((c, i) => {
    const g = grids[i] ?? [];
    return { id: c.id, name: c.name, hash: colourHash(g) };
  });
}

/** Every pair with its two distances. */
export function allPairs(hashes: readonly CardHash[]): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i < hashes.length; i++) {
    for (let j = i + 1; j < hashes.length; j++) {
      const a = hashes[i];
      const b = hashes[j];
      if (!a || !b) continue;
      pairs.push({ a, b, d: hamming(a.hash, b.hash) });
    }
  }
  return pairs;
}

export function isAlike(pair: Pair): boolean {
  return pair.d < ALIKE;
}

/** Percentiles and a histogram line of one distance. */
function describe(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return `min ${s[0]} p0.1 ${at(0.001)} p1 ${at(0.01)} p5 ${at(0.05)} median ${at(0.5)} max ${s[s.length - 1]}`;
}

/** Writes a PNG of every card's mini bitmap, 12 to a row, with its id. */
async function contactSheet(
  browser: Browser,
  publicDir: string,
  file: string,
  only?: ReadonlySet<number>,
): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 12 * 152, height: 800 } });
  const cards = [...CARDS].filter((c) => !only || only.has(c.id)).sort((a, b) => a.id - b.id);
  const cells = cards
    .map((c) => {
      const b64 = readFileSync(join(publicDir, CARD_DIR, `${c.id}-mini.webp`)).toString("base64");
      return `<figure><img src="data:image/webp;base64,${b64}"><figcaption>${c.id} ${c.name.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</figcaption></figure>`;
    })
    .join("");
  await page.setContent(
    `<style>body{margin:0;background:#111;display:flex;flex-wrap:wrap;font:9px sans-serif;color:#ccc}figure{margin:2px;width:148px}img{width:148px;height:111px;display:block}figcaption{white-space:nowrap;overflow:hidden}</style>${cells}`,
  );
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
}

/** Bits of margin `--suggest` keeps above ALIKE (a re-bake moves a hash by a bit or two). */
const MARGIN = 4;

/**
 * For each pair closer than ALIKE + MARGIN, tries seed words on the higher
 * id (drawing its SVG in the page) until it is that far from every other
 * card, and prints the SEED_WORDS entries to add to card-art.ts.
 */
async function suggest(browser: Browser, hashes: CardHash[], pairs: Pair[]): Promise<void> {
  const byId = new Map(CARDS.map((c) => [c.id, c]));
  const lookup = (id: number): CardDef | undefined => byId.get(id);
  const found: Record<number, string> = {};
  const close = pairs.filter((p) => p.d < ALIKE + MARGIN).sort((x, y) => x.d - y.d);
  for (const p of close) {
    const id = Math.max(p.a.id, p.b.id);
    const card = byId.get(id);
    const mine = hashes.find((h) => h.id === id);
    if (!card || !mine || found[id] !== undefined) continue;
    if (
      Math.min(...hashes.filter((h) => h.id !== id).map((h) => hamming(h.hash, mine.hash))) >=
      ALIKE + MARGIN
    )
      continue;
    for (const word of "abcdefghijklmnopqrstuvwxyz") {
      const svg = cardArt(card, "mini", lookup, word);
      const [grid = []] = await gridsOf(browser, [
        `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      ]);
      const hash = colourHash(grid);
      const nearest = Math.min(
        ...hashes.filter((h) => h.id !== id).map((h) => hamming(h.hash, hash)),
      );
      if (nearest >= ALIKE + MARGIN) {
        found[id] = word;
        mine.hash = hash;
        break;
      }
    }
  }
  console.log("add to SEED_WORDS in tools/art/card-art.ts:");
  for (const [id, word] of Object.entries(found)) console.log(`  ${id}: "${word}",`);
}

async function main(argv: readonly string[]): Promise<void> {
  const arg = (flag: string): string | undefined => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const publicDir = resolve(arg("--public") ?? PUBLIC_DIR);
  const ids = arg("--ids");
  const only = ids ? new Set(ids.split(",").map(Number)) : undefined;
  const sheet = arg("--sheet");
  const browser = await launch();
  try {
    const hashes = await hashCards(browser, publicDir, only);
    const pairs = allPairs(hashes);
    console.log(`${hashes.length} cards, ${pairs.length} pairs, in ${publicDir}`);
    console.log(`colour dHash distance (bits of 192): ${describe(pairs.map((p) => p.d))}`);
    const hist = new Map<number, number>();
    for (const p of pairs)
      hist.set(Math.floor(p.d / 8) * 8, (hist.get(Math.floor(p.d / 8) * 8) ?? 0) + 1);
    console.log(
      `histogram: ${[...hist.entries()]
        .sort(([a], [b]) => a - b)
        .map(([k, n]) => `${k}-${k + 7}: ${n}`)
        .join(", ")}`,
    );
    console.log(`alike (under ${ALIKE} bits): ${pairs.filter(isAlike).length} pairs`);
    const nearest = [...pairs].sort((x, y) => x.d - y.d).slice(0, 15);
    for (const p of nearest)
      console.log(`  ${p.d}  ${p.a.id} ${p.a.name}  ~  ${p.b.id} ${p.b.name}`);
    if (argv.includes("--suggest")) await suggest(browser, hashes, pairs);
    if (sheet) {
      await contactSheet(browser, publicDir, resolve(sheet), only);
      console.log(`contact sheet: ${sheet}`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
