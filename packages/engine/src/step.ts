/**
 * The one step function (architecture.md principles 1 and 3): validate the
 * action against the state, then apply it to a private clone. On an error the
 * input is untouched; on success the input is untouched too.
 */
import { fireAbility, fireUnitTrigger, resolveDeaths } from "./abilities.ts";
import type { Action, EndTurnAction, PlayCardAction, PlayTarget } from "./actions.ts";
import { type CardIndex, type CardInfo, cardInfo, indexCatalogue } from "./card-index.ts";
import { type Catalogue, RESOURCES } from "./card-types.ts";
import { cloneState } from "./clone.ts";
import { CARDS_PER_TURN, IDLE_FORFEIT, MAX_HAND_AT_END_TURN } from "./constants.ts";
import { type Ctx, checkEnd, finish, makeCtx, setCell } from "./context.ts";
import type { EngineError, EngineErrorCode } from "./errors.ts";
import type { BattleEvent, Target } from "./events.ts";
import { costCovered } from "./playable.ts";
import { type BattleState, otherSide, type Side } from "./state.ts";
import { collectAuras, isReady } from "./stats.ts";
import { type Aim, legalSelections, selectionAllowed } from "./targets.ts";
import { endTurn } from "./turn.ts";
import { createUnit } from "./units.ts";

export type StepResult =
  | { ok: true; state: BattleState; events: BattleEvent[] }
  | { ok: false; error: EngineError };

function fail(code: EngineErrorCode, message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message } };
}

function isSide(x: unknown): x is Side {
  return x === 0 || x === 1;
}

/** An absolute target from a client's PlayTarget, or an error. */
export function toTarget(
  state: BattleState,
  actor: Side,
  t: PlayTarget,
): Target | { code: EngineErrorCode; message: string } {
  if (typeof t !== "object" || t === null) return { code: "bad_target", message: "bad target" };
  if (t.side !== "player" && t.side !== "cpu") {
    return { code: "bad_target", message: "target side must be player or cpu" };
  }
  const side = t.side === "player" ? actor : otherSide(actor);
  switch (t.key) {
    case "table_key": {
      const cells = state.sides[side].table.length;
      if (!Number.isInteger(t.value) || t.value < 0 || t.value >= cells) {
        return { code: "bad_target", message: `target cell must be 0-${cells - 1}` };
      }
      if (!state.sides[side].table[t.value]) {
        return { code: "cell_empty", message: `no unit in target cell ${t.value}` };
      }
      return { kind: "unit", side, cell: t.value };
    }
    case "target_player_hp":
      if (t.side !== "player")
        return { code: "bad_target", message: "target_player_hp is side player" };
      return { kind: "castle", side };
    case "target_cpu_hp":
      if (t.side !== "cpu") return { code: "bad_target", message: "target_cpu_hp is side cpu" };
      return { kind: "castle", side };
    default:
      return { code: "bad_target", message: "unknown target key" };
  }
}

/** The client form of an absolute target, from `viewer`'s side. */
export function toPlayTarget(viewer: Side, t: Target): PlayTarget {
  const side = t.side === viewer ? "player" : "cpu";
  if (t.kind === "unit") return { key: "table_key", value: t.cell, side };
  return { key: side === "player" ? "target_player_hp" : "target_cpu_hp", value: 0, side };
}

export function canAfford(state: BattleState, side: Side, info: CardInfo): boolean {
  return costCovered(info.def.cost, state.sides[side].resources);
}

interface PlayPlan {
  handIndex: number;
  info: CardInfo;
  cell: number | null;
  target: Target | null;
}

function planPlay(
  state: BattleState,
  index: CardIndex,
  a: PlayCardAction,
): PlayPlan | { ok: false; error: EngineError } {
  if (state.played >= CARDS_PER_TURN) return fail("already_played", "one card per turn");
  const me = state.sides[a.side];
  const handIndex = me.hand.findIndex((h) => h.key === a.handKey);
  const hand = me.hand[handIndex];
  if (!hand) return fail("unknown_hand_key", `no card with hand key ${String(a.handKey)}`);
  const info = cardInfo(index, hand.card);
  if (!canAfford(state, a.side, info))
    return fail("unaffordable", `card ${info.id} costs too much`);

  let cell: number | null = null;
  if (info.isUnit) {
    const cells = me.table.length;
    if (typeof a.cell !== "number" || !Number.isInteger(a.cell) || a.cell < 0 || a.cell >= cells) {
      return fail("bad_cell", `a unit needs a cell 0-${cells - 1}`);
    }
    if (me.table[a.cell]) return fail("cell_occupied", `cell ${a.cell} is occupied`);
    cell = a.cell;
  }

  let target: Target | null = null;
  if (a.target !== undefined && a.target !== null) {
    if (info.selecting.length === 0) return fail("bad_target", "this card takes no target");
    const t = toTarget(state, a.side, a.target);
    if (!("kind" in t)) return fail(t.code, t.message);
    if (!selectionAllowed(state, index, a.side, info.selecting, t)) {
      return fail("bad_target", "the card does not allow this target");
    }
    target = t;
  } else if (info.selecting.length > 0) {
    // A spell needs its target; a unit may enter without one only when none exists.
    if (!info.isUnit || legalSelections(state, index, a.side, info.selecting).length > 0) {
      return fail("bad_target", "this card needs a target");
    }
  }
  return { handIndex, info, cell, target };
}

function applyPlay(ctx: Ctx, side: Side, plan: PlayPlan): void {
  const s = ctx.s;
  const me = s.sides[side];
  const { info, target } = plan;
  for (const r of RESOURCES) me.resources[r].amount -= info.def.cost[r] ?? 0;
  const [hand] = me.hand.splice(plan.handIndex, 1);
  s.played += 1;
  me.idle = 0;
  ctx.events.push({
    type: "card_played",
    side,
    handKey: hand?.key ?? -1,
    card: info.id,
    cell: plan.cell,
    target,
  });
  let aim: Aim | null = null;
  if (target) {
    const unit = target.kind === "unit" ? s.sides[target.side].table[target.cell] : null;
    aim = { target, uid: unit ? unit.uid : null };
  }
  if (info.isUnit && plan.cell !== null) {
    const unit = createUnit(s, ctx.index, info.id);
    setCell(ctx, side, plan.cell, unit);
    fireUnitTrigger(ctx, side, unit.uid, "on_play", aim);
  } else {
    for (const ability of info.byTrigger.on_play) {
      if (s.over) break;
      const sel = ability.target === "selected" ? aim : null;
      fireAbility(ctx, { side, cell: null, uid: null, card: info.id }, ability, "on_play", sel);
    }
  }
  resolveDeaths(ctx);
  checkEnd(ctx);
}

interface EndPlan {
  attackers: (number | null)[];
  discardIndex: number;
}

function planEndTurn(
  state: BattleState,
  index: CardIndex,
  a: EndTurnAction,
): EndPlan | { ok: false; error: EngineError } {
  const me = state.sides[a.side];
  const cells = me.table.length;
  if (!Array.isArray(a.attack) || a.attack.length !== cells) {
    return fail("bad_flags", `attack must be ${cells} booleans`);
  }
  const attackers: (number | null)[] = [];
  const auras = collectAuras(state, index);
  for (let c = 0; c < cells; c++) {
    const flag: unknown = a.attack[c];
    if (typeof flag !== "boolean") return fail("bad_flags", `attack must be ${cells} booleans`);
    const unit = me.table[c];
    if (!flag) {
      attackers.push(null);
      continue;
    }
    if (!unit || !isReady(state, index, a.side, c, unit, auras)) {
      return fail("bad_flags", `the unit in cell ${c} cannot attack`);
    }
    attackers.push(unit.uid);
  }
  let discardIndex = -1;
  const wantsDiscard = a.discard !== undefined && a.discard !== null;
  if (me.hand.length > MAX_HAND_AT_END_TURN) {
    if (!wantsDiscard) {
      return fail(
        "discard_required",
        `more than ${MAX_HAND_AT_END_TURN} cards: name one to discard`,
      );
    }
    discardIndex = me.hand.findIndex((h) => h.key === a.discard);
    if (discardIndex < 0) return fail("bad_discard", `no card with hand key ${String(a.discard)}`);
  } else if (wantsDiscard) {
    return fail("bad_discard", `no discard needed with ${me.hand.length} cards`);
  }
  return { attackers, discardIndex };
}

function discardAt(ctx: Ctx, side: Side, at: number, reason: "end_turn" | "timeout"): void {
  const [gone] = ctx.s.sides[side].hand.splice(at, 1);
  if (gone) ctx.events.push({ type: "discard", side, handKey: gone.key, card: gone.card, reason });
}

/**
 * Applies one action. Never mutates `state`; on success returns the next
 * state (version + 1) and the ordered events of the step.
 */
export function step(state: BattleState, action: Action, catalogue: Catalogue): StepResult {
  const index = indexCatalogue(catalogue);
  if (typeof action !== "object" || action === null || !isSide(action.side)) {
    return fail("bad_action", "an action needs a type and a side 0 or 1");
  }
  if (action.version !== undefined && action.version !== null && action.version !== state.version) {
    return fail("stale_version", `acted on version ${action.version}, current is ${state.version}`);
  }
  if (state.over) return fail("battle_over", "the battle is over");
  const side = action.side;
  if (action.type !== "give_up" && side !== state.active) {
    return fail("not_your_turn", "it is the other side's turn");
  }

  let next: BattleState;
  let ctx: Ctx;
  switch (action.type) {
    case "play_card": {
      const plan = planPlay(state, index, action);
      if ("ok" in plan) return plan;
      next = cloneState(state);
      ctx = makeCtx(next, index);
      applyPlay(ctx, side, plan);
      break;
    }
    case "end_turn": {
      const plan = planEndTurn(state, index, action);
      if ("ok" in plan) return plan;
      next = cloneState(state);
      ctx = makeCtx(next, index);
      next.sides[side].idle = 0;
      if (plan.discardIndex >= 0) discardAt(ctx, side, plan.discardIndex, "end_turn");
      endTurn(ctx, plan.attackers, false);
      break;
    }
    case "timeout": {
      next = cloneState(state);
      ctx = makeCtx(next, index);
      const me = next.sides[side];
      if (me.hand.length > MAX_HAND_AT_END_TURN)
        discardAt(ctx, side, me.hand.length - 1, "timeout");
      me.idle += 1;
      if (me.idle >= IDLE_FORFEIT) {
        ctx.events.push({ type: "turn_end", side, turn: next.turn, timeout: true });
        finish(ctx, otherSide(side), "idle");
      } else {
        endTurn(ctx, [], true);
      }
      break;
    }
    case "give_up": {
      next = cloneState(state);
      ctx = makeCtx(next, index);
      finish(ctx, otherSide(side), action.left === true ? "left" : "give_up");
      break;
    }
    default:
      return fail("bad_action", "unknown action type");
  }
  next.version = state.version + 1;
  return { ok: true, state: next, events: ctx.events };
}
