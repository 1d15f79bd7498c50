/**
 * The AI's own seeded generator (never Math.random): a mulberry32 holder from
 * the engine, seeded from the caller's seed mixed with the state, so the same
 * state and seed always give the same decision, and each turn differs.
 */
import {
  type BattleState,
  nextFloat,
  nextInt,
  type RngHolder,
  rngFromSeed,
} from "@cardrealm/engine";

function mix(h: number, v: number): number {
  let x = (h ^ Math.imul(v | 0, 0x9e3779b1)) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) | 0;
}

/** A generator for one decision of `side` on `state`. */
export function decisionRng(seed: number, state: BattleState, side: number): RngHolder {
  let h = rngFromSeed(seed);
  h = mix(h, state.version);
  h = mix(h, state.turn);
  h = mix(h, side + 1);
  h = mix(h, state.rng);
  return { rng: h };
}

/** A fresh 32-bit seed drawn from a generator. */
export function nextSeed(rng: RngHolder): number {
  return Math.floor(nextFloat(rng) * 4294967296) | 0;
}

/** A float in [0, 1). */
export function float(rng: RngHolder): number {
  return nextFloat(rng);
}

/** An integer in [0, n). */
export function int(rng: RngHolder, n: number): number {
  return nextInt(rng, n);
}

/** An integer in [lo, hi], both ends included. */
export function between(rng: RngHolder, lo: number, hi: number): number {
  return lo + nextInt(rng, hi - lo + 1);
}

export { rngFromSeed };
