/**
 * The passive keywords (card-types.ts KEYWORDS), each one entry of
 * `KEYWORD_RULES`, a record keyed by every keyword: a keyword without a rule
 * does not compile. A rule installs its hooks into a card's `UnitRules` once,
 * when the catalogue is indexed (card-index.ts); combat and turn start run
 * the hooks without naming any keyword.
 *
 * - wall: never flagged attack (it still strikes back).
 * - first_strike (attacker only): the defender is hit first and does not
 *   strike back if that killed it.
 * - flying: the strike goes over a defender to the enemy castle.
 * - pierce: attack beyond the defender's current hp goes on to the castle.
 * - lifesteal: the unit's castle heals by the damage its strike or
 *   strike-back dealt (unit damage plus pierce, or castle damage).
 * - regenerate N: heals N of its damage at its owner's turn start.
 * - poison N: a unit it damages gets poison max(current, N).
 */

import { KEYWORDS, type KeywordName, type Keywords } from "./card-types.ts";
import { healCastle } from "./castle.ts";
import type { Draft } from "./draft.ts";
import type { Side, UnitState } from "./state.ts";

/** What a card's keywords make of it as a unit; the default is a plain unit. */
export interface UnitRules {
  /** May be flagged attack (when otherwise ready). */
  mayAttack: boolean;
  /** Strikes the enemy castle even past a defender. */
  overflies: boolean;
  /** As attacker, hits first; a defender that dies does not strike back. */
  strikesFirst: boolean;
  /** As attacker, damage beyond the defender's hp goes on to the castle. */
  pierces: boolean;
  /** Run on a unit this one damaged by its strike or strike-back. */
  onWound: ((victim: UnitState) => void)[];
  /** Run after this unit's strike or strike-back dealt `dealt` (>= 0). */
  onDealt: ((ctx: Draft, side: Side, cell: number, dealt: number) => void)[];
  /** Run at its owner's turn start, after poison ticks, before the death check. */
  onTurnStart: ((ctx: Draft, side: Side, cell: number, unit: UnitState) => void)[];
}

/** Installs a keyword's hooks; `strength` is its number (1 for a plain flag). */
export type KeywordRule = (rules: UnitRules, strength: number) => void;

function lifesteal(ctx: Draft, side: Side, cell: number, dealt: number): void {
  const healed = healCastle(ctx, side, dealt);
  if (healed > 0) ctx.events.push({ type: "lifesteal", side, cell, amount: healed });
}

export const KEYWORD_RULES: { readonly [K in KeywordName]: KeywordRule } = {
  wall(r) {
    r.mayAttack = false;
  },
  first_strike(r) {
    r.strikesFirst = true;
  },
  flying(r) {
    r.overflies = true;
  },
  pierce(r) {
    r.pierces = true;
  },
  lifesteal(r) {
    r.onDealt.push(lifesteal);
  },
  regenerate(r, n) {
    if (n <= 0) return;
    r.onTurnStart.push((ctx, side, cell, unit) => {
      if (unit.damage <= 0) return;
      const healed = Math.min(n, unit.damage);
      unit.damage -= healed;
      ctx.events.push({ type: "regenerate", side, cell, amount: healed });
    });
  },
  poison(r, n) {
    if (n <= 0) return;
    r.onWound.push((victim) => {
      victim.poison = Math.max(victim.poison, n);
    });
  },
};

export function plainUnitRules(): UnitRules {
  return {
    mayAttack: true,
    overflies: false,
    strikesFirst: false,
    pierces: false,
    onWound: [],
    onDealt: [],
    onTurnStart: [],
  };
}

/** A card's keywords compiled into its unit rules, in KEYWORDS order. */
export function compileKeywords(keywords: Keywords | undefined): UnitRules {
  const rules = plainUnitRules();
  if (!keywords) return rules;
  for (const k of KEYWORDS) {
    const value = keywords[k];
    if (value === undefined) continue;
    KEYWORD_RULES[k](rules, value === true ? 1 : value);
  }
  return rules;
}
