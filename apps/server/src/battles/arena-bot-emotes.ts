import type { BattleEvent, Side } from "@cardrealm/engine";
import type { EmoteId } from "@cardrealm/protocol";

/**
 * The arena bot's emotes (issue 24 item 5): sparingly, as a person would,
 * and decided by the game's seed alone (the same game always emotes the
 * same way; nothing random is drawn from the battle's generator):
 * sometimes a greeting as the game's second turn begins, sometimes "Well
 * played" when it loses, more rarely when it wins. Never more than these two
 * in a game.
 */
export type BotEmoteMoment = "opening" | "bot_lost" | "bot_won";

/** Out of 100: how often the bot emotes at each moment. */
const CHANCE: Record<BotEmoteMoment, number> = { opening: 40, bot_lost: 50, bot_won: 20 };
const SALT: Record<BotEmoteMoment, number> = {
  opening: 0x51ed27,
  bot_lost: 0x2c1b3c6d,
  bot_won: 0x297a2d39,
};

/** A well-mixed 0..99 from the seed and the moment (murmur3's finaliser). */
function roll(seed: number, moment: BotEmoteMoment): number {
  let h = (seed ^ SALT[moment]) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % 100;
}

export function botEmoteAt(seed: number, moment: BotEmoteMoment): EmoteId | null {
  if (roll(seed, moment) >= CHANCE[moment]) return null;
  return moment === "opening" ? "greetings" : "well_played";
}

/** The bot's emote for a saved step of its game, if this step is one of its moments. */
export function botEmoteForStep(
  seed: number,
  botSide: Side,
  state: { over: boolean; winner: Side | null },
  events: readonly BattleEvent[],
): EmoteId | null {
  if (state.over) {
    if (state.winner === null) return null;
    return botEmoteAt(seed, state.winner === botSide ? "bot_won" : "bot_lost");
  }
  const opening = events.some((e) => e.type === "turn_start" && e.turn === 2);
  return opening ? botEmoteAt(seed, "opening") : null;
}
