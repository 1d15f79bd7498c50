/**
 * Measures of the opponent portraits (`static/media/opponent-N.webp`, baked
 * by rasterise.ts from the SVG ui/portraits.ts makes; the SVG where there is
 * no bake), drawn by headless Chromium as the client shows them:
 *
 * - the colour dHash of each (distinct.ts), so no two opponents look alike;
 * - how lit the middle is: inside the central disc (where the sitter is), the
 *   mean luminance and the share of near-black pixels (luminance under 40).
 *   A black figure with a rim on a night sky (the portraits before issue 26's
 *   second pass) is mostly near-black there; a painted figure is not.
 *
 *   npx tsx tools/art/portrait-check.ts                 figures and the nearest pairs
 *   npx tsx tools/art/portrait-check.ts --public DIR    the same for another public folder
 *   npx tsx tools/art/portrait-check.ts --sheet FILE    also a contact sheet PNG
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { MEDIA_DIR, PUBLIC_DIR } from "./build.ts";
import { type CardHash, colourHash, GRID, gridsOf, hamming } from "./distinct.ts";
import { launch } from "./measure-cache.ts";

/** One portrait's file and what it shows. */
export interface PortraitFile {
  id: number;
  name: string;
  url: string;
}

/** Every story and bot opponent's portrait in `publicDir` (opponent-0, the PvP fallback, is not one). */
export function portraitFiles(publicDir = PUBLIC_DIR): PortraitFile[] {
  const dir = join(publicDir, MEDIA_DIR);
  return readdirSync(dir)
    .map((n) => /^opponent-(\d+)\.svg$/.exec(n))
    .filter((m): m is RegExpExecArray => m !== null && m[1] !== "0")
    .map((m) => {
      const svg = readFileSync(join(dir, m[0]), "utf8");
      const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? m[0];
      // what the client shows: the WebP bake (rasterise.ts), or the SVG where there is none
      const webp = join(dir, m[0].replace(/\.svg$/, ".webp"));
      const url = existsSync(webp)
        ? `data:image/webp;base64,${readFileSync(webp).toString("base64")}`
        : `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
      return { id: Number(m[1]), name: title, url };
    })
    .sort((a, b) => a.id - b.id);
}

/** What the middle of a portrait looks like. */
export interface PortraitMeasure extends CardHash {
  /** Mean luminance (0-255) inside the central disc. */
  centreLuma: number;
  /** Share (0-1) of the central disc's cells under luminance 40. */
  centreBlack: number;
}

/** Rec. 601 luminance of cell k of an RGB grid. */
function luma(grid: readonly number[], k: number): number {
  const n = GRID * GRID;
  return 0.299 * (grid[k] ?? 0) + 0.587 * (grid[n + k] ?? 0) + 0.114 * (grid[2 * n + k] ?? 0);
}

/** Luminance of the cells inside the disc of radius 0.4 (of the side) around the centre. */
export function centreLumas(grid: readonly number[]): number[] {
  const out: number[] = [];
  const c = (GRID - 1) / 2;
  for (let y = 0; y < GRID; y++)
    for (let x = 0; x < GRID; x++)
      if (Math.hypot(x - c, y - c) <= GRID * 0.4) out.push(luma(grid, y * GRID + x));
  return out;
}

/** Hashes and centre measures of every portrait, each drawn 256 px wide. */
export async function measurePortraits(
  browser: Browser,
  publicDir = PUBLIC_DIR,
): Promise<PortraitMeasure[]> {
  const files = portraitFiles(publicDir);
  const grids = await gridsOf(
    browser,
    files.map((f) => f.url),
    256,
  );
  return files.map((f, i) => {
    const g = grids[i] ?? [];
    const centre = centreLumas(g);
    return {
      id: f.id,
      name: f.name,
      hash: colourHash(g),
      centreLuma: centre.reduce((a, b) => a + b, 0) / Math.max(1, centre.length),
      centreBlack: centre.filter((l) => l < 40).length / Math.max(1, centre.length),
    };
  });
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

/** Writes a PNG of every portrait at 160 px (a map medallion's size), 7 to a row. */
async function contactSheet(browser: Browser, publicDir: string, file: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 7 * 172, height: 600 } });
  const cells = portraitFiles(publicDir)
    .map(
      (p) =>
        `<figure><img src="${p.url}"><figcaption>${p.id} ${p.name.replace(/</g, "&lt;")}</figcaption></figure>`,
    )
    .join("");
  await page.setContent(
    `<style>body{margin:0;background:#111;display:flex;flex-wrap:wrap;font:11px sans-serif;color:#ccc}figure{margin:6px;width:160px}img{width:160px;height:160px;display:block;border-radius:50%}figcaption{white-space:nowrap;overflow:hidden;text-align:center}</style>${cells}`,
  );
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
}

async function main(argv: readonly string[]): Promise<void> {
  const arg = (flag: string): string | undefined => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const publicDir = resolve(arg("--public") ?? PUBLIC_DIR);
  const browser = await launch();
  try {
    const ms = await measurePortraits(browser, publicDir);
    console.log(`${ms.length} portraits in ${publicDir}`);
    for (const m of ms)
      console.log(
        `  ${m.id} ${m.name}: centre luminance ${m.centreLuma.toFixed(1)}, near-black ${(m.centreBlack * 100).toFixed(1)}%`,
      );
    console.log(
      `median centre luminance ${median(ms.map((m) => m.centreLuma)).toFixed(1)}, near-black ${(median(ms.map((m) => m.centreBlack)) * 100).toFixed(1)}%`,
    );
    const pairs = ms.flatMap((a, i) =>
      ms.slice(i + 1).map((b) => ({ a, b, d: hamming(a.hash, b.hash) })),
    );
    pairs.sort((x, y) => x.d - y.d);
    console.log("nearest pairs (bits of 192):");
    for (const p of pairs.slice(0, 6)) console.log(`  ${p.d}  ${p.a.name} ~ ${p.b.name}`);
    const sheet = arg("--sheet");
    if (sheet) {
      await contactSheet(browser, publicDir, resolve(sheet));
      console.log(`contact sheet: ${sheet}`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
