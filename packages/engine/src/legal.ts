/**
 * The one list of legal actions (architecture.md principle 3), for the side
 * to move. Every action listed here is accepted by step (the fuzz test checks
 * it). The server's timeout action is not listed.
 */

import type { Action } from "./actions.ts";
import { type CardIndex, indexCatalogue } from "./card-index.ts";
import type { Catalogue } from "./card-types.ts";
import { CARDS_PER_TURN, MAX_HAND_AT_END_TURN } from "./constants.ts";
import { type BoardUnit, type PlayBoard, playableCards } from "./playable.ts";
import { type BattleState, otherSide, type Side } from "./state.ts";
import { collectAuras, isDying, isReady } from "./stats.ts";

/** The acting side's board as playable.ts reads it (a dying unit fills its cell but is no target). */
function boardOf(state: BattleState, index: CardIndex, side: Side): PlayBoard {
  const auras = collectAuras(state, index);
  const units = (of: Side): (BoardUnit | null)[] =>
    state.sides[of].table.map((unit, cell) =>
      unit ? { card: unit.card, targetable: !isDying(state, index, of, cell, unit, auras) } : null,
    );
  const me = state.sides[side];
  return {
    mayPlay: !state.over && state.played < CARDS_PER_TURN,
    resources: me.resources,
    hand: me.hand,
    own: units(side),
    enemy: units(otherSide(side)),
  };
}

/**
 * Every legal play_card (each playable hand card x each legal cell x each
 * legal target, from playable.ts), the end_turn variants with all-defence
 * flags (one per discard choice when the hand holds more than 6 cards), and
 * give_up.
 */
export function legalActions(state: BattleState, catalogue: Catalogue): Action[] {
  if (state.over) return [];
  const index = indexCatalogue(catalogue);
  const side = state.active;
  const me = state.sides[side];
  const out: Action[] = [];
  // The card of the turn already played: no board to read.
  const plays =
    state.played < CARDS_PER_TURN ? playableCards(boardOf(state, index, side), catalogue) : [];
  for (const play of plays) {
    const handKey = play.handKey;
    if (play.isUnit) {
      for (const cell of play.cells) {
        if (play.targets.length === 0) out.push({ type: "play_card", side, handKey, cell });
        for (const target of play.targets) {
          out.push({ type: "play_card", side, handKey, cell, target });
        }
      }
    } else if (!play.needsTarget) {
      out.push({ type: "play_card", side, handKey });
    } else {
      for (const target of play.targets) out.push({ type: "play_card", side, handKey, target });
    }
  }
  const defence = new Array<boolean>(me.table.length).fill(false);
  if (me.hand.length > MAX_HAND_AT_END_TURN) {
    for (const hand of me.hand) {
      out.push({ type: "end_turn", side, attack: defence.slice(), discard: hand.key });
    }
  } else {
    out.push({ type: "end_turn", side, attack: defence });
  }
  out.push({ type: "give_up", side });
  return out;
}

/** Cells of side whose unit may be flagged attack now (ready: awake, no wall, no stun, attack >= 1). */
export function readyAttackers(state: BattleState, side: Side, catalogue: Catalogue): number[] {
  if (state.over || state.active !== side) return [];
  const index = indexCatalogue(catalogue);
  const table = state.sides[side].table;
  const out: number[] = [];
  const auras = collectAuras(state, index);
  for (let c = 0; c < table.length; c++) {
    const unit = table[c];
    if (unit && isReady(state, index, side, c, unit, auras)) out.push(c);
  }
  return out;
}
