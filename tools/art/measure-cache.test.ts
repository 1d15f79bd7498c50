import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedMeasure } from "./measure-cache.ts";

describe("the art checks' measure cache", () => {
  let dir = "";
  const before = process.env.ART_MEASURE_CACHE;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "h-measure-cache-"));
    process.env.ART_MEASURE_CACHE = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.ART_MEASURE_CACHE;
    else process.env.ART_MEASURE_CACHE = before;
    rmSync(dir, { recursive: true, force: true });
  });

  /** A measurement that counts how often it really ran. */
  function counter() {
    let runs = 0;
    return {
      measure: async () => {
        runs++;
        return [[runs, 2.5]];
      },
      runs: () => runs,
    };
  }

  it("measures the same pictures and code once, and gives back what was measured", async () => {
    const m = counter();
    const first = await cachedMeasure("grids", ["code", 300, "data:a"], m.measure);
    const again = await cachedMeasure("grids", ["code", 300, "data:a"], m.measure);
    expect(again).toEqual(first);
    expect(m.runs()).toBe(1);
  });

  it("measures afresh when a picture, the page code or a parameter changed", async () => {
    const m = counter();
    await cachedMeasure("grids", ["code", 300, "data:a"], m.measure);
    await cachedMeasure("grids", ["code", 300, "data:b"], m.measure);
    await cachedMeasure("grids", ["code changed", 300, "data:a"], m.measure);
    await cachedMeasure("grids", ["code", 200, "data:a"], m.measure);
    expect(m.runs()).toBe(4);
  });

  it("measures every time with ART_MEASURE_CACHE=0", async () => {
    process.env.ART_MEASURE_CACHE = "0";
    const m = counter();
    await cachedMeasure("grids", ["code"], m.measure);
    await cachedMeasure("grids", ["code"], m.measure);
    expect(m.runs()).toBe(2);
  });
});
