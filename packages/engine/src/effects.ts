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
 *
 * Each kind is one entry of `EFFECT_HANDLERS`, a record keyed by every
 * EffectKind: a kind without a handler does not compile.
 */

import { cardInfo } from "./card-index.ts";
import type { Ability, Effect, EffectKind, EffectOf } from "./card-types.ts";
import { healCastle } from "./castle.ts";
import { type Ctx, findUnitCell, type Source, setCell } from "./context.ts";
import type { AbilityResult, Target } from "./events.ts";
import { addToHand, discardRandom, drawCards } from "./hand.ts";
import { otherSide, type Side, type UnitState } from "./state.ts";
import { type Aim, resolveTargets, sourceCell } from "./targets.ts";
import { createUnit, summonCell } from "./units.ts";

function castle(side: Side): Target {
  return { kind: "castle", side };
}

/** Marks damage on a unit and remembers it for on_damaged. */
export function damageUnit(unit: UnitState, amount: number, damaged: number[]): number {
  if (amount <= 0) return 0;
  unit.damage += amount;
  damaged.push(unit.uid);
  return amount;
}

/** Where one firing of an effect lands, for the handlers below. */
export interface Firing {
  ctx: Ctx;
  src: Source;
  out: AbilityResult[];
  damaged: number[];
}

/**
 * How one effect kind applies. `owner` effects ignore the target selector
 * and act for the source's side (resources, cards, summons); `targeted`
 * effects apply to each resolved target: `unit` to a unit on the table,
 * `castle` to a castle (absent: nothing happens to a castle).
 */
export type EffectHandler<E extends Effect> =
  | { scope: "owner"; apply(f: Firing, effect: E): void }
  | {
      scope: "targeted";
      unit(f: Firing, effect: E, side: Side, cell: number, unit: UnitState): void;
      castle?(f: Firing, effect: E, side: Side): void;
    };

function unitTarget(side: Side, cell: number): Target {
  return { kind: "unit", side, cell };
}

function gainOwn(field: "amount" | "inc") {
  return (f: Firing, effect: EffectOf<"gain_resource" | "gain_inc">): void => {
    const me = f.src.side;
    const r = f.ctx.s.sides[me].resources[effect.resource];
    const before = r[field];
    r[field] = Math.max(0, before + effect.amount);
    f.out.push({ target: castle(me), effect: effect.kind, amount: r[field] - before });
  };
}

function drainEnemy(field: "amount" | "inc") {
  return (f: Firing, effect: EffectOf<"drain_resource" | "drain_inc">): void => {
    const foe = otherSide(f.src.side);
    const r = f.ctx.s.sides[foe].resources[effect.resource];
    const before = r[field];
    r[field] = Math.max(0, before - Math.max(0, effect.amount));
    f.out.push({ target: castle(foe), effect: effect.kind, amount: before - r[field] });
  };
}

/** Every effect kind's rule (see the list at the top of this file). */
export const EFFECT_HANDLERS: { readonly [K in EffectKind]: EffectHandler<EffectOf<K>> } = {
  damage: {
    scope: "targeted",
    unit(f, effect, side, cell, unit) {
      f.out.push({
        target: unitTarget(side, cell),
        effect: "damage",
        amount: damageUnit(unit, effect.amount, f.damaged),
      });
    },
    castle(f, effect, side) {
      const amount = Math.max(0, effect.amount);
      f.ctx.s.sides[side].hp -= amount;
      f.out.push({ target: castle(side), effect: "damage", amount });
    },
  },
  heal: {
    scope: "targeted",
    unit(f, effect, side, cell, unit) {
      const healed = Math.max(0, Math.min(effect.amount, unit.damage));
      unit.damage -= healed;
      f.out.push({ target: unitTarget(side, cell), effect: "heal", amount: healed });
    },
    castle(f, effect, side) {
      f.out.push({
        target: castle(side),
        effect: "heal",
        amount: healCastle(f.ctx, side, effect.amount),
      });
    },
  },
  buff: {
    scope: "targeted",
    unit(f, effect, side, cell, unit) {
      if (effect.temporary) {
        unit.tempAttack += effect.attack;
        unit.tempHp += effect.hp;
      } else {
        unit.attack += effect.attack;
        unit.hp += effect.hp;
      }
      f.out.push({
        target: unitTarget(side, cell),
        effect: "buff",
        amount: effect.attack + effect.hp,
      });
    },
  },
  stun: {
    scope: "targeted",
    unit(f, effect, side, cell, unit) {
      unit.stun = Math.max(unit.stun, effect.turns);
      f.out.push({ target: unitTarget(side, cell), effect: "stun", amount: effect.turns });
    },
  },
  destroy: {
    scope: "targeted",
    unit(f, _effect, side, cell, unit) {
      unit.destroyed = true;
      f.out.push({ target: unitTarget(side, cell), effect: "destroy", amount: 1 });
    },
  },
  gain_resource: { scope: "owner", apply: gainOwn("amount") },
  gain_inc: { scope: "owner", apply: gainOwn("inc") },
  drain_resource: { scope: "owner", apply: drainEnemy("amount") },
  drain_inc: { scope: "owner", apply: drainEnemy("inc") },
  draw: {
    scope: "owner",
    apply(f, effect) {
      const me = f.src.side;
      f.out.push({
        target: castle(me),
        effect: "draw",
        amount: drawCards(f.ctx, me, effect.amount),
      });
    },
  },
  discard: {
    scope: "owner",
    apply(f, effect) {
      const foe = otherSide(f.src.side);
      f.out.push({
        target: castle(foe),
        effect: "discard",
        amount: discardRandom(f.ctx, foe, effect.amount),
      });
    },
  },
  summon: {
    scope: "owner",
    apply(f, effect) {
      const s = f.ctx.s;
      const me = f.src.side;
      const cell = summonCell(s, me, sourceCell(s, f.src));
      if (cell < 0) {
        f.out.push({ target: castle(me), effect: "summon", amount: 0, card: effect.cardId });
        return;
      }
      setCell(f.ctx, me, cell, createUnit(s, f.ctx.index, effect.cardId));
      f.out.push({
        target: unitTarget(me, cell),
        effect: "summon",
        amount: 1,
        card: effect.cardId,
      });
    },
  },
  return_to_hand: {
    scope: "targeted",
    unit(f, _effect, side, cell, unit) {
      setCell(f.ctx, side, cell, null);
      const info = cardInfo(f.ctx.index, unit.card);
      const kept = !info.token && addToHand(f.ctx, side, unit.card);
      f.out.push({
        target: unitTarget(side, cell),
        effect: "return_to_hand",
        amount: kept ? 1 : 0,
        card: unit.card,
      });
    },
  },
  swap_cells: {
    scope: "targeted",
    unit(f, _effect, side, cell, unit) {
      const table = f.ctx.s.sides[side].table;
      const to = (cell + 1) % table.length;
      setCell(f.ctx, side, cell, table[to] ?? null);
      setCell(f.ctx, side, to, unit);
      f.out.push({ target: unitTarget(side, cell), effect: "swap_cells", amount: to });
    },
  },
};

/** The handler of an effect's kind, typed for that effect. */
function handlerOf<E extends Effect>(effect: E): EffectHandler<E> {
  // The record's type pairs each kind with its handler; TypeScript cannot
  // follow that pairing through an indexed read of a union, hence the cast.
  return EFFECT_HANDLERS[effect.kind] as EffectHandler<E>;
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
  const handler = handlerOf(effect);
  const f: Firing = { ctx, src, out, damaged };
  if (handler.scope === "owner") {
    handler.apply(f, effect);
    return;
  }
  for (const aim of resolveTargets(ctx, src, ability, selected)) {
    const t = aim.target;
    if (t.kind === "castle") {
      handler.castle?.(f, effect, t.side);
      continue;
    }
    // An earlier target of the same firing may have moved this unit (swap_cells).
    const cell = aim.uid === null ? -1 : findUnitCell(s, t.side, aim.uid);
    const unit = cell >= 0 ? s.sides[t.side].table[cell] : null;
    if (unit) handler.unit(f, effect, t.side, cell, unit);
  }
}
