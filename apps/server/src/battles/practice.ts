import {
  type ChapterDef,
  copyCap,
  DECK_MIN_SIZE,
  decodeDeck,
  type OpponentDef,
} from "@cardrealm/content";
import type { BattleState, Catalogue } from "@cardrealm/engine";
import type { PracticeOpponent } from "@cardrealm/protocol";
import { type Executor, nowIso } from "../db/executor.ts";
import { type BattleRow, finishBattle } from "../db/repositories/battles-repo.ts";
import { Refused } from "../services/outcome.ts";
import { refuse } from "./refusals.ts";
import type { EndGame } from "./story-settlement.ts";
import { checkStoryStart } from "./story-start.ts";

/**
 * Deck challenges (issue 16, docs/replays.md): a practice battle plays a
 * shared deck as it is (the cards need not be owned) against a computer
 * opponent the player has met, through the story's routes and computer,
 * and pays nothing at all.
 */

export const PRACTICE_MODE = "practice";

const HUMAN = 0 as const;

/**
 * The battle deck of a shared code, or a refusal naming the problem: not a
 * code, a card that does not exist or is a token, too many copies, too few cards.
 */
export function practiceDeck(code: string, catalogue: Catalogue): number[] {
  const entries = decodeDeck(code);
  if (!entries) throw refuse.invalid("That is not a Cardrealm deck code.");
  const amounts = new Map<number, number>();
  for (const e of entries) amounts.set(e.id, (amounts.get(e.id) ?? 0) + e.amount);
  for (const [id, amount] of amounts) {
    const card = catalogue.get(id);
    if (!card) throw refuse.invalid(`The deck names a card that does not exist (${id}).`);
    if (card.token)
      throw refuse.invalid(`The deck holds ${card.name}, a card that cannot be put in a deck.`);
    if (amount > copyCap(id))
      throw refuse.invalid(
        `The deck holds ${amount} copies of ${card.name}; a deck holds at most ${copyCap(id)}.`,
      );
  }
  const cards = [...amounts].flatMap(([id, amount]) => Array.from({ length: amount }, () => id));
  if (cards.length < DECK_MIN_SIZE)
    throw new Refused(
      "deck_too_small",
      `The shared deck has ${cards.length} cards; a deck needs at least ${DECK_MIN_SIZE}.`,
    );
  return cards;
}

export interface PracticeContent {
  opponents: readonly OpponentDef[];
  opponent: (id: number) => OpponentDef | undefined;
  chapterOf: (opponentId: number) => ChapterDef | undefined;
}

/**
 * The computer opponents a player has met (docs/decisions.md): a story
 * opponent open on their map (a story start would be allowed) or beaten, and
 * any opponent they have fought, the arena bot included.
 */
export function metOpponents(
  content: PracticeContent,
  player: { level: number; maps: readonly number[]; fought: readonly number[] },
): PracticeOpponent[] {
  const fought = new Set([...player.maps, ...player.fought]);
  const open = (o: OpponentDef): boolean => {
    if (o.isBot) return false;
    try {
      checkStoryStart(content, o.id, player.maps, player.level);
      return true;
    } catch {
      return false;
    }
  };
  return content.opponents
    .filter((o) => fought.has(o.id) || open(o))
    .map((o) => ({
      cpu_id: o.id,
      name: o.name,
      avatar: `/static/media/${o.portrait}.webp`,
      chapter: content.chapterOf(o.id)?.level ?? 0,
    }));
}

/** The opponent ids a player's battles rows show they fought (arena bot games store 0 on the row). */
export function foughtIds(rows: readonly { mode: string; cpu_id: number }[], botId: number) {
  return rows.map((r) => (r.mode === "pvpbot" ? botId : r.cpu_id)).filter((id) => id > 0);
}

/**
 * Closes a practice battle inside the transaction of its final state: the
 * row is finished with 0 rewards, and nothing else moves (no gems, season
 * xp, daily tasks, map, level or rank). Undefined when already closed.
 */
export async function settlePracticeIn(
  trx: Executor,
  row: Pick<BattleRow, "id">,
  state: BattleState,
  clock: () => number,
): Promise<EndGame | undefined> {
  const closed = await finishBattle(trx, {
    id: row.id,
    winner: state.winner,
    rewards: 0,
    now: nowIso(clock),
  });
  if (!closed) return undefined;
  return {
    winner: state.winner === null ? null : state.winner === HUMAN ? "player" : "cpu",
    reason: state.endReason ?? "hp",
    result: { rewards: { silver: 0 } },
  };
}
