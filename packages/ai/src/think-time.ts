/**
 * How long the arena bot "thinks" before a move, like a person
 * (docs/decisions.md "Issue 24 items 6-8"): the more options it has, the
 * longer it takes, with a person's spread (a log-normal draw around a median
 * that grows with the options), and now and then a quick move. Seeded: the
 * same seed and options give the same wait, so tests can pin it.
 */

import { float, rngFromSeed } from "./rng.ts";
import type { HumanDelays } from "./strength.ts";

export const THINK_MS = {
  /** The median wait with a single option (only ending the turn). */
  base: 1300,
  /** Added to the median for each further legal option. */
  perOption: 260,
  /** Never longer than this (the turn is 50 s; a person rarely sits 12 s). */
  max: 12_000,
  /** Never shorter than this. */
  min: 600,
  /** A quick move: this chance, drawn in [quickMin, quickMax]. */
  quickChance: 0.15,
  quickMin: 600,
  quickMax: 1300,
} as const;

/** The median wait (ms) for a decision among `options` legal moves. */
export function medianThinkMs(options: number): number {
  return Math.min(THINK_MS.max, THINK_MS.base + THINK_MS.perOption * Math.max(0, options - 1));
}

/** One wait (ms) drawn for a decision among `options` legal moves. */
export function thinkMs(seed: number, options: number): number {
  const rng = { rng: rngFromSeed(seed) };
  if (float(rng) < THINK_MS.quickChance) {
    return Math.round(THINK_MS.quickMin + float(rng) * (THINK_MS.quickMax - THINK_MS.quickMin));
  }
  // About normal (Irwin-Hall of 4 uniforms, scaled to variance 1), for a log-normal spread.
  const z = (float(rng) + float(rng) + float(rng) + float(rng) - 2) * Math.sqrt(3);
  const ms = medianThinkMs(options) * Math.exp(0.3 * z);
  return Math.round(Math.min(THINK_MS.max, Math.max(THINK_MS.min, ms)));
}

/**
 * The bot's waits for one decision: before it plays a card and before it
 * ends its turn, each for `options` legal moves on the board as it stands.
 */
export function thinkDelays(seed: number, options: number): HumanDelays {
  return {
    beforePlayMs: thinkMs(seed, options),
    beforeEndTurnMs: thinkMs((seed ^ 0x5bd1e995) >>> 0, options),
  };
}
