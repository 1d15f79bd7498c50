/**
 * What Lyra says and where her bubble sits, from the step and what happened.
 * Pure; tutorial-overlay.tsx draws it.
 */
import {
  getChapter,
  TUTORIAL_BATTLE_WAITING,
  TUTORIAL_LESSON_LOST,
  TUTORIAL_LINES,
  type TutorialLine,
} from "@cardrealm/content";

/** The lesson battle's foe: the first opponent of chapter 1 (the Air Elemental). */
export const LESSON_OPPONENT: number | null = getChapter(1)?.cpu1 ?? null;

/**
 * The line for a step. Back at the boss window after the lesson battle
 * (MenuResearch90) the win's line says the next foe is open; after a loss or a
 * draw the first foe is not in the player's beaten list and the window keeps
 * the next one locked, so the loss has its own line.
 */
export function tutorialLine(
  step: string,
  opts: { waiting: boolean; beaten: readonly number[] },
): TutorialLine | null {
  if (opts.waiting) return TUTORIAL_BATTLE_WAITING;
  if (
    step === "MenuResearch90" &&
    LESSON_OPPONENT !== null &&
    !opts.beaten.includes(LESSON_OPPONENT)
  ) {
    return TUTORIAL_LESSON_LOST;
  }
  return TUTORIAL_LINES[step] ?? null;
}

/** Where the bubble docks. */
export type DockPlacement =
  | "battle-top"
  | "battle-aside"
  | "left-top"
  | "left-bottom"
  | "right-top"
  | "right-bottom";

/**
 * On the battle screen a step that lets the player act on the board (play a
 * card onto a lane, raise a unit's sword, aim a spell at enemy cells or the
 * castle, finish the battle) puts the bubble aside, in the right column under
 * End turn, where no cell, hand card or castle is; it then takes no clicks
 * but its own buttons. A blocking step (read, End turn) keeps it at the top
 * centre, clear of the hand and the buttons it points at. Elsewhere it sits
 * in the corner away from the highlighted target.
 */
export function dockPlacement(opts: {
  onBattleScreen: boolean;
  blocks: boolean;
  target: { x: number; y: number; w: number; h: number } | null;
  width: number;
  height: number;
}): DockPlacement {
  const { onBattleScreen, blocks, target, width, height } = opts;
  if (onBattleScreen) return blocks ? "battle-top" : "battle-aside";
  const cx = target ? target.x + target.w / 2 : width * 0.75;
  const cy = target ? target.y + target.h / 2 : height * 0.25;
  const side = cx < width / 2 ? "right" : "left";
  const edge = cy > height / 2 ? "top" : "bottom";
  return `${side}-${edge}`;
}
