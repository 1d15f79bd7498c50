/**
 * Firing abilities, on_damaged, and the death check. The order is written
 * down in packages/engine/README.md ("Order of death checks and triggers").
 */

import { cardInfo } from "./card-index.ts";
import type { Ability, Trigger } from "./card-types.ts";
import { MAX_TRIGGER_DEPTH } from "./constants.ts";
import { boardAuras, type Ctx, checkEnd, findUnitCell, type Source, setCell } from "./context.ts";
import { applyEffect } from "./effects.ts";
import type { AbilityResult } from "./events.ts";
import { otherSide, type Side, type UnitState } from "./state.ts";
import { isDying } from "./stats.ts";
import type { Aim } from "./targets.ts";

/**
 * One ability fires: emit its event, apply the effect (twice if double),
 * check the castles, fire on_damaged of the damaged survivors, then run the
 * death check (which fires on_death).
 */
export function fireAbility(
  ctx: Ctx,
  src: Source,
  ability: Ability,
  trigger: Trigger,
  selected: Aim | null,
): void {
  const s = ctx.s;
  if (s.over || ctx.budget <= 0 || ctx.depth > MAX_TRIGGER_DEPTH) return;
  ctx.budget--;
  const results: AbilityResult[] = [];
  const double = ability.double === true;
  ctx.events.push({
    type: "ability",
    side: src.side,
    cell: src.uid === null ? src.cell : cellNow(ctx, src),
    card: src.card,
    trigger,
    effect: ability.effect.kind,
    double,
    results,
  });
  const damaged: number[] = [];
  applyEffect(ctx, src, ability, selected, results, damaged);
  if (double) applyEffect(ctx, src, ability, selected, results, damaged);
  checkEnd(ctx);
  if (s.over) return;
  afterDamage(ctx, damaged);
  resolveDeaths(ctx);
}

function cellNow(ctx: Ctx, src: Source): number | null {
  if (src.uid === null) return src.cell;
  const cell = findUnitCell(ctx.s, src.side, src.uid);
  return cell >= 0 ? cell : src.cell;
}

/**
 * Fires the `trigger` abilities of the unit with this id, while it stays on
 * the table (a unit that leaves stops firing the rest of its abilities).
 */
export function fireUnitTrigger(
  ctx: Ctx,
  side: Side,
  uid: number,
  trigger: Trigger,
  selected: Aim | null = null,
): void {
  const s = ctx.s;
  let cell = findUnitCell(s, side, uid);
  if (cell < 0) return;
  const first = s.sides[side].table[cell];
  if (!first) return;
  const abilities = cardInfo(ctx.index, first.card).byTrigger[trigger];
  for (const ability of abilities) {
    if (s.over) return;
    cell = findUnitCell(s, side, uid);
    if (cell < 0) return;
    const unit = s.sides[side].table[cell];
    if (!unit || isDying(s, ctx.index, side, cell, unit, boardAuras(ctx))) return;
    const sel = ability.target === "selected" ? selected : null;
    fireAbility(ctx, { side, cell, uid, card: unit.card }, ability, trigger, sel);
  }
}

/** Fires `trigger` for every unit of side, lanes 0 to 4 (the units there when it starts). */
export function fireSideTrigger(ctx: Ctx, side: Side, trigger: Trigger): void {
  const uids: number[] = [];
  for (const unit of ctx.s.sides[side].table) {
    if (unit && cardInfo(ctx.index, unit.card).byTrigger[trigger].length > 0) uids.push(unit.uid);
  }
  for (const uid of uids) {
    if (ctx.s.over) return;
    fireUnitTrigger(ctx, side, uid, trigger);
  }
}

/** on_damaged of every unit that took damage and still lives, in the order first damaged. */
export function afterDamage(ctx: Ctx, damaged: readonly number[]): void {
  if (damaged.length === 0) return;
  const seen = new Set<number>();
  ctx.depth++;
  for (const uid of damaged) {
    if (ctx.s.over) break;
    if (seen.has(uid)) continue;
    seen.add(uid);
    for (const side of [ctx.s.active, otherSide(ctx.s.active)]) {
      const cell = findUnitCell(ctx.s, side, uid);
      if (cell < 0) continue;
      const unit = ctx.s.sides[side].table[cell];
      if (unit && cardInfo(ctx.index, unit.card).byTrigger.on_damaged.length > 0) {
        fireUnitTrigger(ctx, side, uid, "on_damaged");
      }
      break;
    }
  }
  ctx.depth--;
}

interface Dead {
  side: Side;
  cell: number;
  unit: UnitState;
}

/**
 * The death check: every unit at 0 hp or less (or destroyed) leaves the
 * table at once (active side first, lanes 0-4), then their on_death abilities
 * fire in that order. Repeat until nobody is dying (a dead aura source can
 * kill more). Then the castles are checked.
 */
export function resolveDeaths(ctx: Ctx): void {
  const s = ctx.s;
  for (;;) {
    if (s.over) return;
    let dead: Dead[] | null = null;
    const auras = boardAuras(ctx);
    for (let i = 0; i < 2; i++) {
      const side = i === 0 ? s.active : otherSide(s.active);
      const table = s.sides[side].table;
      for (let cell = 0; cell < table.length; cell++) {
        const unit = table[cell];
        if (unit && isDying(s, ctx.index, side, cell, unit, auras)) {
          dead ??= [];
          dead.push({ side, cell, unit });
        }
      }
    }
    if (dead === null) break;
    for (const d of dead) {
      setCell(ctx, d.side, d.cell, null);
      ctx.events.push({
        type: "unit_died",
        side: d.side,
        cell: d.cell,
        card: d.unit.card,
        uid: d.unit.uid,
      });
    }
    ctx.depth++;
    for (const d of dead) {
      for (const ability of cardInfo(ctx.index, d.unit.card).byTrigger.on_death) {
        if (s.over) break;
        const src: Source = { side: d.side, cell: d.cell, uid: d.unit.uid, card: d.unit.card };
        fireAbility(ctx, src, ability, "on_death", null);
      }
    }
    ctx.depth--;
  }
  checkEnd(ctx);
}
