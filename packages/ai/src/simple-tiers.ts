/**
 * The easy and normal tiers: easy plays a random affordable card and attacks
 * on a coin weighted by the lane; normal simulates each play once and keeps
 * the best board, then attacks by the heuristic flags.
 */
import {
  type BattleState,
  type EndTurnAction,
  MAX_HAND_AT_END_TURN,
  otherSide,
  type PlayCardAction,
  readyAttackers,
} from "@cardrealm/engine";
import { heuristicFlags, noFlags } from "./attack.ts";
import { evaluate } from "./evaluate.ts";
import { type CardKnowledge, know } from "./knowledge.ts";
import { float, int } from "./rng.ts";
import {
  belief,
  discardFor,
  endTurn,
  jitter,
  legalPlays,
  playCandidates,
  type Search,
  tryStep,
} from "./simulation.ts";

function affordable(state: BattleState, k: CardKnowledge): boolean {
  const r = state.sides[state.active].resources;
  return r.fire.amount >= k.fire && r.diamond.amount >= k.diamond && r.pow.amount >= k.pow;
}

/**
 * easy: a random legal play, dearer cards and units a little preferred. It
 * picks a card first and only then asks the engine for that card's legal
 * cells and targets, which keeps the fastest tier fast.
 */
export function easyPlay(state: BattleState, s: Search): PlayCardAction | null {
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

export function easyEnd(state: BattleState, s: Search): EndTurnAction {
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
export function greedyPlay(state: BattleState, s: Search): PlayCardAction | null {
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

export function greedyEnd(state: BattleState, s: Search): EndTurnAction {
  const flags = heuristicFlags(s.ev, state, s.me);
  if (s.noise > 0) {
    // A middling human now and then misjudges a lane.
    for (const c of readyAttackers(state, s.me, s.ev.catalogue)) {
      if (float(s.rng) < 0.25 * s.noise) flags[c] = !flags[c];
    }
  }
  return endTurn(s.me, flags, discardFor(s.ev, state, s.me));
}
