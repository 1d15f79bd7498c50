import { CATALOGUE, expandDeck, STARTER_DECK } from "@cardrealm/content";
import type { Side } from "@cardrealm/engine";
import { describe, expect, it } from "vitest";
import { TIERS, type Tier } from "./choose.ts";
import { playGame } from "./match.ts";
import {
  END_TURN_DELAY_MS,
  humanDelays,
  opponentAi,
  PLAY_DELAY_MS,
  tierForStrength,
} from "./strength.ts";

const starter = expandDeck([...STARTER_DECK]);
/**
 * A strong, fast troll deck (the troll queen's list before balance tuning),
 * fixed here so that retuning the opponents does not move this test.
 */
const trollQueen = expandDeck(
  (
    [
      [1093, 3],
      [1092, 3],
      [1087, 4],
      [1086, 5],
      [1091, 3],
      [1095, 3],
      [1094, 3],
      [1088, 3],
      [1109, 2],
      [1110, 2],
      [1044, 5],
      [1043, 2],
      [1104, 2],
    ] as const
  ).map(([id, amount]) => ({ id, amount })),
);

/**
 * `games` mirror games (both sides the same deck, openers alternating) of
 * tier `a` against tier `b`, half with the starter deck, half with the
 * troll queen's: a slow, blocking deck and a fast one. Returns [won, lost].
 */
function series(a: Tier, b: Tier, games: number): [number, number] {
  let won = 0;
  let lost = 0;
  for (let i = 0; i < games; i++) {
    const deck = i % 4 < 2 ? starter : trollQueen;
    const aSide: Side = i % 2 === 0 ? 0 : 1;
    const players = [
      { setup: { name: "P0", deck }, ai: { tier: aSide === 0 ? a : b, seed: 1000 + i } },
      { setup: { name: "P1", deck }, ai: { tier: aSide === 1 ? a : b, seed: 2000 + i } },
    ] as const;
    const r = playGame(players, CATALOGUE, {
      seed: 77_000 + i,
      opener: (i >> 1) % 2 === 0 ? 0 : 1,
    });
    if (r.winner === aSide) won++;
    else if (r.winner !== null) lost++;
  }
  return [won, lost];
}

describe("tiers", () => {
  // Each pair plays the games its margin needs (seeded, so the figures are
  // exact; docs/testing.md): normal beats easy 37-3 in 40 games and boss beats
  // hard 67-33 in 100, so those are held to a share a tier playing like the one
  // below cannot reach (easy against easy goes 25-15 in those 40 games, hard
  // against hard 37-63 in those 100: both fail). Hard against normal is close
  // (49-51 after 100 games, 111-89 after 200) and keeps its 200 games and
  // "more won than lost". The three took 600 games: 55 s beside a full suite.
  it.each([
    ["normal", "easy", 40, 3],
    ["hard", "normal", 200, 1],
    ["boss", "hard", 100, 1.5],
  ] as const)(
    "%s beats %s over %i games: won > %d x lost",
    (upper, lower, games, ratio) => {
      const [won, lost] = series(upper, lower, games);
      expect(won, `${upper} won ${won}, lost ${lost}`).toBeGreaterThan(lost * ratio);
    },
    // whole games of CPU: past 30 s beside a full suite on 2 cores.
    120_000,
  );

  it("maps each opponent strength to its tier", () => {
    for (const tier of TIERS) expect(tierForStrength(tier)).toBe(tier);
    expect(opponentAi({ strength: "boss" }, 5)).toEqual({ tier: "boss", seed: 5 });
    expect(opponentAi({ strength: "normal", isBot: true }, 5).noise).toBeGreaterThan(0);
  });
});

describe("humanDelays", () => {
  it("stays inside product.md's ranges and is deterministic", () => {
    for (let seed = 0; seed < 500; seed++) {
      const d = humanDelays(seed);
      expect(d).toEqual(humanDelays(seed));
      expect(d.beforePlayMs).toBeGreaterThanOrEqual(PLAY_DELAY_MS.min);
      expect(d.beforePlayMs).toBeLessThanOrEqual(PLAY_DELAY_MS.max);
      expect(d.beforeEndTurnMs).toBeGreaterThanOrEqual(END_TURN_DELAY_MS.min);
      expect(d.beforeEndTurnMs).toBeLessThanOrEqual(END_TURN_DELAY_MS.max);
    }
    const distinct = new Set(Array.from({ length: 50 }, (_, s) => humanDelays(s).beforePlayMs));
    expect(distinct.size).toBeGreaterThan(20);
  });
});
