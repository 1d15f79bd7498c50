/**
 * Attack flags, lane by lane (rules.md section 1, Combat): attack when the
 * facing cell is empty (or the unit flies over it), or when the trade is
 * favourable; keep defenders otherwise.
 */
import {
  type BattleState,
  type EffectiveStats,
  otherSide,
  readyAttackers,
  type Side,
  TABLE_CELLS,
  TURN_CAP,
  tableStats,
} from "@cardrealm/engine";
import { type Evaluator, unitValue } from "./evaluate.ts";
import { know } from "./knowledge.ts";

export function noFlags(): boolean[] {
  return new Array<boolean>(TABLE_CELLS).fill(false);
}

/** Value lost by a unit taking `damage` (all of it when the damage kills). */
function damageWorth(value: number, stats: EffectiveStats, damage: number): number {
  if (damage <= 0) return 0;
  if (damage >= stats.hp) return value;
  return (0.6 * value * damage) / Math.max(1, stats.maxHp);
}

/**
 * Who wins the race if both sides keep hitting the castles through the lanes
 * they have open now (and, when every lane is shut, through the board they
 * would break open by trading): "ahead" when `side` kills the enemy castle
 * in fewer of its turns than the enemy kills its own, "locked" when neither
 * side has an open lane, so nothing changes unless someone trades.
 */
export interface Race {
  ahead: boolean;
  locked: boolean;
  /**
   * Behind on castle hp with nothing getting through (or the turn cap
   * close): waiting loses at the cap, so every even trade is worth taking.
   */
  behind: boolean;
}

export function race(ev: Evaluator, state: BattleState, side: Side): Race {
  const foe = otherSide(side);
  const mine = state.sides[side];
  const theirs = state.sides[foe];
  const myStats = tableStats(state, side, ev.catalogue);
  const foeStats = tableStats(state, foe, ev.catalogue);
  let myOpen = 0;
  let foeOpen = 0;
  let myPower = 0;
  let foePower = 0;
  for (let c = 0; c < TABLE_CELLS; c++) {
    const mu = mine.table[c];
    const fu = theirs.table[c];
    const ms = myStats[c];
    const fs = foeStats[c];
    if (mu && ms) {
      const k = know(ev.knowledge, mu.card);
      if (!k.wall && ms.attack > 0) {
        myPower += ms.attack + 0.5 * Math.max(0, ms.hp);
        if (!fu || k.flying) myOpen += ms.attack;
      }
    }
    if (fu && fs) {
      const k = know(ev.knowledge, fu.card);
      if (!k.wall && fs.attack > 0) {
        foePower += fs.attack + 0.5 * Math.max(0, fs.hp);
        if (!mu || k.flying) foeOpen += fs.attack;
      }
    }
  }
  const locked = myOpen === 0 && foeOpen === 0;
  const late = state.turn >= TURN_CAP - 12;
  const behind = mine.hp < theirs.hp && (locked || late);
  if (locked) {
    // Nothing gets through: the side with the stronger board and the
    // healthier castle wins the trades that open it.
    return {
      locked,
      behind,
      ahead: myPower + 0.3 * mine.hp >= foePower + 0.3 * theirs.hp,
    };
  }
  const myTurns = myOpen > 0 ? theirs.hp / myOpen : Number.POSITIVE_INFINITY;
  const foeTurns = foeOpen > 0 ? mine.hp / foeOpen : Number.POSITIVE_INFINITY;
  return { locked, behind, ahead: myTurns <= foeTurns };
}

/**
 * The greedy lane-by-lane flags for `side` (the side to move) on `state`.
 * Open lanes always attack; a lane with a defender attacks when the trade
 * favours us (we kill and live, or we trade up), and, when the race favours
 * us or the board is locked, also when we deal a larger share of the
 * defender's hp than it deals of ours: waiting on a locked board only runs
 * the game to the turn cap (issue 15).
 */
export function heuristicFlags(ev: Evaluator, state: BattleState, side: Side): boolean[] {
  const flags = noFlags();
  const ready = readyAttackers(state, side, ev.catalogue);
  if (ready.length === 0) return flags;
  const foe = otherSide(side);
  const myStats = tableStats(state, side, ev.catalogue);
  const foeStats = tableStats(state, foe, ev.catalogue);
  let pressing: boolean | null = null;
  let behind = false;
  for (const c of ready) {
    const mu = state.sides[side].table[c];
    const ms = myStats[c];
    if (!mu || !ms) continue;
    const mk = know(ev.knowledge, mu.card);
    const fu = state.sides[foe].table[c];
    const fs = foeStats[c];
    if (!fu || !fs || mk.flying) {
      flags[c] = true;
      continue;
    }
    const fk = know(ev.knowledge, fu.card);
    const atk = ms.attack;
    const kills = atk >= fs.hp;
    const canBack = !fu.exhausted && fu.stun === 0;
    const back = canBack && !(mk.firstStrike && kills) ? fs.attack : 0;
    const dies = back >= ms.hp;
    const vM = unitValue(mu, ms, mk, ev.weights);
    const vF = unitValue(fu, fs, fk, ev.weights);
    const pierce = mk.pierce ? Math.max(0, atk - Math.max(0, fs.hp)) : 0;
    if (kills && !dies) {
      flags[c] = true;
      continue;
    }
    if (pressing === null) {
      const r = race(ev, state, side);
      pressing = r.ahead || r.locked;
      behind = r.behind;
    }
    if (kills && dies) {
      flags[c] = behind || vF + pierce >= (pressing ? 0.75 : 0.9) * vM;
      continue;
    }
    if (dies) continue;
    // Neither dies: chip damage. Attacking exhausts the unit, so a ready
    // enemy in the lane may hit it next turn without a strike back.
    const hitsNext = !fk.wall && fs.attack > 0 && fu.stun <= 1;
    const share = atk / Math.max(1, fs.hp);
    const taken = back / Math.max(1, ms.hp);
    if (atk > 0 && ((pressing && share > taken) || (behind && share >= taken))) {
      // The trade favours us lane-wise and the race says push.
      flags[c] = true;
      continue;
    }
    const gain =
      damageWorth(vF, fs, atk) +
      pierce +
      mk.poison -
      damageWorth(vM, ms, back) -
      (hitsNext ? 0.5 * damageWorth(vM, { ...ms, hp: ms.hp - back }, fs.attack) : 0);
    flags[c] = gain > 0.5;
  }
  return flags;
}

/** Every ready cell flagged. */
export function allFlags(ev: Evaluator, state: BattleState, side: Side): boolean[] {
  const flags = noFlags();
  for (const c of readyAttackers(state, side, ev.catalogue)) flags[c] = true;
  return flags;
}

export function sameFlags(a: readonly boolean[], b: readonly boolean[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
