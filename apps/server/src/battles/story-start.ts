import type { ChapterDef, OpponentDef } from "@cardrealm/content";
import { refuse } from "./refusals.ts";

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
