/**
 * Writes a step's absolute events as one viewer's state messages
 * (product.md section 3). Events with no message of their own (draws,
 * deaths, poison, ...) show in the closing snapshot: every list ends with
 * one message carrying game_data, phase, player, cpu and counters.
 * The enemy's drawn and discarded cards never appear.
 */

import { type CardIndex, indexCatalogue } from "./card-index.ts";
import type { Catalogue } from "./card-types.ts";
import { TURN_CAP } from "./constants.ts";
import type { AbilityResult, BattleEvent } from "./events.ts";
import type { AbilityResultMsg, CpuMsg, StateMessage, TableSlotMsg } from "./messages.ts";
import { type BattleState, otherSide, type Side } from "./state.ts";
import { collectAuras } from "./stats.ts";
import { toPlayTarget } from "./step.ts";
import { phaseFor, unitMsg, viewSide } from "./view.ts";

function vs(viewer: Side, side: Side): "player" | "cpu" {
  return side === viewer ? "player" : "cpu";
}

function sideMsg(state: BattleState, index: CardIndex, side: Side): CpuMsg {
  const me = state.sides[side];
  const r = me.resources;
  const auras = collectAuras(state, index);
  const table: TableSlotMsg[] = me.table.map((u, cell) =>
    u ? unitMsg(state, index, side, cell, u, auras) : 0,
  );
  return {
    fire: { amount: r.fire.amount, inc: r.fire.inc },
    diamond: { amount: r.diamond.amount, inc: r.diamond.inc },
    pow: { amount: r.pow.amount, inc: r.pow.inc },
    hp: me.hp,
    maxHp: me.maxHp,
    table,
  };
}

/** The settle-on-this message: names, turn, version, phase, both sides and counters. */
export function snapshotMessage(
  state: BattleState,
  viewer: Side,
  catalogue: Catalogue,
): StateMessage {
  const index = indexCatalogue(catalogue);
  const foe = otherSide(viewer);
  const own = state.sides[viewer];
  const other = state.sides[foe];
  const hand: Record<string, number> = {};
  for (const h of own.hand) hand[String(h.key)] = h.card;
  return {
    game_data: {
      playerName: own.name,
      cpuName: other.name,
      turn: state.turn,
      turnCap: TURN_CAP,
      version: state.version,
      active: vs(viewer, state.active),
      cardsPlayed: state.played,
    },
    phase: phaseFor(state, viewer),
    player: { ...sideMsg(state, index, viewer), hand },
    cpu: sideMsg(state, index, foe),
    counters: {
      player: { deck_count: own.deck.length, hand_count: own.hand.length },
      cpu: { deck_count: other.deck.length, hand_count: other.hand.length },
    },
  };
}

function resultMsg(viewer: Side, r: AbilityResult): AbilityResultMsg {
  const msg: AbilityResultMsg = {
    target: toPlayTarget(viewer, r.target),
    effect: r.effect,
    amount: r.amount,
  };
  if (r.card !== undefined) msg.card = r.card;
  return msg;
}

function eventMessage(viewer: Side, e: BattleEvent): StateMessage | null {
  switch (e.type) {
    case "turn_start":
      return e.side === viewer ? { phase: "play_card" } : { cpu_start_turn: { turn: e.turn } };
    case "turn_end":
      if (e.side !== viewer) return { cpu_end_turn: { turn: e.turn, timeout: e.timeout } };
      return e.timeout ? { skip_turn: true } : null;
    case "card_played": {
      const target = e.target ? toPlayTarget(viewer, e.target) : null;
      if (e.side === viewer) {
        return { player_played_card: { card: e.card, handKey: e.handKey, cell: e.cell, target } };
      }
      return { cpu_played_card: { card: e.card, target, result: { cell: e.cell } } };
    }
    case "ability":
      return {
        middleware_ability: {
          tableKey: e.cell,
          side: vs(viewer, e.side),
          card_id: e.card,
          trigger: e.trigger,
          result: e.results.map((r) => resultMsg(viewer, r)),
          double_state: e.double,
        },
      };
    case "unit_fight":
      return {
        unit_fight: {
          tableKey: e.cell,
          sideA: vs(viewer, e.side),
          sideD: vs(viewer, otherSide(e.side)),
          attacking: e.attacking,
          defend: e.defend,
          pierce: e.pierce,
        },
      };
    case "unit_damage_to_player":
      return {
        unit_damage_to_player: { tableKey: e.cell, side: vs(viewer, e.side), damage: e.damage },
      };
    case "game_over":
      return { end_game: { winner: viewSide(viewer, e.winner), reason: e.reason } };
    // Shown through the closing snapshot (hands, hp, tables), not as messages
    // of their own (product.md section 7 has none for them).
    case "draw":
    case "burn":
    case "fatigue":
    case "lifesteal":
    case "poison":
    case "regenerate":
    case "unit_died":
    case "discard":
      return null;
    default: {
      // Every event type is listed above: a new one is a type error here.
      const unhandled: never = e;
      return unhandled;
    }
  }
}

/**
 * The state messages `viewer` receives for a step: one per event that has a
 * message, then the closing snapshot of `state` (the state after the step).
 */
export function messagesFor(
  events: readonly BattleEvent[],
  state: BattleState,
  viewer: Side,
  catalogue: Catalogue,
): StateMessage[] {
  const out: StateMessage[] = [];
  for (const e of events) {
    const msg = eventMessage(viewer, e);
    if (msg) out.push(msg);
  }
  out.push(snapshotMessage(state, viewer, catalogue));
  return out;
}
