import { describe, expect, it } from "vitest";
import { medianThinkMs, THINK_MS, thinkDelays, thinkMs } from "./think-time.ts";

const seeds = Array.from({ length: 400 }, (_, i) => (i * 2_654_435_761 + 17) >>> 0);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

describe("the arena bot's think times (issue 24 item 7)", () => {
  it("grow with the number of legal options", () => {
    const few = median(seeds.map((s) => thinkMs(s, 2)));
    const some = median(seeds.map((s) => thinkMs(s, 10)));
    const many = median(seeds.map((s) => thinkMs(s, 25)));
    expect(few).toBeLessThan(some);
    expect(some).toBeLessThan(many);
    expect(medianThinkMs(25)).toBeGreaterThan(2 * medianThinkMs(2));
  });

  it("are not the old flat 1-3 s: they spread like a person's, with occasional quick turns", () => {
    const waits = seeds.map((s) => thinkMs(s, 20));
    const quick = waits.filter((w) => w <= THINK_MS.quickMax).length / waits.length;
    expect(quick).toBeGreaterThan(0.08);
    expect(quick).toBeLessThan(0.25);
    expect(Math.max(...waits)).toBeGreaterThan(5_000);
    for (const w of waits) {
      expect(w).toBeGreaterThanOrEqual(THINK_MS.min);
      expect(w).toBeLessThanOrEqual(THINK_MS.max);
    }
  });

  it("are seeded: the same seed and options give the same waits", () => {
    expect(thinkDelays(42, 9)).toEqual(thinkDelays(42, 9));
    expect(thinkDelays(42, 9)).not.toEqual(thinkDelays(43, 9));
  });
});
