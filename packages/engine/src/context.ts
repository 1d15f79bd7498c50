/** The mutable working set of one step: a private draft of the state plus its event log. */
import type { CardIndex } from "./card-index.ts";
import { MAX_TRIGGERS_PER_STEP } from "./constants.ts";
import type { Draft } from "./draft.ts";
import type { BattleState, EndReason, Side, UnitState } from "./state.ts";
import { type AuraSource, collectAuras } from "./stats.ts";

export interface Ctx extends Draft {
  index: CardIndex;
  /** Nesting of triggers fired by triggers (on_damaged, on_death). */
  depth: number;
  /** Triggers this step may still fire. */
  budget: number;
  /**
   * The auras of the board, read once and kept until a unit enters, leaves or
   * moves (setCell). Auras depend only on which cards sit where, so damage
   * and buffs do not invalidate them.
   */
  auras: readonly AuraSource[] | null;
}

export function makeCtx(s: BattleState, index: CardIndex): Ctx {
  return { s, index, events: [], depth: 0, budget: MAX_TRIGGERS_PER_STEP, auras: null };
}

export function boardAuras(ctx: Ctx): readonly AuraSource[] {
  if (ctx.auras === null) ctx.auras = collectAuras(ctx.s, ctx.index);
  return ctx.auras;
}

/** The only way a step writes a table cell (it keeps the aura reading honest). */
export function setCell(ctx: Ctx, side: Side, cell: number, unit: UnitState | null): void {
  ctx.s.sides[side].table[cell] = unit;
  ctx.auras = null;
}

/** Where an ability comes from: a unit (on the table, or just died) or a spell (cell null). */
export interface Source {
  side: Side;
  cell: number | null;
  /** The unit's entity id; null for a spell. */
  uid: number | null;
  card: number;
}

export function findUnitCell(s: BattleState, side: Side, uid: number): number {
  const table = s.sides[side].table;
  for (let c = 0; c < table.length; c++) if (table[c]?.uid === uid) return c;
  return -1;
}

export function unitAt(s: BattleState, side: Side, cell: number): UnitState | null {
  return s.sides[side].table[cell] ?? null;
}

export function newId(s: BattleState): number {
  const id = s.nextId;
  s.nextId = id + 1;
  return id;
}

export function finish(ctx: Ctx, winner: Side | null, reason: EndReason): void {
  const s = ctx.s;
  if (s.over) return;
  s.over = true;
  s.winner = winner;
  s.endReason = reason;
  ctx.events.push({ type: "game_over", winner, reason });
}

/**
 * A castle at 0 hp or less loses at once; if both are at 0 at this
 * checkpoint, the side whose turn it is wins (rules.md, End of the battle).
 */
export function checkEnd(ctx: Ctx): void {
  const s = ctx.s;
  if (s.over) return;
  const down0 = s.sides[0].hp <= 0;
  const down1 = s.sides[1].hp <= 0;
  if (!down0 && !down1) return;
  finish(ctx, down0 && down1 ? s.active : down0 ? 1 : 0, "hp");
}
