import {
  CARDS,
  CATALOGUE,
  CHAPTERS,
  type ChapterDef,
  chapterOfOpponent,
  getOpponent,
  OPPONENTS,
  type OpponentDef,
  STARTER_DECK,
  STARTER_LIBRARY,
  toApiCard,
} from "@cardrealm/content";
import type { Catalogue } from "@cardrealm/engine";
import type { ApiCard } from "@cardrealm/protocol";
import { planComputerTurn, type TurnPlanner } from "./battles/computer-player.ts";
import type { StarterCollection } from "./services/new-player.ts";

/** The game data the server hands out and plays with, read from content/ once. */
export interface GameContent {
  apiCards: ApiCard[];
  starter: StarterCollection;
  catalogue: Catalogue;
  opponent: (id: number) => OpponentDef | undefined;
  /** Every computer opponent: the story's and the arena bot. */
  opponents: readonly OpponentDef[];
  chapterOf: (opponentId: number) => ChapterDef | undefined;
  bossIds: readonly number[];
  planTurn: TurnPlanner;
}

export function loadGameContent(): GameContent {
  return {
    apiCards: CARDS.filter((c) => !c.token).map((c) => toApiCard(c)),
    starter: {
      library: STARTER_LIBRARY.map((c) => ({ cardId: c.id, amount: c.amount })),
      deck: STARTER_DECK.map((c) => ({ cardId: c.id, amount: c.amount })),
    },
    catalogue: CATALOGUE,
    opponent: getOpponent,
    opponents: OPPONENTS,
    chapterOf: chapterOfOpponent,
    bossIds: CHAPTERS.flatMap((c) => (c.cpu3 === null ? [] : [c.cpu3])),
    planTurn: planComputerTurn,
  };
}
