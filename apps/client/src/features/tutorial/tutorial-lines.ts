/**
 * What Lyra says and where her bubble sits, from the step and what happened.
 * Pure; tutorial-overlay.tsx draws it.
 */
import {
  getChapter,
  TUTORIAL_AFTER,
  TUTORIAL_AFTER_LOSS,
  TUTORIAL_BATTLE_WAITING,
  TUTORIAL_LINES,
  type TutorialCause,
  type TutorialLine,
} from "@cardrealm/content";
import { tutorialStepIndex } from "@cardrealm/protocol";

/** The lesson battle's foe: the first opponent of chapter 1 (the Air Elemental). */
export const LESSON_OPPONENT: number | null = getChapter(1)?.cpu1 ?? null;

/**
 * The line for a step, following what happened (issue 26):
 * - `cause`, what the player just did to reach the step (a unit or a spell
 *   played, a lesson refused, a sword raised, a spell aimed), picks the
 *   step's line for it (TUTORIAL_AFTER); unknown (after a reload), the step's
 *   own line, which assumes nothing;
 * - after the lesson battle, a lesson foe not in the player's beaten list means
 *   the battle was lost (or drawn): the lines that would speak of a victory
 *   have their own (TUTORIAL_AFTER_LOSS: the boss window keeps the next foe
 *   locked, and no gems were won).
 */
export function tutorialLine(
  step: string,
  opts: { waiting: boolean; beaten: readonly number[]; cause?: TutorialCause | null },
): TutorialLine | null {
  if (opts.waiting) return TUTORIAL_BATTLE_WAITING;
  const afterBattle = tutorialStepIndex(step) > tutorialStepIndex("BattleFinish80");
  const lost = afterBattle && LESSON_OPPONENT !== null && !opts.beaten.includes(LESSON_OPPONENT);
  const lossLine = lost ? TUTORIAL_AFTER_LOSS[step] : undefined;
  if (lossLine) return lossLine;
  const afterCause = opts.cause ? TUTORIAL_AFTER[step]?.[opts.cause] : undefined;
  return afterCause ?? TUTORIAL_LINES[step] ?? null;
}

/** Where the bubble docks. */
export type DockPlacement =
  | "battle-low"
  | "battle-aside"
  | "left-top"
  | "left-bottom"
  | "right-top"
  | "right-bottom";

/**
 * On the battle screen the guide never covers the enemy's row (its lanes and
 * castle: issue 26). A step that lets the player act on the board (play a
 * card onto a lane, raise a unit's sword, aim a spell at enemy cells or the
 * castle, finish the battle, a discard) puts the bubble aside, in the right
 * column, where no cell, hand card or castle is; it then takes no clicks but
 * its own buttons. A blocking step (read, End turn) puts Lyra and her bubble
 * low in the middle, over the hand, which is dimmed and takes no click then;
 * the lanes of both sides stay in view. Elsewhere the bubble sits in the
 * corner away from the highlighted target.
 */
export function dockPlacement(opts: {
  onBattleScreen: boolean;
  blocks: boolean;
  target: { x: number; y: number; w: number; h: number } | null;
  width: number;
  height: number;
}): DockPlacement {
  const { onBattleScreen, blocks, target, width, height } = opts;
  if (onBattleScreen) return blocks ? "battle-low" : "battle-aside";
  const cx = target ? target.x + target.w / 2 : width * 0.75;
  const cy = target ? target.y + target.h / 2 : height * 0.25;
  const side = cx < width / 2 ? "right" : "left";
  const edge = cy > height / 2 ? "top" : "bottom";
  return `${side}-${edge}`;
}
