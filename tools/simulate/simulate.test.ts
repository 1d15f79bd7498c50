import { describe, expect, it } from "vitest";
import {
  castleHitShare,
  contestant,
  idleShare,
  meanUnspent,
  median,
  medianLeft,
  simulate,
  wilson,
} from "./simulate.ts";

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

  it("counts each side's turns, contested turns, idle turns and unspent resources", () => {
    const r = simulate({
      a: contestant("starter"),
      b: contestant("opponent:2"),
      games: 10,
      seed: 5,
      opener: "a",
    });
    for (const p of [r.playA, r.playB]) {
      // Every turn but the last of a game ends with an end_turn.
      expect(p.turns).toBeGreaterThan(r.meanTurns * 10 * 0.4);
      expect(p.contested).toBeGreaterThan(0);
      expect(p.contested).toBeLessThanOrEqual(p.turns);
      expect(p.idle).toBeLessThanOrEqual(p.contested);
      expect(idleShare(p)).toBeGreaterThanOrEqual(0);
      expect(idleShare(p)).toBeLessThanOrEqual(1);
      // Income grows every turn, so something is left at some turn end.
      expect(meanUnspent(p)).toBeGreaterThan(0);
    }
    expect(r.capped).toBeLessThanOrEqual(r.games);
    expect(r.medianTurns).toBeGreaterThan(0);
  });

  it("records each side's resources left at every game's end and the games it hit the castle", () => {
    const r = simulate({
      a: contestant("starter"),
      b: contestant("opponent:6"),
      games: 6,
      seed: 2,
      opener: "a",
    });
    for (const p of [r.playA, r.playB]) {
      expect(p.leftAtEnd).toHaveLength(6);
      expect(p.leftAtEnd.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
      expect(medianLeft(p)).toBe(median(p.leftAtEnd));
      expect(p.castleHitGames).toBeGreaterThanOrEqual(0);
      expect(p.castleHitGames).toBeLessThanOrEqual(6);
      expect(castleHitShare(p)).toBe(p.castleHitGames / 6);
    }
    // Every game is won by bringing a castle to 0: the winner hit it.
    expect(r.playA.castleHitGames).toBeGreaterThanOrEqual(r.winsA);
    expect(r.playB.castleHitGames).toBeGreaterThanOrEqual(r.winsB);
  });

  it("counts no castle hit for a side that never attacks", () => {
    // Side b's deck is walls only (0 attack): it can never damage a castle.
    const walls = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 1019 : 1102));
    const r = simulate({
      a: contestant("starter"),
      b: { ...contestant(walls.join(",")), label: "walls" },
      games: 3,
      seed: 4,
      opener: "a",
    });
    expect(r.playB.castleHitGames).toBe(0);
    expect(castleHitShare(r.playB)).toBe(0);
    expect(r.playA.castleHitGames).toBe(3);
  });

  it("takes the median of odd and even lists", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
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
