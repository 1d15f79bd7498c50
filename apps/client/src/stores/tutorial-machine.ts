/**
 * The tutorial's step machine (product.md section 4, Tutorial): which event
 * moves which step where. Pure; tutorial-state.ts applies it to the app
 * store. The battle's moves are applied by features/battle/battle-tutorial.ts
 * and the map's by features/map/story-flow.ts on the same rules; they are
 * listed here too so the whole table is in one place and tested.
 */
import { type TutorialStep, tutorialStepIndex } from "@cardrealm/protocol";

export type TutorialEvent =
  | "continue"
  | "boss-opened"
  | "story-before"
  | "battle-entered"
  | "card-played"
  | "enemy-turn-over"
  | "attack-set"
  | "spell-played"
  | "spell-target-hp"
  | "spell-cast"
  | "turn-ended"
  | "after-story-finished"
  | "boss-closed"
  | "offers-opened"
  | "box-opened"
  | "box-closed"
  | "offers-closed"
  | "deck-opened"
  | "card-added"
  | "deck-closed"
  | "map-click"
  | "skip-lesson";

export interface TutorialLive {
  isActive: boolean;
  step: string;
}

/** What an event does: a new live state, "finish", or null (nothing). */
export type TutorialMove = TutorialLive | "finish" | null;

/** Step moves that keep (or restore) the overlay: [event, from, to]. */
const MOVES: ReadonlyArray<readonly [TutorialEvent, TutorialStep, TutorialStep]> = [
  ["continue", "intro", "Welcome10"],
  ["continue", "Welcome10", "ClickBossOnMap20"],
  ["boss-opened", "ClickBossOnMap20", "BossWindow30"],
  ["story-before", "BossWindow30", "BattleStory33"],
  ["battle-entered", "BattleStory33", "showRes35"],
  ["continue", "showRes35", "showRes37"],
  ["continue", "showRes37", "PlayFirstCard40"],
  ["card-played", "PlayFirstCard40", "EndTurnBattle45"],
  ["card-played", "PlaySecondCard50", "EndTurnBattle55"],
  ["enemy-turn-over", "EndTurnBattle45", "PlaySecondCard50"],
  ["enemy-turn-over", "EndTurnBattle55", "SelectAttack60"],
  ["enemy-turn-over", "EndTurnBattle65", "PlaySpellCard70"],
  ["attack-set", "SelectAttack60", "EndTurnBattle65"],
  ["spell-played", "PlaySpellCard70", "SpellTarget75"],
  ["spell-target-hp", "SpellTarget75", "BattleFinish80"],
  // A spell cast at once (no target), or aimed at something else than the castle.
  ["spell-cast", "PlaySpellCard70", "BattleFinish80"],
  ["spell-cast", "SpellTarget75", "BattleFinish80"],
  ["after-story-finished", "BattleFinish80", "MenuResearch90"],
  ["boss-closed", "MenuResearch90", "ClickOffers95"],
  ["offers-opened", "ClickOffers95", "ClickShop100"],
  ["box-closed", "ClickShop100", "ClickDeck110"],
  ["offers-closed", "ClickDeck110", "ClickBuy120"],
  ["deck-opened", "ClickBuy120", "ClickAdd130"],
  ["card-added", "ClickAdd130", "ClickHome140"],
  ["deck-closed", "ClickHome140", "Final150"],
  // A battle lesson the hand cannot follow (no playable card, no spell): move on.
  ["skip-lesson", "PlayFirstCard40", "EndTurnBattle45"],
  ["skip-lesson", "PlaySecondCard50", "EndTurnBattle55"],
  ["skip-lesson", "SelectAttack60", "EndTurnBattle65"],
  ["skip-lesson", "PlaySpellCard70", "BattleFinish80"],
  ["skip-lesson", "SpellTarget75", "BattleFinish80"],
];

/** Steps that show a continue button once the line is typed out. */
export const CONTINUE_STEPS: ReadonlySet<string> = new Set([
  "intro",
  "Welcome10",
  "showRes35",
  "showRes37",
  "Final150",
]);

/** Steps fought on the battle screen (a reload shows "your battle is waiting" elsewhere). */
export function isBattleStep(step: string): boolean {
  const i = tutorialStepIndex(step);
  return i >= tutorialStepIndex("showRes35") && i <= tutorialStepIndex("BattleFinish80");
}

export function nextTutorial(live: TutorialLive, event: TutorialEvent): TutorialMove {
  const { step } = live;
  if (event === "continue" && step === "Final150") return "finish";
  // The final step ends on the next map click.
  if (event === "map-click" && step === "Final150") return "finish";
  // Ending a turn switches the tutorial off until the opponent's turn is over.
  if (event === "turn-ended") return live.isActive ? { step, isActive: false } : null;
  // Box opened at 100 switches the tutorial off while the box is shown.
  if (event === "box-opened" && step === "ClickShop100") return { step, isActive: false };
  const move = MOVES.find(([e, from]) => e === event && from === step);
  return move ? { step: move[2], isActive: true } : null;
}
