/**
 * Opponent strength to AI tier, and the arena bot's "middling human" play
 * and waits (product.md section 4: for opponent 21, random extra waits of
 * 1000-2500 ms and 1000-3000 ms).
 */

import type { ChooseOptions, Tier } from "./choose.ts";
import { between, rngFromSeed } from "./rng.ts";

/** The strength levels of content's OpponentDef. */
export type Strength = "easy" | "normal" | "hard" | "boss";

/** The tier that plays an opponent of this strength (the names match one to one). */
export function tierForStrength(strength: Strength): Tier {
  switch (strength) {
    case "easy":
      return "easy";
    case "normal":
      return "normal";
    case "hard":
      return "hard";
    case "boss":
      return "boss";
  }
}

/** Noise of the arena bot: normal play, now and then a little off. */
export const ARENA_BOT_NOISE = 0.35;

/** The AI options of a computer opponent, from its strength (isBot: the arena bot). */
export function opponentAi(
  opponent: { strength: Strength; isBot?: boolean },
  seed: number,
): ChooseOptions {
  if (opponent.isBot) return { tier: "normal", seed, noise: ARENA_BOT_NOISE };
  return { tier: tierForStrength(opponent.strength), seed };
}

export interface HumanDelays {
  /** Extra wait before the bot's card play is shown, 1000-2500 ms. */
  beforePlayMs: number;
  /** Extra wait before the bot ends its turn, 1000-3000 ms. */
  beforeEndTurnMs: number;
}

export const PLAY_DELAY_MS = { min: 1000, max: 2500 } as const;
export const END_TURN_DELAY_MS = { min: 1000, max: 3000 } as const;

/**
 * The arena bot's human-like waits for one turn. Deterministic: pass a seed
 * that changes per turn (say, the battle seed mixed with the turn number).
 */
export function humanDelays(seed: number): HumanDelays {
  const rng = { rng: rngFromSeed(seed) };
  return {
    beforePlayMs: between(rng, PLAY_DELAY_MS.min, PLAY_DELAY_MS.max),
    beforeEndTurnMs: between(rng, END_TURN_DELAY_MS.min, END_TURN_DELAY_MS.max),
  };
}
