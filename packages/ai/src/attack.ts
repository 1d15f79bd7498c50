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

/** The greedy lane-by-lane flags for `side` (the side to move) on `state`. */
export function heuristicFlags(ev: Evaluator, state: BattleState, side: Side): boolean[] {
  const flags = noFlags();
  const ready = readyAttackers(state, side, ev.catalogue);
  if (ready.length === 0) return flags;
  const foe = otherSide(side);
  const myStats = tableStats(state, side, ev.catalogue);
  const foeStats = tableStats(state, foe, ev.catalogue);
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
    if (kills && dies) {
      flags[c] = vF + pierce >= 0.9 * vM;
      continue;
    }
    if (dies) continue;
    // Neither dies: chip damage. Attacking exhausts the unit, so a ready
    // enemy in the lane may hit it next turn without a strike back.
    const hitsNext = !fk.wall && fs.attack > 0 && fu.stun <= 1;
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
