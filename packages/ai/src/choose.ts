/**
 * chooseTurn: the whole turn of a computer side, as the actions to send in
 * order (at most one play_card, then end_turn with attack flags and the
 * discard when needed). Deterministic for a state and a seed; no clock, no
 * Math.random. The search is bounded by counts, never by time, so the same
 * state gives the same answer on any machine.
 *
 * Honesty: simulations run on a "belief" copy of the state whose decks are
 * reshuffled and whose generator is reseeded by the AI's own rng, so the AI
 * never reads its next draw, the enemy's deck order or the outcome of a
 * random effect before it happens. The enemy's hand is never read (only its
 * size); the enemy's reply is modelled as its attacks with the board it has.
 */
import {
  type Action,
  type BattleState,
  type Catalogue,
  cloneState,
  type EndTurnAction,
  legalActions,
  MAX_HAND_AT_END_TURN,
  otherSide,
  type PlayCardAction,
  type RngHolder,
  readyAttackers,
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
import { type CardKnowledge, know } from "./knowledge.ts";
import { decisionRng, float, int, nextSeed } from "./rng.ts";

export type Tier = "easy" | "normal" | "hard" | "boss";
export const TIERS: readonly Tier[] = ["easy", "normal", "hard", "boss"];

export interface ChooseOptions {
  tier: Tier;
  /** Any integer; with the state it fixes every choice. */
  seed: number;
  /**
   * 0 (none) to 1: deterministic noise on the scores and the attack flags,
   * so a tier plays a little below its best (the arena bot uses 0.35).
   */
  noise?: number;
  /** Evaluation weights (for tuning experiments); the defaults otherwise. */
  weights?: Partial<Weights>;
  /** Search settings of hard and boss (for tuning experiments); SEARCH otherwise. */
  search?: Partial<SearchConfig>;
}

function cfg(tier: "hard" | "boss", options: ChooseOptions): SearchConfig {
  return options.search ? { ...SEARCH[tier], ...options.search } : SEARCH[tier];
}

interface Search {
  ev: Evaluator;
  me: Side;
  rng: RngHolder;
  noise: number;
  /** Weights of the states before the enemy's reply in a look-ahead score. */
  mix: { now: number; afterEnd: number };
}

const evaluators = new WeakMap<Catalogue, Evaluator>();

function evaluatorFor(catalogue: Catalogue, weights?: Partial<Weights>): Evaluator {
  if (weights) return makeEvaluator(catalogue, { ...DEFAULT_WEIGHTS, ...weights });
  let ev = evaluators.get(catalogue);
  if (!ev) {
    ev = makeEvaluator(catalogue);
    evaluators.set(catalogue, ev);
  }
  return ev;
}

/** The legal plays of the side to move (every hand key, cell and target). */
function legalPlays(state: BattleState, catalogue: Catalogue): PlayCardAction[] {
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
function discardFor(ev: Evaluator, state: BattleState, side: Side): number | undefined {
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

function endTurn(side: Side, attack: boolean[], discard: number | undefined): EndTurnAction {
  const a: EndTurnAction = { type: "end_turn", side, attack };
  if (discard !== undefined) a.discard = discard;
  return a;
}

/** A copy to simulate on: decks reshuffled, generator reseeded (see the file comment). */
function belief(state: BattleState, rng: RngHolder): BattleState {
  const b = cloneState(state);
  const holder = { rng: nextSeed(rng) };
  shuffleInPlace(holder, b.sides[0].deck);
  shuffleInPlace(holder, b.sides[1].deck);
  b.rng = nextSeed(rng);
  return b;
}

function tryStep(state: BattleState, action: Action, catalogue: Catalogue): BattleState | null {
  const r = step(state, action, catalogue);
  return r.ok ? r.state : null;
}

/** The side to move ends its turn with these flags (and its usual discard). */
function simEnd(ev: Evaluator, state: BattleState, flags: boolean[]): BattleState | null {
  if (state.over) return state;
  const side = state.active;
  return tryStep(state, endTurn(side, flags, discardFor(ev, state, side)), ev.catalogue);
}

/**
 * The enemy's likely reply, as the state at the start of our next turn:
 * its attacks with the board it has (it may also play a card we cannot see).
 * `wide` takes the worst for us of three attack plans.
 */
function reply(s: Search, state: BattleState, wide: boolean): number {
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
function lookahead(s: Search, state: BattleState, flags: boolean[], wide: boolean): number {
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

function jitter(s: Search): number {
  if (s.noise <= 0) return 0;
  // A triangular spread of about +-6 points at full noise.
  return s.noise * 6 * (float(s.rng) - float(s.rng));
}

// ---------------------------------------------------------------- the tiers

function affordable(state: BattleState, k: CardKnowledge): boolean {
  const r = state.sides[state.active].resources;
  return r.fire.amount >= k.fire && r.diamond.amount >= k.diamond && r.pow.amount >= k.pow;
}

/**
 * easy: a random legal play, dearer cards and units a little preferred. It
 * picks a card first and only then asks the engine for that card's legal
 * cells and targets, which keeps the fastest tier fast.
 */
function easyPlay(state: BattleState, s: Search): PlayCardAction | null {
  if (state.played >= 1 || float(s.rng) < 0.1) return null;
  const me = state.sides[s.me];
  const cards: { key: number; k: CardKnowledge; w: number }[] = [];
  let total = 0;
  const hasEmptyCell = me.table.includes(null);
  for (const h of me.hand) {
    const k = know(s.ev.knowledge, h.card);
    if (!affordable(state, k) || (k.isUnit && !hasEmptyCell)) continue;
    const w = (1 + k.costTotal) * (k.isUnit ? 1.5 : 1);
    cards.push({ key: h.key, k, w });
    total += w;
  }
  while (cards.length > 0) {
    let pick = float(s.rng) * total;
    let i = 0;
    for (; i < cards.length - 1; i++) {
      pick -= cards[i]?.w ?? 0;
      if (pick < 0) break;
    }
    const chosen = cards[i];
    if (!chosen) return null;
    if (!chosen.k.selects) {
      if (!chosen.k.isUnit) return { type: "play_card", side: s.me, handKey: chosen.key };
      const empty: number[] = [];
      for (let c = 0; c < me.table.length; c++) if (!me.table[c]) empty.push(c);
      const cell = empty[int(s.rng, empty.length)];
      if (cell !== undefined) return { type: "play_card", side: s.me, handKey: chosen.key, cell };
    } else {
      const options = legalPlays(state, s.ev.catalogue).filter((p) => p.handKey === chosen.key);
      const p = options[int(s.rng, options.length)];
      if (p) return p;
    }
    // No cell or target for that card: try another one.
    cards.splice(i, 1);
    total -= chosen.w;
  }
  return null;
}

function easyEnd(state: BattleState, s: Search): EndTurnAction {
  const flags = noFlags();
  const foe = otherSide(s.me);
  for (const c of readyAttackers(state, s.me, s.ev.catalogue)) {
    const unit = state.sides[s.me].table[c];
    const open = !state.sides[foe].table[c] || (unit && know(s.ev.knowledge, unit.card).flying);
    flags[c] = float(s.rng) < (open ? 0.9 : 0.4);
  }
  const hand = state.sides[s.me].hand;
  const discard =
    hand.length > MAX_HAND_AT_END_TURN ? hand[int(s.rng, hand.length)]?.key : undefined;
  return endTurn(s.me, flags, discard);
}

/** normal: each play simulated once, the board after it scored. */
function greedyPlay(state: BattleState, s: Search): PlayCardAction | null {
  const plays = playCandidates(state, s.ev.catalogue);
  if (plays.length === 0) return null;
  const world = belief(state, s.rng);
  let best: PlayCardAction | null = null;
  let bestScore = evaluate(s.ev, world, s.me) + jitter(s);
  for (const p of plays) {
    const next = tryStep(world, p, s.ev.catalogue);
    if (!next) continue;
    const score = evaluate(s.ev, next, s.me) + jitter(s);
    if (score > bestScore) {
      bestScore = score;
      best = p;
    }
  }
  return best;
}

function greedyEnd(state: BattleState, s: Search): EndTurnAction {
  const flags = heuristicFlags(s.ev, state, s.me);
  if (s.noise > 0) {
    // A middling human now and then misjudges a lane.
    for (const c of readyAttackers(state, s.me, s.ev.catalogue)) {
      if (float(s.rng) < 0.25 * s.noise) flags[c] = !flags[c];
    }
  }
  return endTurn(s.me, flags, discardFor(s.ev, state, s.me));
}

interface Scored {
  play: PlayCardAction | null;
  score: number;
}

/** hard: each play looked at through our combat and the enemy's reply. */
function lookaheadScores(state: BattleState, s: Search, world: BattleState): Scored[] {
  const out: Scored[] = [];
  const none = heuristicFlags(s.ev, world, s.me);
  out.push({ play: null, score: lookahead(s, world, none, false) + jitter(s) });
  for (const p of playCandidates(state, s.ev.catalogue)) {
    const next = tryStep(world, p, s.ev.catalogue);
    if (!next) continue;
    const score = next.over
      ? evaluate(s.ev, next, s.me)
      : lookahead(s, next, heuristicFlags(s.ev, next, s.me), false);
    out.push({ play: p, score: score + jitter(s) });
  }
  return out;
}

/** Attack plans worth trying: the greedy one, all, none, and the greedy one with one lane flipped. */
function flagPlans(s: Search, state: BattleState): boolean[][] {
  const greedy = heuristicFlags(s.ev, state, s.me);
  const plans: boolean[][] = [greedy];
  const add = (f: boolean[]) => {
    if (!plans.some((p) => sameFlags(p, f))) plans.push(f);
  };
  add(allFlags(s.ev, state, s.me));
  add(noFlags());
  for (const c of readyAttackers(state, s.me, s.ev.catalogue)) {
    const f = greedy.slice();
    f[c] = !f[c];
    add(f);
  }
  return plans;
}

/** Evaluation points a searched attack plan must gain over the greedy one. */
export const GREEDY_PLAN_MARGIN = 1.5;

/** The attack plan with the best look-ahead, averaged over `samples` belief worlds. */
function searchEnd(state: BattleState, s: Search, cfg: SearchConfig): EndTurnAction {
  const plans = flagPlans(s, state);
  const worlds: BattleState[] = [];
  for (let i = 0; i < cfg.endWorlds; i++) worlds.push(belief(state, s.rng));
  let best = plans[0] ?? noFlags();
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const flags of plans) {
    let sum = 0;
    for (const w of worlds) sum += deepLookahead(s, w, flags, cfg);
    // The greedy plan (plans[0]) already weighs the race and the trades of
    // each lane; another plan must beat it by a margin, so a look-ahead that
    // sees no gain in a locked board does not talk the searcher out of
    // attacking (issue 15: it idled through full boards).
    const bias = flags === plans[0] ? GREEDY_PLAN_MARGIN : 0;
    const score = sum / worlds.length + bias + jitter(s);
    if (score > bestScore) {
      bestScore = score;
      best = flags;
    }
  }
  return endTurn(s.me, best, discardFor(s.ev, state, s.me));
}

/** How far and wide the hard and boss tiers look. */
export interface SearchConfig {
  /** Belief worlds each re-searched play is averaged over. */
  worlds: number;
  /** The enemy's reply is the worst for us of three attack plans (else its greedy plan). */
  wide: boolean;
  /** How many of the best-ranked plays are re-searched (0: rank only). */
  topK: number;
  /** Attack plans tried per re-searched play: the greedy one, or greedy and all-out. */
  plans: 1 | 2;
  /** After the reply, also our next turn (a greedy play and attack) and the enemy's answer. */
  deep: boolean;
  /** Belief worlds of the final attack-plan search. */
  endWorlds: number;
  /** Weight of the deeper round against the state after the reply (0-1). */
  deepWeight: number;
  /** In the deeper round, how many of our best one-ply plays are played through combat. */
  deepPlays: number;
  /** With deep: how many more rounds (our turn and the enemy's attacks) are played out. */
  rounds: number;
  /** Weight of the state right after the play in a look-ahead score. */
  now: number;
  /** Weight of the state right after our combat in a look-ahead score. */
  afterEnd: number;
}

export const SEARCH: Record<"hard" | "boss", SearchConfig> = {
  hard: {
    worlds: 1,
    wide: false,
    topK: 0,
    plans: 1,
    deep: false,
    endWorlds: 1,
    deepWeight: 0,
    deepPlays: 1,
    rounds: 1,
    now: 0,
    afterEnd: 0.3,
  },
  boss: {
    worlds: 1,
    wide: false,
    topK: 8,
    plans: 2,
    deep: true,
    endWorlds: 1,
    deepWeight: 0.75,
    deepPlays: 1,
    rounds: 1,
    now: 0,
    afterEnd: 0,
  },
};

/**
 * Our greedy next turn on `state` (our turn start: the best one-ply play, the
 * greedy attack) and the enemy's greedy attacks, `rounds` times over: the score.
 */
function nextTurn(s: Search, state: BattleState, cfg: SearchConfig, rounds: number): number {
  if (state.over) return evaluate(s.ev, state, s.me);
  const ranked: { next: BattleState; score: number }[] = [
    { next: state, score: evaluate(s.ev, state, s.me) },
  ];
  for (const p of playCandidates(state, s.ev.catalogue)) {
    const next = tryStep(state, p, s.ev.catalogue);
    if (next) ranked.push({ next, score: evaluate(s.ev, next, s.me) });
  }
  ranked.sort((x, y) => y.score - x.score);
  let best = Number.NEGATIVE_INFINITY;
  for (const { next, score } of ranked.slice(0, Math.max(1, cfg.deepPlays))) {
    if (next.over) {
      best = Math.max(best, score);
      continue;
    }
    const after = simEnd(s.ev, next, heuristicFlags(s.ev, next, s.me));
    if (!after || after.over) {
      best = Math.max(best, after ? evaluate(s.ev, after, s.me) : score);
      continue;
    }
    const replied = simEnd(s.ev, after, heuristicFlags(s.ev, after, after.active));
    if (!replied) {
      best = Math.max(best, evaluate(s.ev, after, s.me));
      continue;
    }
    const here = evaluate(s.ev, replied, s.me);
    const value =
      rounds > 1 && !replied.over
        ? (1 - cfg.deepWeight) * here + cfg.deepWeight * nextTurn(s, replied, cfg, rounds - 1)
        : here;
    best = Math.max(best, value);
  }
  return best;
}

/** Our end_turn with these flags, the enemy's reply and, when deep, one more round. */
function deepLookahead(s: Search, state: BattleState, flags: boolean[], cfg: SearchConfig): number {
  const after = simEnd(s.ev, state, flags);
  if (!after) return Number.NEGATIVE_INFINITY;
  if (after.over) return evaluate(s.ev, after, s.me);
  if (!cfg.deep) return reply(s, after, cfg.wide);
  const greedy = heuristicFlags(s.ev, after, after.active);
  const replied = simEnd(s.ev, after, greedy);
  if (!replied) return reply(s, after, cfg.wide);
  const deep = nextTurn(s, replied, cfg, cfg.rounds);
  // Blend: the near future is surer than the far one.
  return (1 - cfg.deepWeight) * evaluate(s.ev, replied, s.me) + cfg.deepWeight * deep;
}

/** boss: hard's ranking, then the best few re-searched over several worlds, deeper. */
function searchPlay(state: BattleState, s: Search, cfg: SearchConfig): PlayCardAction | null {
  const world = belief(state, s.rng);
  const ranked = lookaheadScores(state, s, world).sort((a, b) => b.score - a.score);
  if (cfg.topK <= 0) return ranked[0]?.play ?? null;
  const top = ranked.slice(0, cfg.topK);
  const worlds = [world];
  while (worlds.length < cfg.worlds) worlds.push(belief(state, s.rng));
  let best: Scored = top[0] ?? { play: null, score: 0 };
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const cand of top) {
    let sum = 0;
    for (const w of worlds) {
      const next = cand.play ? tryStep(w, cand.play, s.ev.catalogue) : w;
      if (!next) {
        sum += Number.NEGATIVE_INFINITY;
        continue;
      }
      if (next.over) {
        sum += evaluate(s.ev, next, s.me);
        continue;
      }
      const greedy = heuristicFlags(s.ev, next, s.me);
      let bestPlan = deepLookahead(s, next, greedy, cfg);
      if (cfg.plans > 1) {
        const all = allFlags(s.ev, next, s.me);
        if (!sameFlags(all, greedy))
          bestPlan = Math.max(bestPlan, deepLookahead(s, next, all, cfg));
      }
      sum += bestPlan;
    }
    const score = sum / worlds.length + jitter(s);
    if (score > bestScore) {
      bestScore = score;
      best = cand;
    }
  }
  return best.play;
}

/** A decided turn, with the state after its play (the engine's own result). */
export interface Decision {
  actions: Action[];
  /** The state after the play (the input when there is none). */
  afterPlay: BattleState;
}

/**
 * The actions of `side`'s whole turn on `state`: [play_card?, end_turn], or
 * just [play_card] when that play ends the battle; [] when it is not
 * `side`'s turn or the battle is over. Every action is legal in sequence.
 */
export function chooseTurn(
  state: BattleState,
  side: Side,
  catalogue: Catalogue,
  options: ChooseOptions,
): Action[] {
  return decideTurn(state, side, catalogue, options).actions;
}

/** chooseTurn, also handing back the state after the play (saves the caller a step). */
export function decideTurn(
  state: BattleState,
  side: Side,
  catalogue: Catalogue,
  options: ChooseOptions,
): Decision {
  if (state.over || state.active !== side) return { actions: [], afterPlay: state };
  const tier = options.tier;
  const s: Search = {
    ev: evaluatorFor(catalogue, options.weights),
    me: side,
    rng: decisionRng(options.seed, state, side),
    noise: Math.max(0, Math.min(1, options.noise ?? 0)),
    mix: { now: 0, afterEnd: 0 },
  };
  if (tier === "hard" || tier === "boss") {
    const c = cfg(tier, options);
    s.mix = { now: c.now, afterEnd: c.afterEnd };
  }
  let play: PlayCardAction | null = null;
  if (state.played < 1) {
    if (tier === "easy") play = easyPlay(state, s);
    else if (tier === "normal") play = greedyPlay(state, s);
    else play = searchPlay(state, s, cfg(tier, options));
  }
  const actions: Action[] = [];
  let now = state;
  if (play) {
    // The play is made on the real state: the flags below see its true outcome.
    const r = step(state, play, catalogue);
    if (r.ok) {
      actions.push(play);
      now = r.state;
      if (now.over) return { actions, afterPlay: now };
    }
  }
  let end: EndTurnAction;
  if (tier === "easy") end = easyEnd(now, s);
  else if (tier === "normal") end = greedyEnd(now, s);
  else end = searchEnd(now, s, cfg(tier, options));
  actions.push(end);
  return { actions, afterPlay: now };
}
