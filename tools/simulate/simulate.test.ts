import { describe, expect, it } from "vitest";
import { contestant, simulate, wilson } from "./simulate.ts";

describe("simulate", () => {
  it("gives the same report for the same seed", () => {
    const run = (seed: number) =>
      simulate({
        a: contestant("starter"),
        b: contestant("opponent:6"),
        games: 20,
        seed,
        opener: "alternate",
      });
    const first = run(3);
    expect(run(3)).toEqual(first);
    expect(first.winsA + first.winsB + first.draws).toBe(20);
    expect(first.opening.games + first.notOpening.games).toBe(20);
    expect(first.ci95[0]).toBeLessThanOrEqual(first.winRate);
    expect(first.ci95[1]).toBeGreaterThanOrEqual(first.winRate);
  });

  it("reads deck specs", () => {
    const opp = contestant("opponent:30");
    expect(opp.hp).toBe(opp.opponent?.hp);
    expect(opp.ai.tier).toBe("boss");
    expect(contestant("starter", "hard").ai.tier).toBe("hard");
    expect(contestant("1001,1001,1097").deck).toEqual([1001, 1001, 1097]);
    expect(() => contestant("opponent:99")).toThrow();
    expect(() => contestant("1001,banana")).toThrow();
  });

  it("computes the Wilson interval", () => {
    const [lo, hi] = wilson(80, 100);
    expect(lo).toBeCloseTo(0.711, 3);
    expect(hi).toBeCloseTo(0.867, 3);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
  });
});
