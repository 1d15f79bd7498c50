import { battleDeck, type ChapterDef, type OpponentDef } from "@cardrealm/content";
import { DECK_MIN_CARDS } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import { decksOf, mapsOf } from "../db/repositories/collection-repo.ts";
import type { UserRow } from "../db/repositories/users-repo.ts";
import { refuse } from "./refusals.ts";
import type { StoredSetup } from "./story-settlement.ts";

/**
 * Who a story start may fight (product.md section 5): the chapter's level,
 * the previous opponent beaten, no promo chapter. The arena bot (21,
 * matchmaking's fallback) is in no chapter: it opens with the arena.
 */
export function checkStoryStart(
  content: {
    opponent: (id: number) => OpponentDef | undefined;
    chapterOf: (opponentId: number) => ChapterDef | undefined;
  },
  opponentId: number,
  maps: readonly number[],
  level: number,
): { opponent: OpponentDef; chapter: ChapterDef | undefined } {
  const opponent = content.opponent(opponentId);
  if (opponent?.isBot) {
    if (level < opponent.level) throw refuse.arenaLocked();
    return { opponent, chapter: undefined };
  }
  const chapter = content.chapterOf(opponentId);
  if (!opponent || !chapter) throw refuse.notFound(`No story opponent ${opponentId}.`);
  if (chapter.isPromo) throw refuse.invalid("This chapter is coming soon.");
  if (level < chapter.level) throw refuse.forbidden(`Required chapter ${chapter.level - 1}`);
  const order = chapter.opponents.indexOf(opponentId);
  const previous = order > 0 ? chapter.opponents[order - 1] : undefined;
  if (previous !== undefined && !maps.includes(previous)) {
    const name = content.opponent(previous)?.name ?? "the previous opponent";
    throw refuse.forbidden(`Beat ${name} first.`);
  }
  return { opponent, chapter };
}

/**
 * A story start's battle set-up: the opponent allowed (checkStoryStart), the
 * player's active deck (at least DECK_MIN_CARDS) against the opponent's, the
 * player opening.
 */
export async function storySetupFor(
  k: Executor,
  content: Parameters<typeof checkStoryStart>[0],
  user: Pick<UserRow, "id" | "nickname" | "level" | "active_deck">,
  cpuId: number,
  seed: number,
): Promise<{ opponent: OpponentDef; setup: StoredSetup }> {
  const maps = await mapsOf(k, user.id);
  const { opponent } = checkStoryStart(content, cpuId, maps, user.level);
  const deck = (await decksOf(k, user.id)).get(user.active_deck) ?? [];
  const cards = battleDeck(deck.map((c) => ({ id: c.cardId, amount: c.amount })));
  if (cards.length < DECK_MIN_CARDS) throw refuse.deckTooSmall();
  const setup: StoredSetup = {
    seed,
    opener: 0,
    sides: [
      { name: user.nickname, deck: cards },
      { name: opponent.name, hp: opponent.hp, deck: [...opponent.deck] },
    ],
    cpuId,
  };
  return { opponent, setup };
}
