import { z } from "zod";

/**
 * The guided tutorial's steps in order (product.md section 4, Tutorial). The
 * spec's `{hash}` placeholder between the boss window and the resource lesson
 * is named `BattleStory33` here: the story before the first battle is on
 * screen (docs/decisions.md).
 */
export const TUTORIAL_STEPS = [
  "intro",
  "Welcome10",
  "ClickBossOnMap20",
  "BossWindow30",
  "BattleStory33",
  "showRes35",
  "showRes37",
  "PlayFirstCard40",
  "EndTurnBattle45",
  "PlaySecondCard50",
  "EndTurnBattle55",
  "SelectAttack60",
  "EndTurnBattle65",
  "PlaySpellCard70",
  "SpellTarget75",
  "BattleFinish80",
  "MenuResearch90",
  "ClickOffers95",
  "ClickShop100",
  "ClickDeck110",
  "ClickBuy120",
  "ClickAdd130",
  "ClickHome140",
  "Final150",
] as const;
export type TutorialStep = (typeof TUTORIAL_STEPS)[number];

export const TutorialStepName = z.enum(TUTORIAL_STEPS);

export function isTutorialStep(value: string): value is TutorialStep {
  return (TUTORIAL_STEPS as readonly string[]).includes(value);
}

/** Position of a step in the order (-1 for an unknown name). */
export function tutorialStepIndex(step: string): number {
  return (TUTORIAL_STEPS as readonly string[]).indexOf(step);
}

/**
 * PUT /api/player/tutorial: the step the player reached. `isActive: false`
 * finishes the tutorial (the last step, or "Skip tutorial"); a finished
 * tutorial never returns.
 */
export const TutorialBody = z.strictObject({ step: TutorialStepName, isActive: z.boolean() });
export type TutorialBody = z.infer<typeof TutorialBody>;

/**
 * May a saved tutorial at `from` (still running) move to `to`? Forward moves
 * only; finishing (isActive false) is allowed from any step onward, and
 * re-saving the same step is a harmless no-op.
 */
export function isTutorialMoveAllowed(from: string, to: TutorialStep): boolean {
  return tutorialStepIndex(to) >= tutorialStepIndex(from);
}

/** The guide girl's sprite sheet (product.md section 4): drawn by tools/art/guide-sprite.ts. */
export const GUIDE_SPRITE = {
  columns: 6,
  frames: 24,
  fps: 12,
  width: 573,
  height: 607,
} as const;
