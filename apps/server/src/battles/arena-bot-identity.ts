import type { OpponentDef } from "@cardrealm/content";
import { coinFlip, nextInt, rngFromSeed } from "@cardrealm/engine";
import { rankOf } from "../economy/ranks.ts";
import { defaultNickname } from "../services/player-names.ts";
import type { ArenaSetup } from "./arena-types.ts";

/** The bot's rank score is the human's, give or take this much. */
export const BOT_RANK_SPREAD = 150;

export interface BotIdentity {
  /** A default player nickname (services/player-names.ts): six random characters. */
  name: string;
  /** Its rank (bronze ... champions), near the human's. */
  rank: string;
}

/**
 * Who the arena bot passes for in one game (issue 24 item 7): a name from
 * the players' default nicknames (the client then draws its portrait
 * from the players' avatar set, as for any player), and a rank near the
 * human's. Drawn from the battle seed, so one game keeps one identity.
 */
export function botIdentity(seed: number, humanRankScore: number): BotIdentity {
  const rng = { rng: rngFromSeed((seed ^ 0x6b0751de) >>> 0) };
  const pick = (n: number) => nextInt(rng, n);
  const name = defaultNickname(pick);
  const score = Math.max(0, humanRankScore - BOT_RANK_SPREAD + pick(2 * BOT_RANK_SPREAD + 1));
  return { name, rank: rankOf(score).rank };
}

/**
 * The setup of a game against the arena bot: the human on side 0, the bot
 * (its deck and hp, a player's name and a rank near the human's) on side 1,
 * and the first player drawn from the seed as in PvP (the human no longer
 * always opens).
 */
export function botGameSetup(
  seed: number,
  human: { userId: number; nickname: string; rankScore: number; deck: number[] },
  bot: Pick<OpponentDef, "id" | "hp" | "deck">,
): ArenaSetup {
  const who = botIdentity(seed, human.rankScore);
  return {
    seed,
    opener: coinFlip(seed),
    sides: [
      { name: human.nickname, deck: human.deck },
      { name: who.name, hp: bot.hp, deck: [...bot.deck] },
    ],
    mode: "bot",
    players: [human.userId, null],
    cpuId: bot.id,
    ranks: [rankOf(human.rankScore).rank, who.rank],
  };
}
