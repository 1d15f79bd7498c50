/**
 * The effect vocabulary (card-types.ts Effect). One call applies one firing
 * of an ability; `double` abilities are fired twice by the caller.
 *
 * - damage / heal: units or castles. A unit heals up to its max hp (its
 *   marked damage falls); a castle up to its starting hp.
 * - buff: units only; temporary buffs end at the start of the unit owner's
 *   next turn. A negative hp buff can kill.
 * - stun N: the unit's stun counter becomes max(counter, N).
 * - destroy: the unit leaves at the next death check (on_death fires).
 * - gain_resource / gain_inc: the owner's; drain_resource / drain_inc: the
 *   enemy's, never below 0. These, draw (owner), discard (enemy, random) and
 *   summon (owner's table) ignore the target selector.
 * - summon: a token into the empty own cell nearest the source, asleep;
 *   nothing when the table is full.
 * - return_to_hand: the unit goes back to its owner's hand as its card
 *   (buffs lost, no on_death); lost when that hand is full. Tokens vanish.
 * - swap_cells: the unit trades places with whatever is in the next cell to
 *   its right on its own side (cell 4 trades with cell 0).
 */

import { cardInfo } from "./card-index.ts";
import type { Ability, Effect } from "./card-types.ts";
import { type Ctx, findUnitCell, type Source, setCell } from "./context.ts";
import type { AbilityResult, Target } from "./events.ts";
import { addToHand, discardRandom, drawCards } from "./hand.ts";
import { otherSide, type Side, type UnitState } from "./state.ts";
import { type Aim, resolveTargets, sourceCell } from "./targets.ts";
import { createUnit, summonCell } from "./units.ts";

function castle(side: Side): Target {
  return { kind: "castle", side };
}

export function healCastle(ctx: Ctx, side: Side, amount: number): number {
  const me = ctx.s.sides[side];
  if (amount <= 0 || me.hp >= me.maxHp) return 0;
  const healed = Math.min(amount, me.maxHp - me.hp);
  me.hp += healed;
  return healed;
}

/** Marks damage on a unit and remembers it for on_damaged. */
export function damageUnit(unit: UnitState, amount: number, damaged: number[]): number {
  if (amount <= 0) return 0;
  unit.damage += amount;
  damaged.push(unit.uid);
  return amount;
}

function applyToUnit(
  ctx: Ctx,
  effect: Effect,
  side: Side,
  cell: number,
  unit: UnitState,
  out: AbilityResult[],
  damaged: number[],
): void {
  const s = ctx.s;
  const target: Target = { kind: "unit", side, cell };
  switch (effect.kind) {
    case "damage":
      out.push({ target, effect: "damage", amount: damageUnit(unit, effect.amount, damaged) });
      return;
    case "heal": {
      const healed = Math.max(0, Math.min(effect.amount, unit.damage));
      unit.damage -= healed;
      out.push({ target, effect: "heal", amount: healed });
      return;
    }
    case "buff":
      if (effect.temporary) {
        unit.tempAttack += effect.attack;
        unit.tempHp += effect.hp;
      } else {
        unit.attack += effect.attack;
        unit.hp += effect.hp;
      }
      out.push({ target, effect: "buff", amount: effect.attack + effect.hp });
      return;
    case "stun":
      unit.stun = Math.max(unit.stun, effect.turns);
      out.push({ target, effect: "stun", amount: effect.turns });
      return;
    case "destroy":
      unit.destroyed = true;
      out.push({ target, effect: "destroy", amount: 1 });
      return;
    case "return_to_hand": {
      setCell(ctx, side, cell, null);
      const info = cardInfo(ctx.index, unit.card);
      const kept = !info.token && addToHand(ctx, side, unit.card);
      out.push({ target, effect: "return_to_hand", amount: kept ? 1 : 0, card: unit.card });
      return;
    }
    case "swap_cells": {
      const table = s.sides[side].table;
      const to = (cell + 1) % table.length;
      setCell(ctx, side, cell, table[to] ?? null);
      setCell(ctx, side, to, unit);
      out.push({ target, effect: "swap_cells", amount: to });
      return;
    }
    default:
      return;
  }
}

function applyToCastle(ctx: Ctx, effect: Effect, side: Side, out: AbilityResult[]): void {
  const me = ctx.s.sides[side];
  if (effect.kind === "damage") {
    const amount = Math.max(0, effect.amount);
    me.hp -= amount;
    out.push({ target: castle(side), effect: "damage", amount });
  } else if (effect.kind === "heal") {
    out.push({
      target: castle(side),
      effect: "heal",
      amount: healCastle(ctx, side, effect.amount),
    });
  }
  // buff, stun, destroy, return_to_hand and swap_cells mean nothing for a castle.
}

/** One firing of `ability` from `src`. Results go to `out`, damaged unit ids to `damaged`. */
export function applyEffect(
  ctx: Ctx,
  src: Source,
  ability: Ability,
  selected: Aim | null,
  out: AbilityResult[],
  damaged: number[],
): void {
  const s = ctx.s;
  const effect = ability.effect;
  const me = src.side;
  const foe = otherSide(me);
  switch (effect.kind) {
    case "gain_resource":
    case "gain_inc": {
      const r = s.sides[me].resources[effect.resource];
      const field = effect.kind === "gain_resource" ? "amount" : "inc";
      const before = r[field];
      r[field] = Math.max(0, before + effect.amount);
      out.push({ target: castle(me), effect: effect.kind, amount: r[field] - before });
      return;
    }
    case "drain_resource":
    case "drain_inc": {
      const r = s.sides[foe].resources[effect.resource];
      const field = effect.kind === "drain_resource" ? "amount" : "inc";
      const before = r[field];
      r[field] = Math.max(0, before - Math.max(0, effect.amount));
      out.push({ target: castle(foe), effect: effect.kind, amount: before - r[field] });
      return;
    }
    case "draw":
      out.push({ target: castle(me), effect: "draw", amount: drawCards(ctx, me, effect.amount) });
      return;
    case "discard":
      out.push({
        target: castle(foe),
        effect: "discard",
        amount: discardRandom(ctx, foe, effect.amount),
      });
      return;
    case "summon": {
      const cell = summonCell(s, me, sourceCell(s, src));
      if (cell < 0) {
        out.push({ target: castle(me), effect: "summon", amount: 0, card: effect.cardId });
        return;
      }
      setCell(ctx, me, cell, createUnit(s, ctx.index, effect.cardId));
      out.push({
        target: { kind: "unit", side: me, cell },
        effect: "summon",
        amount: 1,
        card: effect.cardId,
      });
      return;
    }
    default:
      break;
  }
  for (const aim of resolveTargets(ctx, src, ability, selected)) {
    const t = aim.target;
    if (t.kind === "castle") {
      applyToCastle(ctx, effect, t.side, out);
      continue;
    }
    // An earlier target of the same firing may have moved this unit (swap_cells).
    const cell = aim.uid === null ? -1 : findUnitCell(s, t.side, aim.uid);
    const unit = cell >= 0 ? s.sides[t.side].table[cell] : null;
    if (unit) applyToUnit(ctx, effect, t.side, cell, unit, out, damaged);
  }
}
