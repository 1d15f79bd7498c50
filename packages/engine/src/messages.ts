/**
 * Server state messages of product.md section 3, written from one viewer's
 * side: the viewer is always "player", the other side "cpu" (in PvP too).
 * A message may carry any of these keys; a battle call answers a list of
 * them. The zod schemas in packages/protocol/src/state-messages.ts must
 * match these types (a type-level check there fails the build otherwise).
 */

import type { PlayTarget, ViewSide } from "./actions.ts";
import type { EffectKind, Trigger } from "./card-types.ts";
import type { EndReason } from "./state.ts";

export interface ResourceMsg {
  amount: number;
  inc: number;
}

/** A unit on the table as a client sees it (effective stats, auras included). */
export interface UnitMsg {
  uid: number;
  card: number;
  attack: number;
  /** Current hp. */
  hp: number;
  maxHp: number;
  sleep: boolean;
  exhausted: boolean;
  poison: number;
  /** May be flagged attack right now (only ever true on its owner's turn). */
  ready: boolean;
  effect: { stun: number };
}

/** A table slot: 0 when empty (product.md: "empty (0) or {card, sleep, effect.stun}"). */
export type TableSlotMsg = 0 | UnitMsg;

export interface CpuMsg {
  fire: ResourceMsg;
  diamond: ResourceMsg;
  pow: ResourceMsg;
  hp: number;
  maxHp: number;
  table: TableSlotMsg[];
}

export interface PlayerMsg extends CpuMsg {
  /** Card ids keyed by hand key. */
  hand: Record<string, number>;
}

export interface SideCountersMsg {
  deck_count: number;
  hand_count: number;
}

export interface CountersMsg {
  player: SideCountersMsg;
  cpu: SideCountersMsg;
}

export type PhaseMsg = "play_card" | "enemy_turn" | "end_game";

export interface GameDataMsg {
  playerName: string;
  cpuName: string;
  turn: number;
  turnCap: number;
  /** The state version a client's next action should carry. */
  version: number;
  active: ViewSide;
  /** Cards the active side has played this turn. */
  cardsPlayed: number;
  /** Set by the server, never by the engine. */
  game_id?: string;
  cpu_id?: number;
  isPvP?: boolean;
  /** A friendly game between two players (pays nothing, moves no rank). */
  friendly?: boolean;
  /** PvP: when the active side's turn ends, on the server's clock (ms since the epoch). */
  turn_deadline?: number;
  /** PvP: the server's clock when the message was made; the client's offset comes from it. */
  server_time?: number;
  /** Arena: the rank of the receiving player and of the opponent (bronze ... champions). */
  player_rank?: string;
  cpu_rank?: string;
  /** PvP: how many more timed-out turns in a row the receiving player may have before forfeiting. */
  idle_left?: number;
}

/**
 * Why a battle paid the receiving side nothing under rules.md 4, "Paid
 * battles": it lasted under the minimum, that side played too few cards,
 * or the player's paid battles of the UTC day are used up.
 */
export const UNPAID_REASONS = ["too_short", "too_few_cards", "daily_limit"] as const;
export type UnpaidReason = (typeof UNPAID_REASONS)[number];

export interface EndGameMsg {
  /** null: a draw (the turn cap with equal hp). */
  winner: ViewSide | null;
  reason: EndReason;
  /** Set by the server (rewards), never by the engine. */
  result?: {
    rewards: { silver: number };
    sesason_pass_bonus?: number;
    /** Set when the paid-battle rule paid this side nothing: why. */
    unpaid?: UnpaidReason;
    /** Arena: the change of the player's rank score (floor applied), + or -. */
    rank_delta?: number;
    /** Arena: the season xp this battle paid the player. */
    season_xp?: number;
  };
}

export interface UnitFightMsg {
  tableKey: number;
  sideA: ViewSide;
  sideD: ViewSide;
  /** Damage the attacker dealt to the defender. */
  attacking: number;
  /** Damage the defender dealt back. */
  defend: number;
  /** Damage that went on to the defender's castle (pierce). */
  pierce: number;
}

export interface UnitDamageToPlayerMsg {
  tableKey: number;
  /** The attacker's side; the damaged castle is the other one. */
  side: ViewSide;
  damage: number;
}

export interface AbilityResultMsg {
  target: PlayTarget;
  effect: EffectKind;
  amount: number;
  card?: number;
}

export interface MiddlewareAbilityMsg {
  /** Cell of the source unit; null for a spell. */
  tableKey: number | null;
  side: ViewSide;
  card_id: number;
  trigger: Trigger;
  result: AbilityResultMsg[];
  double_state: boolean;
}

export interface PlayerPlayedCardMsg {
  card: number;
  handKey: number;
  cell: number | null;
  target: PlayTarget | null;
}

export interface CpuPlayedCardMsg {
  card: number;
  target: PlayTarget | null;
  /** Where a unit landed (null for a spell). */
  result: { cell: number | null };
}

export interface CpuStartTurnMsg {
  turn: number;
}

export interface CpuEndTurnMsg {
  turn: number;
  /** The turn was ended by the server's timeout. */
  timeout: boolean;
}

export interface StateMessage {
  /** The viewer's turn was ended by the server's timeout. */
  skip_turn?: boolean;
  cpu?: CpuMsg;
  game_data?: GameDataMsg;
  phase?: PhaseMsg;
  end_game?: EndGameMsg;
  counters?: CountersMsg;
  unit_fight?: UnitFightMsg;
  unit_damage_to_player?: UnitDamageToPlayerMsg;
  middleware_ability?: MiddlewareAbilityMsg;
  player?: PlayerMsg;
  player_played_card?: PlayerPlayedCardMsg;
  cpu_played_card?: CpuPlayedCardMsg;
  cpu_start_turn?: CpuStartTurnMsg;
  cpu_end_turn?: CpuEndTurnMsg;
}
