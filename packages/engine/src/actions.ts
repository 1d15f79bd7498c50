import type { Side } from "./state.ts";

/** Seen from the acting side: player = own side, cpu = the enemy. */
export const VIEW_SIDES = ["player", "cpu"] as const;
export type ViewSide = (typeof VIEW_SIDES)[number];

export const TARGET_KEYS = ["table_key", "target_cpu_hp", "target_player_hp"] as const;
export type TargetKey = (typeof TARGET_KEYS)[number];

/**
 * A selected target as the client sends it (product.md section 4): a unit cell
 * (key table_key, value = cell) or a castle (target_player_hp / target_cpu_hp,
 * value ignored). side is from the acting side's view.
 */
export interface PlayTarget {
  key: TargetKey;
  value: number;
  side: ViewSide;
}

interface ActionBase {
  /** Absolute side of the actor. */
  side: Side;
  /** Optional: the state version the intent was made against; a stale one is refused. */
  version?: number;
}

export interface PlayCardAction extends ActionBase {
  type: "play_card";
  handKey: number;
  /** 0-4, units only. */
  cell?: number;
  target?: PlayTarget;
}

export interface EndTurnAction extends ActionBase {
  type: "end_turn";
  /** Five flags, one per own cell; true = attack. */
  attack: boolean[];
  /** Hand key of the card to discard; required when holding more than 6 cards. */
  discard?: number;
}

export interface GiveUpAction extends ActionBase {
  type: "give_up";
  /**
   * Set by the server only: the side left the battle (its reconnection
   * window ran out) rather than surrendering; the battle ends as "left".
   */
  left?: boolean;
}

/** Sent by the server when the turn timer runs out (never by a client). */
export interface TimeoutAction extends ActionBase {
  type: "timeout";
}

export type Action = PlayCardAction | EndTurnAction | GiveUpAction | TimeoutAction;

/**
 * A move a player sends (play a card, end the turn): it always names the
 * state version it was made against, and step() refuses a stale one. The
 * server's own actions (timeouts, the computer's turn, replayed traces) are
 * plain Actions.
 */
export type Intent = (PlayCardAction | EndTurnAction) & { version: number };
