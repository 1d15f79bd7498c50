/**
 * Bakes the full-screen backdrops (the world map, the battle backgrounds, the
 * login scene) from the pipeline's SVGs into WebP bitmaps next to them.
 *
 * Why: Chromium paints SVG images on the main thread; the world map (hundreds
 * of paths, a clipped land group) cost 0.7-1.4 s per raster and was the map's
 * LCP element (bench/RESULTS.md). A bitmap decodes off the main thread.
 * The SVGs stay the source: run this after `tools/art/build.ts` changes them.
 *
 *   npm run art:rasterise -w @cardrealm/tools      (or npx tsx tools/art/rasterise.ts)
 *
 * Uses headless Chromium (/usr/bin/chromium, CHROMIUM_PATH to change): the
 * SVG is drawn into a canvas and encoded with canvas.toDataURL("image/webp").
 * Output is committed like the SVGs; the client build and tests never run this.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { MEDIA_DIR, PUBLIC_DIR } from "./build.ts";

/** The backdrops that get a bitmap, by file name without extension. */
export const BACKDROPS = ["world-map", "defaultBG", "vampireBG", "login-bg"] as const;

/** Output width in pixels (height follows the SVG's aspect ratio) and WebP quality. */
export const WIDTH = 1280;
export const QUALITY = 0.75;

/** Draws one SVG (markup) at `width` px wide in the page and returns WebP bytes. */
async function svgToWebp(
  page: import("playwright-core").Page,
  svg: string,
  width: number,
  quality: number,
): Promise<Buffer> {
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

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  });
  try {
    const page = await browser.newPage();
    for (const name of BACKDROPS) {
      const dir = join(PUBLIC_DIR, MEDIA_DIR);
      const svg = readFileSync(join(dir, `${name}.svg`), "utf8");
      const webp = await svgToWebp(page, svg, WIDTH, QUALITY);
      writeFileSync(join(dir, `${name}.webp`), webp);
      console.log(`${MEDIA_DIR}/${name}.webp  ${(webp.length / 1024).toFixed(1)} KB`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
