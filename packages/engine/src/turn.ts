/** Turn start and turn end (rules.md section 1, Turn). */
import { afterDamage, fireSideTrigger, resolveDeaths } from "./abilities.ts";
import { cardInfo } from "./card-index.ts";
import { RESOURCES } from "./card-types.ts";
import { runCombat } from "./combat.ts";
import {
  DRAW_PER_TURN,
  OPENER_FIRST_TURN_DRAWS,
  OPENER_FIRST_TURN_GROWS,
  TURN_CAP,
} from "./constants.ts";
import { type Ctx, checkEnd, finish } from "./context.ts";
import { damageUnit } from "./effects.ts";
import { drawCards } from "./hand.ts";
import { otherSide } from "./state.ts";

/**
 * Start of the active side's turn: resources grow; draw 1 (fatigue from an
 * empty deck); own units wake, stun counters fall by 1, exhaustion and
 * temporary buffs end; poison ticks; regenerate heals; death check;
 * turn_start abilities (lanes 0-4). The opener's turn 1 skips grow and draw.
 */
export function startTurn(ctx: Ctx): void {
  const s = ctx.s;
  const side = s.active;
  const me = s.sides[side];
  ctx.events.push({ type: "turn_start", side, turn: s.turn });
  const openerFirst = s.turn === 1;
  if (!openerFirst || OPENER_FIRST_TURN_GROWS) {
    for (const r of RESOURCES) me.resources[r].amount += me.resources[r].inc;
  }
  if (!openerFirst || OPENER_FIRST_TURN_DRAWS) {
    drawCards(ctx, side, DRAW_PER_TURN);
    checkEnd(ctx);
    if (s.over) return;
  }
  for (const unit of me.table) {
    if (!unit) continue;
    unit.sleep = false;
    unit.stun = Math.max(0, unit.stun - 1);
    unit.exhausted = false;
    unit.tempAttack = 0;
    unit.tempHp = 0;
  }
  const damaged: number[] = [];
  for (let cell = 0; cell < me.table.length; cell++) {
    const unit = me.table[cell];
    if (!unit || unit.poison <= 0) continue;
    ctx.events.push({
      type: "poison",
      side,
      cell,
      damage: damageUnit(unit, unit.poison, damaged),
    });
  }
  // Keyword hooks at turn start (regenerate).
  for (let cell = 0; cell < me.table.length; cell++) {
    const unit = me.table[cell];
    if (!unit) continue;
    for (const hook of cardInfo(ctx.index, unit.card).rules.onTurnStart)
      hook(ctx, side, cell, unit);
  }
  afterDamage(ctx, damaged);
  resolveDeaths(ctx);
  if (s.over) return;
  fireSideTrigger(ctx, side, "turn_start");
}

/**
 * End of the active side's turn: combat, turn_end abilities, then the turn
 * cap or the other side's turn start.
 */
export function endTurn(ctx: Ctx, attackers: readonly (number | null)[], timeout: boolean): void {
  const s = ctx.s;
  const side = s.active;
  runCombat(ctx, side, attackers);
  if (s.over) return;
  fireSideTrigger(ctx, side, "turn_end");
  if (s.over) return;
  ctx.events.push({ type: "turn_end", side, turn: s.turn, timeout });
  if (s.turn >= TURN_CAP) {
    const hp0 = s.sides[0].hp;
    const hp1 = s.sides[1].hp;
    finish(ctx, hp0 > hp1 ? 0 : hp1 > hp0 ? 1 : null, "turn_cap");
    return;
  }
  s.turn += 1;
  s.active = otherSide(side);
  s.played = 0;
  startTurn(ctx);
}
