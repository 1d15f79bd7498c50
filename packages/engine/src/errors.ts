/** Why step refused an action. The state is left exactly as it was. */
export const ENGINE_ERROR_CODES = [
  /** The action is not one of the known shapes. */
  "bad_action",
  /** The action names a state version that is not the current one. */
  "stale_version",
  "battle_over",
  "not_your_turn",
  /** A second card in one turn. */
  "already_played",
  "unknown_hand_key",
  "unaffordable",
  /** A unit play without a cell 0-4. */
  "bad_cell",
  "cell_occupied",
  /** A target cell without a unit. */
  "cell_empty",
  /** A target the card does not allow (or a missing / superfluous target). */
  "bad_target",
  /** Ending the turn with more than 6 cards and no discard. */
  "discard_required",
  /** The discard names no card in hand, or no discard was needed. */
  "bad_discard",
  /** Attack flags that are not 5 booleans, or flag a unit that is not ready. */
  "bad_flags",
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export interface EngineError {
  code: EngineErrorCode;
  message: string;
}
