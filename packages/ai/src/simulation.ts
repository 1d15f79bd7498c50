/**
 * The search's simulation kit, shared by every tier: the legal plays, a
 * belief copy of the state to simulate on (decks reshuffled, generator
 * reseeded: the AI never reads its next draw or a random outcome before it
 * happens, see choose.ts), one end of turn with its discard, and the enemy's
 * likely reply.
 */
import {
  type Action,
  type BattleState,
  type Catalogue,
  cloneState,
  type EndTurnAction,
  legalActions,
  MAX_HAND_AT_END_TURN,
  type PlayCardAction,
  type RngHolder,
  type Side,
  shuffleInPlace,
  step,
} from "@cardrealm/engine";
import { allFlags, heuristicFlags, noFlags, sameFlags } from "./attack.ts";
import {
  DEFAULT_WEIGHTS,
  type Evaluator,
  evaluate,
  keepValue,
  makeEvaluator,
  type Weights,
} from "./evaluate.ts";
import { float, nextSeed } from "./rng.ts";

/** One decision's working set: the evaluator, the side deciding, its rng and noise. */
export interface Search {
  ev: Evaluator;
  me: Side;
  rng: RngHolder;
  noise: number;
  /** Weights of the states before the enemy's reply in a look-ahead score. */
  mix: { now: number; afterEnd: number };
}

const evaluators = new WeakMap<Catalogue, Evaluator>();
const hardEvaluators = new WeakMap<Catalogue, Evaluator>();

/**
 * The hard tier's own weights (issue 26, item 2): its one-ply search
 * through the enemy's reply valued a pile the way the other tiers do, yet
 * banked more than they did (Chimera and Lamia ended games on 12.5-13);
 * a doubled idle cost, with the state right after the play counted in its
 * score (SEARCH.hard.now), makes it spend (11 and 11) at the same win rates.
 */
export const HARD_WEIGHTS: Partial<Weights> = { idle: 1 };

/** evaluatorFor with the hard tier's weights (HARD_WEIGHTS), cached per catalogue. */
export function hardEvaluatorFor(catalogue: Catalogue, weights?: Partial<Weights>): Evaluator {
  if (weights) return makeEvaluator(catalogue, { ...DEFAULT_WEIGHTS, ...HARD_WEIGHTS, ...weights });
  let ev = hardEvaluators.get(catalogue);
  if (!ev) {
    ev = makeEvaluator(catalogue, { ...DEFAULT_WEIGHTS, ...HARD_WEIGHTS });
    hardEvaluators.set(catalogue, ev);
  }
  return ev;
}

export function evaluatorFor(catalogue: Catalogue, weights?: Partial<Weights>): Evaluator {
  if (weights) return makeEvaluator(catalogue, { ...DEFAULT_WEIGHTS, ...weights });
  let ev = evaluators.get(catalogue);
  if (!ev) {
    ev = makeEvaluator(catalogue);
    evaluators.set(catalogue, ev);
  }
  return ev;
}

/** The legal plays of the side to move (every hand key, cell and target). */
export function legalPlays(state: BattleState, catalogue: Catalogue): PlayCardAction[] {
  if (state.over || state.played >= 1) return [];
  const out: PlayCardAction[] = [];
  for (const a of legalActions(state, catalogue)) if (a.type === "play_card") out.push(a);
  return out;
}

function cardOf(state: BattleState, handKey: number): number {
  for (const h of state.sides[state.active].hand) if (h.key === handKey) return h.card;
  return -1;
}

/** Legal plays, one per distinct (card, cell, target): copies of a card play alike. */
export function playCandidates(state: BattleState, catalogue: Catalogue): PlayCardAction[] {
  const all = legalPlays(state, catalogue);
  if (all.length <= 1) return all;
  const seen = new Set<number>();
  const out: PlayCardAction[] = [];
  for (const a of all) {
    const t = a.target;
    const tcode = t
      ? (t.side === "player" ? 0 : 7) + (t.key === "table_key" ? t.value + 1 : 6)
      : 14;
    const sig = (cardOf(state, a.handKey) * 6 + (a.cell ?? -1) + 1) * 15 + tcode;
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push(a);
  }
  return out;
}

/** The hand key to discard at the end of the turn, if the hand is over the limit. */
export function discardFor(ev: Evaluator, state: BattleState, side: Side): number | undefined {
  const me = state.sides[side];
  if (me.hand.length <= MAX_HAND_AT_END_TURN) return undefined;
  let worst: number | undefined;
  let worstValue = Number.POSITIVE_INFINITY;
  for (const h of me.hand) {
    const v = keepValue(ev, me, h.card, state.turn);
    if (v < worstValue) {
      worstValue = v;
      worst = h.key;
    }
  }
  return worst;
}

export function endTurn(side: Side, attack: boolean[], discard: number | undefined): EndTurnAction {
  const a: EndTurnAction = { type: "end_turn", side, attack };
  if (discard !== undefined) a.discard = discard;
  return a;
}

/** A copy to simulate on: decks reshuffled, generator reseeded (see the file comment). */
export function belief(state: BattleState, rng: RngHolder): BattleState {
  const b = cloneState(state);
  const holder = { rng: nextSeed(rng) };
  shuffleInPlace(holder, b.sides[0].deck);
  shuffleInPlace(holder, b.sides[1].deck);
  b.rng = nextSeed(rng);
  return b;
}

export function tryStep(
  state: BattleState,
  action: Action,
  catalogue: Catalogue,
): BattleState | null {
  const r = step(state, action, catalogue);
  return r.ok ? r.state : null;
}

/** The side to move ends its turn with these flags (and its usual discard). */
export function simEnd(ev: Evaluator, state: BattleState, flags: boolean[]): BattleState | null {
  if (state.over) return state;
  const side = state.active;
  return tryStep(state, endTurn(side, flags, discardFor(ev, state, side)), ev.catalogue);
}

/**
 * The enemy's likely reply, as the state at the start of our next turn:
 * its attacks with the board it has (it may also play a card we cannot see).
 * `wide` takes the worst for us of three attack plans.
 */
export function reply(s: Search, state: BattleState, wide: boolean): number {
  if (state.over) return evaluate(s.ev, state, s.me);
  const greedy = heuristicFlags(s.ev, state, state.active);
  const after = simEnd(s.ev, state, greedy);
  let worst = after ? evaluate(s.ev, after, s.me) : evaluate(s.ev, state, s.me);
  if (wide) {
    const all = allFlags(s.ev, state, state.active);
    const plans = [all];
    if (!sameFlags(all, noFlags())) plans.push(noFlags());
    for (const flags of plans) {
      if (sameFlags(flags, greedy)) continue;
      const next = simEnd(s.ev, state, flags);
      if (next) worst = Math.min(worst, evaluate(s.ev, next, s.me));
    }
  }
  return worst;
}

/** Our end_turn with these flags, then the enemy's reply. */
export function lookahead(s: Search, state: BattleState, flags: boolean[], wide: boolean): number {
  const after = simEnd(s.ev, state, flags);
  if (!after) return Number.NEGATIVE_INFINITY;
  const m = s.mix;
  if (m.now === 0 && m.afterEnd === 0) return reply(s, after, wide);
  return (
    (1 - m.now - m.afterEnd) * reply(s, after, wide) +
    (m.afterEnd > 0 ? m.afterEnd * evaluate(s.ev, after, s.me) : 0) +
    (m.now > 0 ? m.now * evaluate(s.ev, state, s.me) : 0)
  );
}

export function jitter(s: Search): number {
  if (s.noise <= 0) return 0;
  // A triangular spread of about +-6 points at full noise.
  return s.noise * 6 * (float(s.rng) - float(s.rng));
}
