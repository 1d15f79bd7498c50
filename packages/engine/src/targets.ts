/**
 * Target selectors of triggered and played abilities (card-types.ts
 * TargetSelector), from the source's owner's view. Units about to die (0 hp,
 * destroyed) are never targets; a filter on the ability narrows the units.
 * For triggered abilities all_own and all_units include the source itself
 * (auras do not: see stats.ts).
 */

import { type CardIndex, cardInfo } from "./card-index.ts";
import type { Ability } from "./card-types.ts";
import { boardAuras, type Ctx, findUnitCell, type Source } from "./context.ts";
import type { Target } from "./events.ts";
import { selectionAllows } from "./playable.ts";
import { nextInt } from "./rng.ts";
import { type BattleState, otherSide, type Side } from "./state.ts";
import { type AuraSource, collectAuras, filterMatches, isDying } from "./stats.ts";

/** A resolved target; units carry their entity id so a moved or replaced unit is not hit. */
export interface Aim {
  target: Target;
  uid: number | null;
}

function liveUnit(
  s: BattleState,
  index: CardIndex,
  side: Side,
  cell: number,
  ability: Ability,
  auras: readonly AuraSource[],
): Aim | null {
  const unit = s.sides[side].table[cell];
  if (!unit) return null;
  if (isDying(s, index, side, cell, unit, auras)) return null;
  if (!filterMatches(cardInfo(index, unit.card), ability.filter)) return null;
  return { target: { kind: "unit", side, cell }, uid: unit.uid };
}

function allOf(
  s: BattleState,
  index: CardIndex,
  side: Side,
  ability: Ability,
  auras: readonly AuraSource[],
  out: Aim[],
): void {
  const cells = s.sides[side].table.length;
  for (let c = 0; c < cells; c++) {
    const aim = liveUnit(s, index, side, c, ability, auras);
    if (aim) out.push(aim);
  }
}

/** The current cell of the source unit, or null (a spell, or a unit that left). */
export function sourceCell(s: BattleState, src: Source): number | null {
  if (src.uid === null) return src.cell;
  const cell = findUnitCell(s, src.side, src.uid);
  return cell >= 0 ? cell : src.cell;
}

export function resolveTargets(
  ctx: Ctx,
  src: Source,
  ability: Ability,
  selected: Aim | null,
): Aim[] {
  const { s, index } = ctx;
  const me = src.side;
  const foe = otherSide(me);
  const out: Aim[] = [];
  const auras = boardAuras(ctx);
  switch (ability.target) {
    case "selected":
      if (selected) {
        if (selected.target.kind === "castle") out.push(selected);
        else {
          const aim = liveUnit(
            s,
            index,
            selected.target.side,
            selected.target.cell,
            ability,
            auras,
          );
          if (aim && aim.uid === selected.uid) out.push(aim);
        }
      }
      break;
    case "self": {
      if (src.uid === null) break;
      const cell = findUnitCell(s, me, src.uid);
      if (cell < 0) break;
      const aim = liveUnit(s, index, me, cell, ability, auras);
      if (aim) out.push(aim);
      break;
    }
    case "facing_unit": {
      const cell = sourceCell(s, src);
      if (cell === null) break;
      const aim = liveUnit(s, index, foe, cell, ability, auras);
      if (aim) out.push(aim);
      break;
    }
    case "adjacent_own": {
      const cell = sourceCell(s, src);
      if (cell === null) break;
      for (const c of [cell - 1, cell + 1]) {
        if (c < 0 || c >= s.sides[me].table.length) continue;
        const aim = liveUnit(s, index, me, c, ability, auras);
        if (aim) out.push(aim);
      }
      break;
    }
    case "all_own":
      allOf(s, index, me, ability, auras, out);
      break;
    case "all_enemy":
      allOf(s, index, foe, ability, auras, out);
      break;
    case "all_units":
      allOf(s, index, me, ability, auras, out);
      allOf(s, index, foe, ability, auras, out);
      break;
    case "random_enemy": {
      const pool: Aim[] = [];
      allOf(s, index, foe, ability, auras, pool);
      if (pool.length > 0) {
        const pick = pool[nextInt(s, pool.length)];
        if (pick) out.push(pick);
      }
      break;
    }
    case "own_castle":
      out.push({ target: { kind: "castle", side: me }, uid: null });
      break;
    case "enemy_castle":
      out.push({ target: { kind: "castle", side: foe }, uid: null });
      break;
  }
  return out;
}

/**
 * May the acting side name this target for a card whose on_play abilities
 * need one? The unit must be alive, and every selecting ability must allow it
 * (aim, side, filter: playable.ts selectionAllows, shared with the client).
 */
export function selectionAllowed(
  s: BattleState,
  index: CardIndex,
  actor: Side,
  abilities: readonly Ability[],
  target: Target,
  auras: readonly AuraSource[] = collectAuras(s, index),
): boolean {
  let unitInfo = null;
  if (target.kind === "unit") {
    const unit = s.sides[target.side].table[target.cell];
    if (!unit || isDying(s, index, target.side, target.cell, unit, auras)) return false;
    unitInfo = cardInfo(index, unit.card);
  }
  return selectionAllows(abilities, target.side === actor ? "player" : "cpu", unitInfo);
}

/** Every target the acting side may name for the card (castles first, then cells 0-4). */
export function legalSelections(
  s: BattleState,
  index: CardIndex,
  actor: Side,
  abilities: readonly Ability[],
): Target[] {
  const out: Target[] = [];
  const auras = collectAuras(s, index);
  for (const side of [actor, otherSide(actor)]) {
    const castle: Target = { kind: "castle", side };
    if (selectionAllowed(s, index, actor, abilities, castle, auras)) out.push(castle);
    const table = s.sides[side].table;
    for (let c = 0; c < table.length; c++) {
      if (!table[c]) continue;
      const unit: Target = { kind: "unit", side, cell: c };
      if (selectionAllowed(s, index, actor, abilities, unit, auras)) out.push(unit);
    }
  }
  return out;
}
