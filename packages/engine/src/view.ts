/**
 * One side's projection of the battle (architecture.md principle 6). It holds
 * the viewer's own hand and only counts of the enemy's hand and both decks;
 * never a deck order, the enemy's cards in hand, the seed or the rng state.
 */

import type { ViewSide } from "./actions.ts";
import { type CardIndex, indexCatalogue } from "./card-index.ts";
import type { Catalogue } from "./card-types.ts";
import { TURN_CAP } from "./constants.ts";
import type { PhaseMsg, ResourceMsg, UnitMsg } from "./messages.ts";
import { type BattleState, type EndReason, otherSide, type Side, type UnitState } from "./state.ts";
import { type AuraSource, collectAuras, isReady, statsUnder } from "./stats.ts";

export interface HandCardView {
  key: number;
  card: number;
}

export interface SideView {
  name: string;
  hp: number;
  maxHp: number;
  resources: { fire: ResourceMsg; diamond: ResourceMsg; pow: ResourceMsg };
  table: (UnitMsg | null)[];
  deck_count: number;
  hand_count: number;
}

export interface OwnSideView extends SideView {
  hand: HandCardView[];
}

export interface BattleView {
  /** The absolute side of the viewer. */
  viewer: Side;
  version: number;
  turn: number;
  turnCap: number;
  phase: PhaseMsg;
  myTurn: boolean;
  /** Cards the active side has played this turn. */
  cardsPlayed: number;
  over: boolean;
  /** null while playing, and for a draw. */
  winner: ViewSide | null;
  endReason: EndReason | null;
  player: OwnSideView;
  cpu: SideView;
}

export function unitMsg(
  state: BattleState,
  index: CardIndex,
  side: Side,
  cell: number,
  unit: UnitState,
  auras: readonly AuraSource[] = collectAuras(state, index),
): UnitMsg {
  const stats = statsUnder(auras, index, side, cell, unit);
  return {
    uid: unit.uid,
    card: unit.card,
    attack: stats.attack,
    hp: stats.hp,
    maxHp: stats.maxHp,
    sleep: unit.sleep,
    exhausted: unit.exhausted,
    poison: unit.poison,
    ready: !state.over && state.active === side && isReady(state, index, side, cell, unit, auras),
    effect: { stun: unit.stun },
  };
}

export function phaseFor(state: BattleState, viewer: Side): PhaseMsg {
  if (state.over) return "end_game";
  return state.active === viewer ? "play_card" : "enemy_turn";
}

export function viewSide(viewer: Side, side: Side | null): ViewSide | null {
  if (side === null) return null;
  return side === viewer ? "player" : "cpu";
}

function sideView(state: BattleState, index: CardIndex, side: Side): SideView {
  const me = state.sides[side];
  const auras = collectAuras(state, index);
  const r = me.resources;
  return {
    name: me.name,
    hp: me.hp,
    maxHp: me.maxHp,
    resources: {
      fire: { amount: r.fire.amount, inc: r.fire.inc },
      diamond: { amount: r.diamond.amount, inc: r.diamond.inc },
      pow: { amount: r.pow.amount, inc: r.pow.inc },
    },
    table: me.table.map((u, cell) => (u ? unitMsg(state, index, side, cell, u, auras) : null)),
    deck_count: me.deck.length,
    hand_count: me.hand.length,
  };
}

/** The battle as `viewer` may see it. */
export function view(state: BattleState, viewer: Side, catalogue: Catalogue): BattleView {
  const index = indexCatalogue(catalogue);
  const own = state.sides[viewer];
  return {
    viewer,
    version: state.version,
    turn: state.turn,
    turnCap: TURN_CAP,
    phase: phaseFor(state, viewer),
    myTurn: !state.over && state.active === viewer,
    cardsPlayed: state.played,
    over: state.over,
    winner: viewSide(viewer, state.winner),
    endReason: state.endReason,
    player: {
      ...sideView(state, index, viewer),
      hand: own.hand.map((h) => ({ key: h.key, card: h.card })),
    },
    cpu: sideView(state, index, otherSide(viewer)),
  };
}
