/**
 * @cardrealm/engine: the pure battle rules. No I/O, no clock, no
 * Math.random; the catalogue is a parameter. See README.md.
 */

export type {
  Action,
  EndTurnAction,
  GiveUpAction,
  Intent,
  PlayCardAction,
  PlayTarget,
  TargetKey,
  TimeoutAction,
  ViewSide,
} from "./actions.ts";
export { TARGET_KEYS, VIEW_SIDES } from "./actions.ts";
export * from "./card-types.ts";
export { cloneState } from "./clone.ts";
export * as constants from "./constants.ts";
export {
  HAND_LIMIT,
  IDLE_FORFEIT,
  MAX_HAND_AT_END_TURN,
  OPENING_HAND,
  START_HP,
  TABLE_CELLS,
  TURN_CAP,
} from "./constants.ts";
export { createBattle } from "./create.ts";
export { ENGINE_ERROR_CODES, type EngineError, type EngineErrorCode } from "./errors.ts";
export type { AbilityResult, BattleEvent, BattleEventType, Target } from "./events.ts";
export { legalActions, readyAttackers } from "./legal.ts";
export type * from "./messages.ts";
export { UNPAID_REASONS } from "./messages.ts";
export { messagesFor, snapshotMessage } from "./messages-for.ts";
export * from "./playable.ts";
export {
  type CastleOutcome,
  type CombatPreview,
  effectiveFlags,
  type LaneOutcome,
  type PreviewBoard,
  type PreviewSide,
  previewBoardOf,
  previewCombat,
  type UnitOutcome,
} from "./preview.ts";
export { ReplayError, replay, type Trace } from "./replay.ts";
export {
  coinFlip,
  nextFloat,
  nextInt,
  type RngHolder,
  rngFromSeed,
  shuffleInPlace,
} from "./rng.ts";
export type {
  BattleSetup,
  BattleState,
  EndReason,
  HandCard,
  ResourceState,
  ResourcesState,
  Side,
  SideSetup,
  SideState,
  TableCell,
  UnitState,
} from "./state.ts";
export { END_REASONS, otherSide, SIDES } from "./state.ts";
export { type EffectiveStats, tableStats, unitStats } from "./stats.ts";
export { type StepResult, step, toPlayTarget } from "./step.ts";
export { ENGINE_VERSION } from "./version.ts";
export {
  type BattleView,
  type HandCardView,
  type OwnSideView,
  type SideView,
  view,
} from "./view.ts";
