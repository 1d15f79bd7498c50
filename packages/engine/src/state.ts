import type { Resource } from "./card-types.ts";

/** An absolute side: 0 or 1. Views and messages turn it into "player" / "cpu". */
export type Side = 0 | 1;

export const SIDES: readonly Side[] = [0, 1];

export function otherSide(side: Side): Side {
  return side === 0 ? 1 : 0;
}

export interface ResourceState {
  amount: number;
  inc: number;
}
export type ResourcesState = Record<Resource, ResourceState>;

/** A card in hand. `key` is a stable id (from the state's counter). */
export interface HandCard {
  key: number;
  card: number;
}

/**
 * A unit on the table. Only what cannot be derived is stored: effective attack
 * and hp add the auras of the board at the time they are read (stats.ts).
 * Damage is marked like in MTG: it stays until healed, so when an aura or a
 * temporary buff ends, a unit whose damage reaches its hp dies.
 */
export interface UnitState {
  /** Entity id from the state's counter. */
  uid: number;
  card: number;
  /** Card attack plus permanent buffs. */
  attack: number;
  /** Card hp plus permanent buffs (the max hp before auras and temporary buffs). */
  hp: number;
  damage: number;
  /** Temporary buffs; they end at the start of the owner's next turn. */
  tempAttack: number;
  tempHp: number;
  /** Entered the table this turn (or during the enemy's turn); cannot attack. */
  sleep: boolean;
  /** Turns of stun left; falls by 1 at each of its owner's turn starts. */
  stun: number;
  /** Attacked this turn; does not strike back until its owner's next turn. */
  exhausted: boolean;
  /** Loses this much hp at each of its owner's turn starts (0 = not poisoned). */
  poison: number;
  /** Hit by destroy; leaves the table at the next death check. */
  destroyed: boolean;
}

export type TableCell = UnitState | null;

export interface SideState {
  name: string;
  hp: number;
  /** Starting hp; heals never raise the castle above it. */
  maxHp: number;
  resources: ResourcesState;
  /** Card ids; the top of the deck is the END of the array. Secret. */
  deck: number[];
  hand: HandCard[];
  /** Always TABLE_CELLS long. */
  table: TableCell[];
  /** Draws attempted from an empty deck so far. */
  fatigue: number;
  /** Consecutive turns ended by the server's timeout. */
  idle: number;
}

/**
 * Why a battle ended: a castle fell (hp), a side surrendered (give_up), left
 * the battle and did not come back in time (left: the server's drop forfeit),
 * the turn cap, or too many timed-out turns in a row (idle).
 */
export const END_REASONS = ["hp", "give_up", "left", "turn_cap", "idle"] as const;
export type EndReason = (typeof END_REASONS)[number];

/** The whole battle: plain JSON, cloned cheaply by step (clone.ts). */
export interface BattleState {
  /** Incremented by every successful step; clients send the version they acted on. */
  version: number;
  /** Seeded generator state (mulberry32). Secret: never in a view. */
  rng: number;
  /** Next entity id (hand keys, unit ids). */
  nextId: number;
  /** 1-based, counting both sides' turns. */
  turn: number;
  active: Side;
  opener: Side;
  /** Cards played by the active side this turn. */
  played: number;
  over: boolean;
  /** null while playing, and for a draw. */
  winner: Side | null;
  endReason: EndReason | null;
  sides: [SideState, SideState];
}

/** One side of a new battle. */
export interface SideSetup {
  name: string;
  /** Castle hp; START_HP when left out. */
  hp?: number;
  /** Card ids of the battle deck, in any order (createBattle shuffles). */
  deck: number[];
}

export interface BattleSetup {
  seed: number;
  sides: [SideSetup, SideSetup];
  opener: Side;
}
