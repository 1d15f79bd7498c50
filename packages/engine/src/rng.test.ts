import { describe, expect, it } from "vitest";
import { coinFlip, nextFloat, nextInt, rngFromSeed, shuffleInPlace } from "./rng.ts";

describe("seeded rng", () => {
  it("is a pure function of its state: same seed, same sequence", () => {
    const a = { rng: rngFromSeed(42) };
    const b = { rng: rngFromSeed(42) };
    const seqA = Array.from({ length: 20 }, () => nextFloat(a));
    const seqB = Array.from({ length: 20 }, () => nextFloat(b));
    expect(seqA).toEqual(seqB);
    expect(a.rng).toBe(b.rng);
  });

  it("gives different sequences for different seeds, even far above 2^32", () => {
    expect(rngFromSeed(1)).not.toBe(rngFromSeed(2));
    expect(rngFromSeed(2 ** 40)).not.toBe(rngFromSeed(2 ** 40 + 2 ** 33));
  });

  it("stays in range", () => {
    const h = { rng: rngFromSeed(7) };
    let bad = 0;
    for (let i = 0; i < 10_000; i++) {
      const f = nextFloat(h);
      const n = nextInt(h, 5);
      if (!(f >= 0 && f < 1) || !(Number.isInteger(n) && n >= 0 && n < 5)) bad++;
    }
    expect(bad).toBe(0);
  });

  it("is roughly uniform", () => {
    const h = { rng: rngFromSeed(3) };
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 50_000; i++) {
      const k = nextInt(h, 5);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    for (const c of counts) expect(c).toBeGreaterThan(8_000);
  });

  it("shuffles into a permutation, deterministically", () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    const a = items.slice();
    const b = items.slice();
    shuffleInPlace({ rng: rngFromSeed(9) }, a);
    shuffleInPlace({ rng: rngFromSeed(9) }, b);
    expect(a).toEqual(b);
    expect(a).not.toEqual(items);
    expect(a.slice().sort((x, y) => x - y)).toEqual(items);
  });

  it("flips the PvP opener coin deterministically, both ways", () => {
    expect(coinFlip(5)).toBe(coinFlip(5));
    const seen = new Set(Array.from({ length: 50 }, (_, i) => coinFlip(i)));
    expect(seen).toEqual(new Set([0, 1]));
  });
});
