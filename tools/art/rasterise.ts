/**
 * Bakes the pipeline's SVGs that the screens show as bitmaps into WebP files
 * next to them: the full-screen backdrops (the world map, the battle
 * backgrounds, the login scene), every card's two art panels and the
 * opponents' portraits.
 *
 * Why: Chromium paints SVG images on the CPU at every raster of their layer.
 * The world map (hundreds of paths) cost 0.7-1.4 s per raster and was the
 * map's LCP element; the card panels' `feTurbulence` grain was re-rasterised
 * whenever a battle attack moved or scaled a card (bench/RESULTS.md). A
 * bitmap is decoded once, off the main thread.
 * The SVGs stay the source: run this after `tools/art/build.ts` changes them.
 *
 *   npm run art:rasterise -w @cardrealm/tools      (or npx tsx tools/art/rasterise.ts)
 *   ... -- --force                                 re-bake everything
 *
 * Only bitmaps whose SVG changed since the last bake (or that are missing)
 * are re-baked: the SHA-256 of each source SVG is kept in `rasterised.json`
 * beside this file, which `rasterise.test.ts` compares with the SVGs, so a
 * stale bitmap fails the tests. Card bitmaps without an SVG are removed.
 *
 * Uses headless Chromium (/usr/bin/chromium, CHROMIUM_PATH to change): the
 * SVG is drawn into a canvas and encoded with canvas.toDataURL("image/webp").
 * Output is committed like the SVGs; the client build and tests never run this.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OPPONENTS } from "@cardrealm/content";
import { chromium, type Page } from "playwright-core";
import { CARD_DIR, MEDIA_DIR, PUBLIC_DIR } from "./build.ts";

/** The backdrops that get a bitmap, by file name without extension. */
export const BACKDROPS = ["world-map", "defaultBG", "vampireBG", "login-bg"] as const;

/**
 * Sprite sheets the screens animate by CSS, with their bitmap width: Lyra's
 * 6 x 4 sheet (tutorial.css) is drawn 900 design px wide (six 150 px frames).
 * As an SVG image its 400-odd elements were parsed, styled, laid out (810
 * layout objects) and painted on the main thread during the map's first load
 * (~30 ms at 1x, bench/web/load-tasks.ts). 1152 px: sharp on phones (576 design px at the
 * stage's half scale, 1.75-2x device pixels) and 1.28 px a design pixel on desktop.
 */
export const SPRITES = [{ name: "guide-girl", width: 1152 }] as const;

/** Backdrop width in pixels (height follows the SVG's aspect ratio) and WebP quality. */
export const WIDTH = 1280;
export const QUALITY = 0.75;

/**
 * Card panel widths. The mini panel (SVG 200 x 150) is shown at most ~134 css
 * px wide (hand cards, 144 px); 300 px keeps it sharp at a device pixel ratio
 * of 2. The max panel (600 x 450) is shown at most ~372 css px wide (huge
 * card view) and at half that on a phone's scaled stage: its own size.
 */
export const CARD_WIDTH = { mini: 300, max: 600 } as const;
export type CardPanel = keyof typeof CARD_WIDTH;

/**
 * Portrait width: an opponent's portrait (SVG 256 x 256, painted parts with
 * form-shading filters) is shown at most ~240 css px (the story dialogue),
 * ~160 on the map's boss window and the battle's castle.
 */
export const PORTRAIT_WIDTH = 384;

/** Where the source hashes of the last bake are kept. */
export const MANIFEST = fileURLToPath(new URL("./rasterised.json", import.meta.url));

/** One bitmap to bake: paths relative to the public folder. */
export interface BakeTarget {
  svg: string;
  webp: string;
  width: number;
}

/** Every bitmap the screens show, from the SVGs in `publicDir`. */
export function bakeTargets(publicDir = PUBLIC_DIR): BakeTarget[] {
  const targets: BakeTarget[] = BACKDROPS.map((name) => ({
    svg: `${MEDIA_DIR}/${name}.svg`,
    webp: `${MEDIA_DIR}/${name}.webp`,
    width: WIDTH,
  }));
  for (const o of [...OPPONENTS].sort((a, b) => a.id - b.id))
    targets.push({
      svg: `${MEDIA_DIR}/opponent-${o.id}.svg`,
      webp: `${MEDIA_DIR}/opponent-${o.id}.webp`,
      width: PORTRAIT_WIDTH,
    });
  for (const { name, width } of SPRITES)
    targets.push({ svg: `${MEDIA_DIR}/${name}.svg`, webp: `${MEDIA_DIR}/${name}.webp`, width });
  for (const name of cardSvgs(publicDir)) {
    const panel: CardPanel = name.endsWith("-mini.svg") ? "mini" : "max";
    targets.push({
      svg: `${CARD_DIR}/${name}`,
      webp: `${CARD_DIR}/${name.replace(/\.svg$/, ".webp")}`,
      width: CARD_WIDTH[panel],
    });
  }
  return targets;
}

/** The card art panels' SVG file names, in card id order. */
export function cardSvgs(publicDir = PUBLIC_DIR): string[] {
  return readdirSync(join(publicDir, CARD_DIR))
    .filter((n) => /^\d+-(mini|max)\.svg$/.test(n))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
}

/** The hash of a source SVG the manifest keeps (first 16 hex digits of its SHA-256). */
export function sourceHash(svg: Buffer | string): string {
  return createHash("sha256").update(svg).digest("hex").slice(0, 16);
}

export type Manifest = Record<string, string>;

export function readManifest(): Manifest {
  return existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest) : {};
}

/** Draws one SVG (markup) at `width` px wide in the page and returns WebP bytes. */
async function svgToWebp(page: Page, svg: string, width: number, quality: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ svg, width, quality }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
      await img.decode();
      const height = Math.round((width * img.naturalHeight) / img.naturalWidth);
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d canvas");
      ctx.drawImage(img, 0, 0, width, height);
      return canvas.toDataURL("image/webp", quality);
    },
    { svg, width, quality },
  );
  if (!dataUrl.startsWith("data:image/webp;base64,"))
    throw new Error("this Chromium cannot encode WebP");
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/** Removes card bitmaps whose SVG is gone (a card left the catalogue). */
function removeOrphans(): string[] {
  const dir = join(PUBLIC_DIR, CARD_DIR);
  const orphans = readdirSync(dir).filter(
    (n) => /^\d+-(mini|max)\.webp$/.test(n) && !existsSync(join(dir, n.replace(/\.webp$/, ".svg"))),
  );
  for (const n of orphans) rmSync(join(dir, n));
  return orphans;
}

async function main(argv: readonly string[]): Promise<void> {
  const force = argv.includes("--force");
  const old = readManifest();
  const manifest: Manifest = {};
  const todo: BakeTarget[] = [];
  for (const t of bakeTargets()) {
    const hash = sourceHash(readFileSync(join(PUBLIC_DIR, t.svg)));
    manifest[t.svg] = hash;
    if (force || old[t.svg] !== hash || !existsSync(join(PUBLIC_DIR, t.webp))) todo.push(t);
  }
  let bytes = 0;
  if (todo.length > 0) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    });
    try {
      const page = await browser.newPage();
      for (const t of todo) {
        const svg = readFileSync(join(PUBLIC_DIR, t.svg), "utf8");
        const webp = await svgToWebp(page, svg, t.width, QUALITY);
        writeFileSync(join(PUBLIC_DIR, t.webp), webp);
        bytes += webp.length;
        if (t.svg.startsWith(MEDIA_DIR))
          console.log(`${t.webp}  ${(webp.length / 1024).toFixed(1)} KB`);
      }
    } finally {
      await browser.close();
    }
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(MANIFEST, `${JSON.stringify(sorted, null, 2)}\n`);
  const orphans = removeOrphans();
  console.log(
    `baked ${todo.length} of ${Object.keys(manifest).length} bitmaps (${(bytes / 1024).toFixed(0)} KB)` +
      `${orphans.length ? `; removed ${orphans.join(", ")}` : ""}`,
  );
  const cards = { mini: 0, max: 0 };
  for (const t of bakeTargets().filter((b) => b.svg.startsWith(CARD_DIR))) {
    const size = readFileSync(join(PUBLIC_DIR, t.webp)).length;
    cards[t.webp.endsWith("-mini.webp") ? "mini" : "max"] += size;
  }
  console.log(
    `card bitmaps in ${CARD_DIR}: mini ${(cards.mini / 1024).toFixed(0)} KB, max ${(cards.max / 1024).toFixed(0)} KB`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
