import { getOpponent, type OpponentDef } from "@cardrealm/content";
import { requirementText } from "./chapter-icon.tsx";
import type { ChapterInfo } from "./chapters.ts";

export type OpponentLock = "open" | "beaten" | "locked";

export interface OpponentSlot {
  id: number;
  /** 1, 2 or 3. */
  number: number;
  opponent: OpponentDef | undefined;
  state: OpponentLock;
  /** Why it is locked: "Required chapter N" or "Beat X first". */
  reason: string | null;
}

/**
 * The three opponents of a chapter and whether each can be fought
 * (product.md section 4): the chapter needs the user's level; the second
 * needs the first in maps, the third the second. Beaten ones stay playable.
 */
export function opponentSlots(
  chapter: ChapterInfo,
  maps: readonly number[],
  userLevel: number,
): OpponentSlot[] {
  const chapterLocked = userLevel < chapter.level;
  return chapter.opponents.map((id, i) => {
    const opponent = getOpponent(id);
    const beaten = maps.includes(id);
    const previous = i > 0 ? chapter.opponents[i - 1] : undefined;
    let state: OpponentLock = beaten ? "beaten" : "open";
    let reason: string | null = null;
    if (chapterLocked) {
      state = "locked";
      reason = requirementText(chapter);
    } else if (previous !== undefined && !maps.includes(previous)) {
      state = "locked";
      reason = `Beat ${getOpponent(previous)?.name ?? "the previous opponent"} first`;
    }
    return { id, number: i + 1, opponent, state, reason };
  });
}
