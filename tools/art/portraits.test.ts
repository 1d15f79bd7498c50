/**
 * The opponents' portraits (ui/portraits.ts, measured by portrait-check.ts
 * in Chromium): no two opponents look alike (the cards' colour dHash and
 * threshold, distinct.ts), and each is a painted, lit figure rather than a
 * black shape on a night sky: the central disc, where the sitter is, is lit.
 *
 * ART_PUBLIC_DIR=<another apps/client/public> measures that tree instead: on
 * the portraits before (comic silhouettes, ink with a rim) the lit test fails
 * (docs/art.md "Opponent portraits").
 */
import { existsSync } from "node:fs";
import { OPPONENTS } from "@cardrealm/content";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALIKE, hamming } from "./distinct.ts";
import { chromiumPath, launch } from "./measure-cache.ts";
import { measurePortraits, median, type PortraitMeasure } from "./portrait-check.ts";

const haveChromium = existsSync(chromiumPath());

/** The central disc's median luminance at least this, its near-black share at most that. */
const MIN_CENTRE_LUMA = 60;
const MAX_CENTRE_BLACK = 0.3;

describe.skipIf(!haveChromium && !process.env.CI)("opponent portraits", () => {
  let browser: Browser | undefined;
  let ms: PortraitMeasure[] = [];

  beforeAll(async () => {
    browser = await launch();
    ms = await measurePortraits(browser, process.env.ART_PUBLIC_DIR || undefined);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it(`differ pairwise in at least ${ALIKE} of 192 hash bits`, () => {
    expect(ms.length).toBe(OPPONENTS.length);
    const alike: string[] = [];
    ms.forEach((a, i) => {
      for (const b of ms.slice(i + 1)) {
        const d = hamming(a.hash, b.hash);
        if (d < ALIKE) alike.push(`${a.name} ~ ${b.name}: ${d} bits`);
      }
    });
    expect(alike, "these portraits look alike").toEqual([]);
  });

  it("show a lit sitter, not a black shape: the centre is lit", () => {
    const detail = ms
      .map((m) => `${m.id} ${m.centreLuma.toFixed(0)}/${(m.centreBlack * 100).toFixed(0)}%`)
      .join(", ");
    expect(median(ms.map((m) => m.centreLuma)), detail).toBeGreaterThanOrEqual(MIN_CENTRE_LUMA);
    expect(median(ms.map((m) => m.centreBlack)), detail).toBeLessThanOrEqual(MAX_CENTRE_BLACK);
  });
});
