/**
 * No two card pictures look alike: the colour dHash (distinct.ts) of every
 * pair of committed mini bitmaps differs in at least ALIKE of 192 bits.
 * When this fails after a card was added, the message names the pair: change
 * what the art generator reads for one of them (card-art.ts) or give it a
 * different seed word, rebuild and re-bake the art (tools/README.md).
 *
 * ART_PUBLIC_DIR=<another apps/client/public> measures that tree instead: on
 * the glyph art before issue 15 it fails on Crypt Countess ~ Mirela (36 bits).
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALIKE,
  allPairs,
  type CardHash,
  colourHash,
  GRID,
  hamming,
  hashCards,
} from "./distinct.ts";
import { chromiumPath, lazyBrowser } from "./measure-cache.ts";

// The bitmaps are WebP, which only the browser decodes here. npm test needs
// Chromium for the journeys anyway; on CI a missing one fails (scripts/test.mjs).
const haveChromium = existsSync(chromiumPath());

/** A synthetic RGB grid: a flat background with a bright rectangle. */
function picture(
  bg: [number, number, number],
  fg: [number, number, number],
  box: [number, number, number, number],
): number[] {
  const [x0, y0, x1, y1] = box;
  const planes: number[] = [];
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < GRID; y++) {
      for (let x = 0; x < GRID; x++) {
        const inside = x >= x0 && x < x1 && y >= y0 && y < y1;
        // a gentle vertical gradient, as in a sky
        planes.push(((inside ? fg[c] : bg[c]) ?? 0) + y);
      }
    }
  }
  return planes;
}

describe("the colour dHash", () => {
  it("tells a shape on the left from the same shape on the right", () => {
    const left = colourHash(picture([20, 10, 40], [240, 200, 120], [2, 8, 12, 24]));
    const right = colourHash(picture([20, 10, 40], [240, 200, 120], [20, 8, 30, 24]));
    expect(hamming(left, left)).toBe(0);
    expect(hamming(left, right)).toBeGreaterThan(8);
  });

  it("tells a green subject from a red one of the same shape", () => {
    const green = colourHash(picture([20, 20, 20], [40, 220, 90], [8, 8, 24, 24]));
    const red = colourHash(picture([20, 20, 20], [220, 40, 60], [8, 8, 24, 24]));
    expect(hamming(green, red)).toBeGreaterThan(8);
  });
});

describe.skipIf(!haveChromium && !process.env.CI)("card pictures", () => {
  // launched only for what the measure cache lacks (measure-cache.ts)
  const browser = lazyBrowser();
  let hashes: CardHash[] = [];

  beforeAll(async () => {
    // ART_PUBLIC_DIR measures another tree's art (e.g. the old art of main)
    hashes = await hashCards(browser.get, process.env.ART_PUBLIC_DIR || undefined);
  }, 180_000);

  afterAll(async () => {
    await browser.close();
  });

  it(`differ pairwise in at least ${ALIKE} of 192 hash bits`, () => {
    expect(hashes.length).toBeGreaterThan(100);
    const alike = allPairs(hashes)
      .filter((p) => p.d < ALIKE)
      .map((p) => `${p.a.id} ${p.a.name} ~ ${p.b.id} ${p.b.name}: ${p.d} bits`);
    expect(alike, "these card pictures look alike").toEqual([]);
  });
});
