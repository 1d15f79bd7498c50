import type { TutorialCause } from "@cardrealm/content";
import { appStore } from "../../stores/app-store.ts";
import { moveTutorial } from "../../stores/tutorial-state.ts";
import { replaying } from "./board-stage.ts";

/**
 * The tutorial's battle steps (product.md section 4, Tutorial): the battle
 * moves the guide on as the player plays, pauses it while the opponent plays
 * and wakes it one step further after. A replay never moves it.
 */

/**
 * Moves the tutorial from one step to the next (nothing when it is elsewhere);
 * `cause` is what the player did, which the guide's next line follows.
 */
export function tutorialStep(
  from: string,
  to: string,
  opts: { isActive?: boolean; cause?: TutorialCause } = {},
): void {
  if (replaying()) return;
  const { tutorial } = appStore.get();
  if (tutorial.step !== from) return;
  moveTutorial({ step: to, isActive: opts.isActive ?? tutorial.isActive }, opts.cause ?? null);
}

/** The server took the player's card: a unit or a spell (its lesson steps move on). */
export function tutorialCardPlayed(isUnit: boolean): void {
  const cause = isUnit ? "unit" : "spell";
  tutorialStep("PlayFirstCard40", "EndTurnBattle45", { cause });
  tutorialStep("PlaySecondCard50", "EndTurnBattle55", { cause });
}

/** After the opponent's turn the tutorial reactivates one step further. */
export const TUTORIAL_AFTER_ENEMY: Readonly<Record<string, string>> = {
  EndTurnBattle45: "PlaySecondCard50",
  EndTurnBattle55: "SelectAttack60",
  EndTurnBattle65: "PlaySpellCard70",
};

/** The opponent's turn is over: the guide comes back one step further (if it was waiting for that). */
export function tutorialAfterEnemyTurn(): void {
  const step = appStore.get().tutorial.step;
  const next = TUTORIAL_AFTER_ENEMY[step];
  if (next) tutorialStep(step, next, { isActive: true });
}

/** Ending a turn switches the tutorial off until the opponent's turn is over. */
export function pauseTutorialForEnemyTurn(): void {
  const { tutorial } = appStore.get();
  if (tutorial.isActive) appStore.set({ tutorial: { ...tutorial, isActive: false } });
}
