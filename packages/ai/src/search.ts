/**
 * The hard and boss tiers: each play looked at through our combat and the
 * enemy's reply (hard), then the best few re-searched over several belief
 * worlds and one more round (boss); the attack plan is searched the same way.
 * Bounded by counts (SEARCH), never by time.
 */
import {
  type BattleState,
  type EndTurnAction,
  type PlayCardAction,
  readyAttackers,
} from "@cardrealm/engine";
import { allFlags, heuristicFlags, noFlags, sameFlags } from "./attack.ts";
import { evaluate } from "./evaluate.ts";
import {
  belief,
  discardFor,
  endTurn,
  jitter,
  lookahead,
  playCandidates,
  reply,
  type Search,
  simEnd,
  tryStep,
} from "./simulation.ts";

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
    // Issue 26: the state right after the play counts too, so a card played
    // now is not traded for a bank the reply leaves untouched (HARD_WEIGHTS).
    now: 0.3,
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
export function searchEnd(state: BattleState, s: Search, cfg: SearchConfig): EndTurnAction {
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
export function searchPlay(
  state: BattleState,
  s: Search,
  cfg: SearchConfig,
): PlayCardAction | null {
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
