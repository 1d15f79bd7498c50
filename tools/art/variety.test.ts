/**
 * The card pictures are composed with variety (variety.ts, docs/art.md): the
 * largest units fill far more of their frame than the smallest, and every
 * faction is drawn in several settings, not one sky. Measured on the committed
 * art; ART_PUBLIC_DIR=<another apps/client/public> measures that tree instead.
 * On the silhouettes-on-a-dusk-sky art before issue 26 both fail: spread 2.52
 * (largest 11.3%), backgrounds 1-2 per faction, mean 1.22 (docs/art.md).
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath, lazyBrowser } from "./measure-cache.ts";
import {
  backdropGroups,
  backgroundsPerFaction,
  type LitFigures,
  type Spread,
  subjectLight,
  subjectSpread,
} from "./variety.ts";

const haveChromium = existsSync(chromiumPath());

/** Lit subjects (docs/art.md "Figures"): median luminance inside the figure, near-black share, spread. */
const MIN_MEAN = 70;
const MAX_BLACK = 0.25;
const MIN_SPREAD = 32;

describe("backdrop groups", () => {
  it("count two pictures of one sky as one background, and a second sky as another", () => {
    const dusk = Array.from({ length: 48 }, () => 40);
    const day = Array.from({ length: 48 }, () => 200);
    expect(backdropGroups([dusk, dusk, dusk])).toBe(1);
    expect(backdropGroups([dusk, day, dusk, day])).toBe(2);
    // a single odd picture is not a setting
    expect(backdropGroups([dusk, dusk, day])).toBe(1);
  });
});

describe.skipIf(!haveChromium && !process.env.CI)("card art variety", () => {
  // launched only for what the measure cache lacks (measure-cache.ts)
  const browser = lazyBrowser();
  let spread: Spread | undefined;
  let backgrounds = new Map<string, number>();
  let lit: LitFigures | undefined;

  beforeAll(async () => {
    const dir = process.env.ART_PUBLIC_DIR || undefined;
    spread = await subjectSpread(browser.get, dir);
    backgrounds = await backgroundsPerFaction(browser.get, dir);
    lit = await subjectLight(browser.get, dir);
  }, 240_000);

  afterAll(async () => {
    await browser.close();
  });

  it("sizes units by what they are: the largest fill at least 5 times the frame the smallest do", () => {
    expect(spread?.ratio, JSON.stringify(spread)).toBeGreaterThanOrEqual(5);
    // and a behemoth fills the frame: a fifth of it or more, by median
    expect(spread?.large).toBeGreaterThanOrEqual(0.2);
  });

  it("draws every faction in at least three settings", () => {
    const counts = [...backgrounds.values()];
    expect(counts.length).toBeGreaterThan(5);
    // demons measured 2 until their storms turned sulphur (card-backdrop.ts SETTING_COLOURS)
    expect([...backgrounds.entries()].filter(([, n]) => n < 3)).toEqual([]);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(mean, JSON.stringify([...backgrounds])).toBeGreaterThanOrEqual(2.5);
  });

  it("paints subjects as lit bodies, not dark silhouettes: mid-tones, highlights and shadows inside the figure", () => {
    const detail = JSON.stringify(lit);
    // a silhouette is dark inside; a lit body's middle tones sit well above black
    expect(lit?.all.mean, detail).toBeGreaterThanOrEqual(MIN_MEAN);
    expect(lit?.all.black, detail).toBeLessThanOrEqual(MAX_BLACK);
    // and it is modelled: light and shade inside it, not one flat value
    expect(lit?.all.spread, detail).toBeGreaterThanOrEqual(MIN_SPREAD);
    // the biggest units too (they read as a shaded mass when dark)
    expect(lit?.largest.mean, detail).toBeGreaterThanOrEqual(MIN_MEAN);
    expect(lit?.largest.black, detail).toBeLessThanOrEqual(MAX_BLACK);
  });
});
