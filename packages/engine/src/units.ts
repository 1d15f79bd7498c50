import { type CardIndex, cardInfo } from "./card-index.ts";
import { newId } from "./context.ts";
import type { BattleState, Side, UnitState } from "./state.ts";

/** A fresh unit of a card: full hp, asleep, with a new entity id. */
export function createUnit(s: BattleState, index: CardIndex, card: number): UnitState {
  const info = cardInfo(index, card);
  return {
    uid: newId(s),
    card,
    attack: info.attack,
    hp: info.hp,
    damage: 0,
    tempAttack: 0,
    tempHp: 0,
    sleep: true,
    stun: 0,
    exhausted: false,
    poison: 0,
    destroyed: false,
  };
}

/**
 * The empty own cell a summon lands in: the nearest to the source cell
 * (the left one on a tie), or the lowest empty cell for a spell. -1 if full.
 */
export function summonCell(s: BattleState, side: Side, from: number | null): number {
  const table = s.sides[side].table;
  if (from === null) return table.indexOf(null);
  for (let d = 0; d < table.length; d++) {
    const left = from - d;
    if (left >= 0 && left < table.length && table[left] === null) return left;
    const right = from + d;
    if (right >= 0 && right < table.length && table[right] === null) return right;
  }
  return -1;
}
