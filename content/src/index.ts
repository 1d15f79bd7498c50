/**
 * @cardrealm/content: the game's data. Cards (by faction file), computer
 * opponents, story chapters, the starter collection and loading tips, plus the
 * generated card presentation text. Data only; the rules live in the engine.
 */

export {
  AB_TEXT_MAX,
  type ApiCardShape,
  type CardPresentation,
  cardPresentation,
  toApiCard,
} from "./card-text.ts";
export {
  battleDeck,
  boxPool,
  CARDS,
  CATALOGUE,
  CATALOGUE_VERSION,
  type CardAmount,
  COLLECTIBLE_CARDS,
  cardsByFaction,
  cardsBySet,
  copyCap,
  countCopies,
  DECK_COPY_CAP,
  DECK_MIN_SIZE,
  deckProblems,
  expandDeck,
  getCard,
  RESOURCE_SPELL_COPY_CAP,
  RESOURCE_SPELL_IDS,
  requireCard,
  SEASON_FINISH_CARD_IDS,
} from "./catalogue.ts";
export {
  CHAPTERS,
  type ChapterDef,
  chapterOfOpponent,
  getChapter,
  isChapterBoss,
  MAP_ICONS,
  type MapIcon,
} from "./chapters.ts";
export { decodeDeck, encodeDeck } from "./deck-code.ts";
export { type DeckTheme, OPPONENT_THEMES } from "./opponent-themes.ts";
export {
  ARENA_BOT,
  type BattleBackground,
  getOpponent,
  OPPONENTS,
  type OpponentDef,
  type OpponentStrength,
  STORY_OPPONENTS,
} from "./opponents.ts";
export * from "./progression/index.ts";
export { STARTER_DECK, STARTER_DECK_SLOT, STARTER_LIBRARY } from "./starter.ts";
export * from "./story/index.ts";
export { TIPS } from "./tips.ts";
export {
  GUIDE_NAME,
  TUTORIAL_AFTER,
  TUTORIAL_AFTER_LOSS,
  TUTORIAL_BATTLE_WAITING,
  TUTORIAL_LESSON_LOST,
  TUTORIAL_LINES,
  TUTORIAL_SKIP_LABEL,
  TUTORIAL_SKIP_LESSON_LABEL,
  type TutorialCause,
  type TutorialLine,
} from "./tutorial.ts";
export {
  CARD_FACTIONS,
  EFFECT_KINDS,
  KEYWORD_NAMES,
  TARGET_SELECTORS,
  TRIGGERS,
} from "./vocabulary.ts";
