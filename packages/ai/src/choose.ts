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
  type EndTurnAction,
  type PlayCardAction,
  type Side,
  step,
} from "@cardrealm/engine";
import type { Weights } from "./evaluate.ts";
import { decisionRng } from "./rng.ts";
import { SEARCH, type SearchConfig, searchEnd, searchPlay } from "./search.ts";
import { easyEnd, easyPlay, greedyEnd, greedyPlay } from "./simple-tiers.ts";
import { evaluatorFor, hardEvaluatorFor, type Search } from "./simulation.ts";

export type { SearchConfig } from "./search.ts";
export { playCandidates } from "./simulation.ts";

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
    ev:
      tier === "hard"
        ? hardEvaluatorFor(catalogue, options.weights)
        : evaluatorFor(catalogue, options.weights),
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
