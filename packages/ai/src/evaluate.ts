/**
 * The board evaluation: how good a state is for one side, from public
 * information and the side's own hand count only (never the enemy's hand).
 * Units are worth their effective stats plus their lasting abilities; each
 * lane adds the castle damage it threatens; castles weigh more as they fall.
 */
import {
  type BattleState,
  type Catalogue,
  type EffectiveStats,
  otherSide,
  type Side,
  type SideState,
  TURN_CAP,
  tableStats,
  type UnitState,
} from "@cardrealm/engine";
import { type CardKnowledge, type Knowledge, know, knowledge } from "./knowledge.ts";

/** A won state scores about this much (minus the turn, so a quicker win is preferred). */
export const WIN_SCORE = 100_000;

export interface Weights {
  attack: number;
  hp: number;
  /** Worth of a unit merely being on the table. */
  presence: number;
  wallHp: number;
  /** Enemy castle hp counts this many times as much as own (above 1: aggressive). */
  aggression: number;
  /** Castle damage threatened by a lane, per point of attack. */
  threat: number;
  /** Bonus when the threatened damage reaches the enemy castle's hp. */
  lethal: number;
  hand: number;
  /** Worth of one point of income early in the game (it falls with the turn). */
  income: number;
  /** Worth of one banked resource point, up to `bankCap` of each resource. */
  bank: number;
  /**
   * Points of each resource worth keeping in the bank (an answer for the
   * next turn); more is idle (issue 26: resources matter to the last turn).
   */
  bankCap: number;
  /** Cost of each point banked beyond `idleFrom` in all: an idle pile is a card not played. */
  idle: number;
  /** Total banked points (fire + diamond + pow) from which a pile counts as idle. */
  idleFrom: number;
  /**
   * Share of a unit's worth lost when it faces an enemy that can attack it,
   * kill it and live (a doomed blocker), or won't strike back when hit.
   */
  exposure: number;
  /** Income worth multiplier for a resource a card in hand is short of. */
  starved: number;
  /** Income beyond what the hand's cards take a turn (see usefulIncome) counts this much. */
  surplus: number;
  /** Income counted in full above the hand's mean need, per resource. */
  needSlack: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  attack: 1.3,
  hp: 0.7,
  presence: 1,
  wallHp: 0.4,
  aggression: 1.1,
  threat: 0.6,
  lethal: 12,
  hand: 1.1,
  income: 3,
  bank: 0.15,
  bankCap: 4,
  idle: 0.5,
  idleFrom: 5,
  exposure: 0.6,
  starved: 1.6,
  surplus: 0.25,
  needSlack: 0.25,
};

/** Castle hp is worth more as it runs out: slope 2 near 0, 1 far above. */
function castleValue(hp: number): number {
  if (hp <= 0) return -50;
  return hp + 10 * (1 - Math.exp(-hp / 10));
}

export function unitValue(
  unit: UnitState,
  stats: EffectiveStats,
  k: CardKnowledge,
  w: Weights,
): number {
  const atk = stats.attack;
  const hp = Math.max(0, stats.hp);
  let v: number;
  if (k.wall) v = w.wallHp * hp + 0.8 * atk + w.presence;
  else {
    let atkW = w.attack;
    if (k.flying) atkW += 0.5;
    if (k.firstStrike) atkW += 0.3;
    if (k.lifesteal) atkW += 0.4;
    if (k.pierce) atkW += 0.25;
    if (unit.stun > 0) atkW *= unit.stun > 1 ? 0.5 : 0.75;
    v = atkW * atk + w.hp * hp + w.presence;
  }
  v += k.abilityBonus + 1.0 * k.poison + 0.6 * k.regenerate;
  if (unit.poison > 0) v -= 1.2 * unit.poison;
  return v;
}

function canThreaten(unit: UnitState, stats: EffectiveStats, k: CardKnowledge): boolean {
  return !k.wall && stats.attack > 0 && unit.stun <= 1;
}

function incomeWorth(turn: number, w: Weights): number {
  // Half the game left: full worth; none in the last few turns.
  const left = Math.max(0, TURN_CAP - turn) / TURN_CAP;
  return w.income * Math.min(1, left * 1.6);
}

/** Income matters less once a resource piles up unspent. */
function glut(amount: number): number {
  return amount >= 8 ? 0.1 : amount >= 5 ? 0.4 : 1;
}

/**
 * Income counts in full up to what a turn's card takes of that resource
 * (plus `needSlack`); beyond it, at `surplus`: with one card a turn, more
 * income than the cards take only piles up (issue 26). `need` unknown (the
 * enemy's hand): all of it counts.
 */
function usefulIncome(inc: number, need: number | undefined, w: Weights): number {
  if (need === undefined) return inc;
  const useful = Math.min(inc, need + w.needSlack);
  return useful + (inc - useful) * w.surplus;
}

/**
 * What a turn's card takes of each resource: the mean cost over the hand's
 * cards other than income spells (1 each with none).
 */
function needOf(ev: Evaluator, me: SideState): [number, number, number] {
  let n = 0;
  const need: [number, number, number] = [0, 0, 0];
  for (const h of me.hand) {
    const k = know(ev.knowledge, h.card);
    if (k.incomeSpell) continue;
    n++;
    need[0] += k.fire;
    need[1] += k.diamond;
    need[2] += k.pow;
  }
  if (n === 0) return [1, 1, 1];
  return [need[0] / n, need[1] / n, need[2] / n];
}

/**
 * Income and bank. `short` (own side only: its hand is known) marks the
 * resources a card in hand cannot yet pay for; their income is worth more.
 */
function resourceScore(
  me: SideState,
  turn: number,
  w: Weights,
  short: readonly [boolean, boolean, boolean] | null,
  need: readonly [number, number, number] | null,
): number {
  const r = me.resources;
  const worth = incomeWorth(turn, w);
  const sf = short?.[0] ? w.starved : 1;
  const sd = short?.[1] ? w.starved : 1;
  const sp = short?.[2] ? w.starved : 1;
  const inc =
    usefulIncome(r.fire.inc, need?.[0], w) * glut(r.fire.amount) * sf +
    usefulIncome(r.diamond.inc, need?.[1], w) * glut(r.diamond.amount) * sd +
    usefulIncome(r.pow.inc, need?.[2], w) * glut(r.pow.amount) * sp;
  const cap = w.bankCap;
  const bank =
    Math.min(cap, r.fire.amount) + Math.min(cap, r.diamond.amount) + Math.min(cap, r.pow.amount);
  // Own side only: the enemy's pile is no gain to us (a drain must still pay).
  const held = r.fire.amount + r.diamond.amount + r.pow.amount;
  const idle = short ? Math.max(0, held - w.idleFrom) * w.idle : 0;
  return inc * worth + bank * w.bank - idle;
}

/** Own turns a side saves for a dear card at most: beyond that it spends (issue 26). */
export const SAVE_HORIZON_TURNS = 5;

/**
 * Which resources a card in this hand is short of, counting only cards the
 * side will play: the income covers the gap within SAVE_HORIZON_TURNS own
 * turns and before the turn cap. A card out of reach does not make the side
 * hoard (issue 26: opponents ended games on 25-57 unspent).
 */
function shortOf(ev: Evaluator, me: SideState, turn: number): [boolean, boolean, boolean] {
  const r = me.resources;
  const out: [boolean, boolean, boolean] = [false, false, false];
  const horizon = Math.min(SAVE_HORIZON_TURNS, Math.floor(Math.max(0, TURN_CAP - turn) / 2));
  for (const h of me.hand) {
    const k = know(ev.knowledge, h.card);
    const gaps = [
      k.fire - r.fire.amount - r.fire.inc * horizon,
      k.diamond - r.diamond.amount - r.diamond.inc * horizon,
      k.pow - r.pow.amount - r.pow.inc * horizon,
    ];
    // Short by more than one income spell per resource can make up: out of reach.
    if (gaps.some((g) => g > horizon)) continue;
    if (k.fire > r.fire.amount) out[0] = true;
    if (k.diamond > r.diamond.amount) out[1] = true;
    if (k.pow > r.pow.amount) out[2] = true;
  }
  return out;
}

/**
 * A unit facing an enemy that can attack next and would kill it and survive
 * its strike back is as good as gone; so is one that cannot strike back
 * (exhausted or stunned) against an attacker that kills it.
 */
function doomed(
  unit: UnitState,
  stats: EffectiveStats,
  foe: UnitState,
  foeStats: EffectiveStats,
  foeK: CardKnowledge,
): boolean {
  if (foeK.wall || foeStats.attack <= 0 || foe.stun > 1 || foeK.flying) return false;
  if (foeStats.attack < stats.hp) return false;
  const strikesBack = !unit.exhausted && unit.stun === 0;
  if (!strikesBack) return true;
  if (foeK.firstStrike) return true;
  return stats.attack < foeStats.hp;
}

export interface Evaluator {
  catalogue: Catalogue;
  knowledge: Knowledge;
  weights: Weights;
}

export function makeEvaluator(catalogue: Catalogue, weights: Weights = DEFAULT_WEIGHTS): Evaluator {
  return { catalogue, knowledge: knowledge(catalogue), weights };
}

/** The worth of `state` for `me` (higher is better). */
export function evaluate(ev: Evaluator, state: BattleState, me: Side): number {
  if (state.over) {
    if (state.winner === me) return WIN_SCORE - state.turn;
    if (state.winner === null) return 0;
    return -WIN_SCORE + state.turn;
  }
  const w = ev.weights;
  const foe = otherSide(me);
  const mine = state.sides[me];
  const theirs = state.sides[foe];
  const myStats = tableStats(state, me, ev.catalogue);
  const foeStats = tableStats(state, foe, ev.catalogue);
  let score = 0;
  let myThreat = 0;
  let foeThreat = 0;
  for (let c = 0; c < mine.table.length; c++) {
    const mu = mine.table[c];
    const fu = theirs.table[c];
    const ms = myStats[c];
    const fs = foeStats[c];
    const mk = mu ? know(ev.knowledge, mu.card) : null;
    const fk = fu ? know(ev.knowledge, fu.card) : null;
    if (mu && ms && mk) {
      let v = unitValue(mu, ms, mk, w);
      if (fu && fs && fk && doomed(mu, ms, fu, fs, fk)) v *= 1 - w.exposure;
      score += v;
      if (canThreaten(mu, ms, mk) && (!fu || mk.flying)) myThreat += ms.attack;
    }
    if (fu && fs && fk) {
      let v = unitValue(fu, fs, fk, w);
      if (mu && ms && mk && doomed(fu, fs, mu, ms, mk)) v *= 1 - w.exposure;
      score -= v;
      if (canThreaten(fu, fs, fk) && (!mu || fk.flying)) foeThreat += fs.attack;
    }
  }
  score += castleValue(mine.hp) - w.aggression * castleValue(theirs.hp);
  score += w.threat * (myThreat - foeThreat);
  if (myThreat >= theirs.hp) score += w.lethal;
  if (foeThreat >= mine.hp) score -= w.lethal;
  score +=
    resourceScore(mine, state.turn, w, shortOf(ev, mine, state.turn), needOf(ev, mine)) -
    resourceScore(theirs, state.turn, w, null, null);
  score += w.hand * (Math.min(6, mine.hand.length) - Math.min(6, theirs.hand.length));
  return score;
}

/** How much a side would rather keep this card in hand (for the end-turn discard). */
export function keepValue(ev: Evaluator, me: SideState, card: number, turn: number): number {
  const k = know(ev.knowledge, card);
  const w = ev.weights;
  let v: number;
  if (k.isUnit) {
    v = w.attack * k.attack + w.hp * k.hp + w.presence + k.abilityBonus;
    if (k.wall) v = w.wallHp * k.hp + 0.8 * k.attack + w.presence;
  } else if (k.incomeSpell) v = incomeWorth(turn, w) * 1.5;
  else v = 1.1 * k.costTotal + 1;
  // A card the income will not pay for soon is worth less.
  const r = me.resources;
  let wait = 0;
  for (const [need, res] of [
    [k.fire, r.fire],
    [k.diamond, r.diamond],
    [k.pow, r.pow],
  ] as const) {
    if (need > res.amount) wait = Math.max(wait, (need - res.amount) / Math.max(0.5, res.inc));
  }
  return v - 0.8 * wait;
}
