import { appStore } from "../../stores/app-store.ts";
import { replaying } from "./board-stage.ts";

/**
 * The tutorial's battle steps (product.md section 4, Tutorial): the battle
 * moves the guide on as the player plays, pauses it while the opponent plays
 * and wakes it one step further after. A replay never moves it.
 */

/** Moves the tutorial from one step to the next (nothing when it is elsewhere). */
export function tutorialStep(from: string, to: string, isActive?: boolean): void {
  if (replaying()) return;
  const { tutorial } = appStore.get();
  if (tutorial.step !== from) return;
  appStore.set({ tutorial: { step: to, isActive: isActive ?? tutorial.isActive } });
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
  if (next) tutorialStep(step, next, true);
}

/** Ending a turn switches the tutorial off until the opponent's turn is over. */
export function pauseTutorialForEnemyTurn(): void {
  const { tutorial } = appStore.get();
  if (tutorial.isActive) appStore.set({ tutorial: { ...tutorial, isActive: false } });
}
