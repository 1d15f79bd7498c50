/**
 * Seeded randomness (architecture.md principle 2). The generator is
 * mulberry32: its whole state is one 32-bit integer, kept in the battle state
 * (`rng`), so a battle is a pure function of its seed and actions.
 */
import type { Side } from "./state.ts";

/** Anything that carries a generator state: the battle state, or a test's own holder. */
export interface RngHolder {
  rng: number;
}

/** Turns any finite number (even above 2^32) into a well-mixed 32-bit start state. */
export function rngFromSeed(seed: number): number {
  const safe = Number.isFinite(seed) ? Math.trunc(seed) : 0;
  const lo = safe >>> 0;
  const hi = Math.floor(safe / 4294967296) >>> 0;
  let h = (lo ^ Math.imul(hi, 0x9e3779b1) ^ 0x9e3779b9) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** A float in [0, 1); advances the holder's state. */
export function nextFloat(holder: RngHolder): number {
  holder.rng = (holder.rng + 0x6d2b79f5) | 0;
  let t = holder.rng;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [0, n); n must be >= 1. */
export function nextInt(holder: RngHolder, n: number): number {
  return Math.floor(nextFloat(holder) * n);
}

/** Fisher-Yates, in place. */
export function shuffleInPlace<T>(holder: RngHolder, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(holder, i + 1);
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
}

/** The PvP opener as a seeded coin flip (rules.md "The player who opens"). */
export function coinFlip(seed: number): Side {
  const holder = { rng: rngFromSeed(seed ^ 0x5eed) };
  return nextFloat(holder) < 0.5 ? 0 : 1;
}
