/**
 * Derived stats (architecture.md principle 5). Auras are never added to or
 * removed from a unit: effective attack and hp are computed from the board
 * every time they are read.
 *
 * Aura coverage, from the aura's source unit: self = the source only;
 * facing_unit = the enemy unit in the same cell; adjacent_own = own units in
 * the cells beside it; all_own = the OTHER own units; all_enemy = every enemy
 * unit; all_units = every unit but the source. Other selectors mean nothing
 * for an aura. Only buff effects are continuous; a `double` aura counts twice.
 */

import { type CardIndex, type CardInfo, cardInfo, indexCatalogue } from "./card-index.ts";
import type { Ability, Catalogue, TargetSelector } from "./card-types.ts";
import { type BattleState, SIDES, type Side, type UnitState } from "./state.ts";

/** One aura ability on the board, as read at one moment. */
export interface AuraSource {
  side: Side;
  cell: number;
  ability: Ability;
  attack: number;
  hp: number;
}

const NO_AURAS: readonly AuraSource[] = [];

function auraCovers(
  target: TargetSelector,
  sourceSide: Side,
  sourceCell: number,
  side: Side,
  cell: number,
): boolean {
  const sameSide = sourceSide === side;
  switch (target) {
    case "self":
      return sameSide && sourceCell === cell;
    case "facing_unit":
      return !sameSide && sourceCell === cell;
    case "adjacent_own":
      return sameSide && (sourceCell === cell + 1 || sourceCell === cell - 1);
    case "all_own":
      return sameSide && sourceCell !== cell;
    case "all_enemy":
      return !sameSide;
    case "all_units":
      return !(sameSide && sourceCell === cell);
    // An aura names units around it; these selectors name none (a player's
    // choice, a random pick or a castle), so an aura with them covers nothing.
    case "selected":
    case "random_enemy":
    case "own_castle":
    case "enemy_castle":
      return false;
    default: {
      // Every selector is listed above: a new one is a type error here.
      const unhandled: never = target;
      return unhandled;
    }
  }
}

export function filterMatches(info: CardInfo, filter: Ability["filter"]): boolean {
  if (!filter) return true;
  if (filter.faction !== undefined && info.def.faction !== filter.faction) return false;
  if (filter.type === "wall" && !info.wall) return false;
  return true;
}

/** Every aura on the board now. Read it again after the board changes. */
export function collectAuras(state: BattleState, index: CardIndex): readonly AuraSource[] {
  if (!index.anyAura) return NO_AURAS;
  let out: AuraSource[] | null = null;
  for (const side of SIDES) {
    const table = state.sides[side].table;
    for (let cell = 0; cell < table.length; cell++) {
      const unit = table[cell];
      if (!unit) continue;
      const info = cardInfo(index, unit.card);
      if (!info.hasAura) continue;
      for (const ability of info.byTrigger.aura) {
        const effect = ability.effect;
        if (effect.kind !== "buff") continue;
        const times = ability.double ? 2 : 1;
        out ??= [];
        out.push({ side, cell, ability, attack: effect.attack * times, hp: effect.hp * times });
      }
    }
  }
  return out ?? NO_AURAS;
}

export interface EffectiveStats {
  attack: number;
  /** Current hp: max hp minus damage. */
  hp: number;
  maxHp: number;
}

/** Effective stats of a unit under the given auras (collectAuras of the same board). */
export function statsUnder(
  auras: readonly AuraSource[],
  index: CardIndex,
  side: Side,
  cell: number,
  unit: UnitState,
): EffectiveStats {
  let attack = unit.attack + unit.tempAttack;
  let maxHp = unit.hp + unit.tempHp;
  if (auras.length > 0) {
    const info = cardInfo(index, unit.card);
    for (const a of auras) {
      if (!auraCovers(a.ability.target, a.side, a.cell, side, cell)) continue;
      if (!filterMatches(info, a.ability.filter)) continue;
      attack += a.attack;
      maxHp += a.hp;
    }
  }
  return { attack: Math.max(0, attack), hp: maxHp - unit.damage, maxHp };
}

/** Current hp under the given auras, without allocating (the death check's hot path). */
export function hpUnder(
  auras: readonly AuraSource[],
  index: CardIndex,
  side: Side,
  cell: number,
  unit: UnitState,
): number {
  let maxHp = unit.hp + unit.tempHp;
  if (auras.length > 0) {
    const info = cardInfo(index, unit.card);
    for (const a of auras) {
      if (a.hp === 0) continue;
      if (!auraCovers(a.ability.target, a.side, a.cell, side, cell)) continue;
      if (!filterMatches(info, a.ability.filter)) continue;
      maxHp += a.hp;
    }
  }
  return maxHp - unit.damage;
}

export function effectiveStats(
  state: BattleState,
  index: CardIndex,
  side: Side,
  cell: number,
  unit: UnitState,
): EffectiveStats {
  return statsUnder(collectAuras(state, index), index, side, cell, unit);
}

/** Destroyed, or at 0 hp or less: leaves the table at the next death check. */
export function isDying(
  state: BattleState,
  index: CardIndex,
  side: Side,
  cell: number,
  unit: UnitState,
  auras: readonly AuraSource[] = collectAuras(state, index),
): boolean {
  return unit.destroyed || hpUnder(auras, index, side, cell, unit) <= 0;
}

/**
 * May be flagged attack: not asleep, not a wall, not stunned, not exhausted,
 * attack >= 1 (rules.md section 1, Turn 3).
 */
export function isReady(
  state: BattleState,
  index: CardIndex,
  side: Side,
  cell: number,
  unit: UnitState,
  auras: readonly AuraSource[] = collectAuras(state, index),
): boolean {
  if (unit.sleep || unit.stun > 0 || unit.exhausted || unit.destroyed) return false;
  if (!cardInfo(index, unit.card).rules.mayAttack) return false;
  return statsUnder(auras, index, side, cell, unit).attack >= 1;
}

/** Effective stats of every cell of side's table (null for an empty cell). */
export function tableStats(
  state: BattleState,
  side: Side,
  catalogue: Catalogue,
): (EffectiveStats | null)[] {
  const index = indexCatalogue(catalogue);
  const auras = collectAuras(state, index);
  return state.sides[side].table.map((u, cell) =>
    u ? statsUnder(auras, index, side, cell, u) : null,
  );
}

/** Effective attack, current hp and max hp of the unit in (side, cell); null for an empty cell. */
export function unitStats(
  state: BattleState,
  side: Side,
  cell: number,
  catalogue: Catalogue,
): EffectiveStats | null {
  const unit = state.sides[side].table[cell];
  if (!unit) return null;
  return effectiveStats(state, indexCatalogue(catalogue), side, cell, unit);
}
