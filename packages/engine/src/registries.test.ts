/**
 * The effect and keyword registries cover the whole vocabulary at runtime:
 * every effect kind has a handler that changes a battle, every keyword a rule
 * that changes what a unit does. (The records' types make a missing entry a
 * compile error; this catches a handler that is present but does nothing.)
 */
import { A, B, scenario, T, testCatalogue } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import { indexCatalogue } from "./card-index.ts";
import {
  type Ability,
  EFFECT_KINDS,
  type EffectKind,
  type EffectOf,
  KEYWORDS,
  type KeywordName,
  type Keywords,
  type TargetSelector,
} from "./card-types.ts";
import { cloneState } from "./clone.ts";
import { makeCtx } from "./context.ts";
import { applyEffect, EFFECT_HANDLERS } from "./effects.ts";
import type { AbilityResult } from "./events.ts";
import { compileKeywords, KEYWORD_RULES, plainUnitRules } from "./keywords.ts";

/** One sample of each effect kind and a selector it acts through. */
const SAMPLE_EFFECTS: { [K in EffectKind]: { effect: EffectOf<K>; target: TargetSelector } } = {
  damage: { effect: { kind: "damage", amount: 1 }, target: "all_enemy" },
  heal: { effect: { kind: "heal", amount: 1 }, target: "all_enemy" },
  buff: { effect: { kind: "buff", attack: 1, hp: 1 }, target: "all_enemy" },
  stun: { effect: { kind: "stun", turns: 1 }, target: "all_enemy" },
  destroy: { effect: { kind: "destroy" }, target: "all_enemy" },
  gain_resource: {
    effect: { kind: "gain_resource", resource: "fire", amount: 1 },
    target: "own_castle",
  },
  gain_inc: { effect: { kind: "gain_inc", resource: "fire", amount: 1 }, target: "own_castle" },
  drain_resource: {
    effect: { kind: "drain_resource", resource: "fire", amount: 1 },
    target: "enemy_castle",
  },
  drain_inc: { effect: { kind: "drain_inc", resource: "fire", amount: 1 }, target: "enemy_castle" },
  draw: { effect: { kind: "draw", amount: 1 }, target: "own_castle" },
  discard: { effect: { kind: "discard", amount: 1 }, target: "enemy_castle" },
  summon: { effect: { kind: "summon", cardId: T.skeleton }, target: "own_castle" },
  return_to_hand: { effect: { kind: "return_to_hand" }, target: "all_enemy" },
  swap_cells: { effect: { kind: "swap_cells" }, target: "all_enemy" },
};

/** A sample strength for each keyword. */
const SAMPLE_KEYWORDS: { [K in KeywordName]: NonNullable<Keywords[K]> } = {
  wall: true,
  first_strike: true,
  flying: true,
  pierce: true,
  lifesteal: true,
  regenerate: 1,
  poison: 1,
};

describe("effect registry", () => {
  it("has a handler for every effect kind and nothing else", () => {
    expect(Object.keys(EFFECT_HANDLERS).sort()).toEqual([...EFFECT_KINDS].sort());
  });

  it.each([...EFFECT_KINDS])("%s changes the battle and reports a result", (kind) => {
    const sample = SAMPLE_EFFECTS[kind];
    // Damaged enemy units apart (so heal has work and swaps do not undo each
    // other), cards in both hands and decks.
    const s = scenario()
      .onTable(B, 0, T.ogre, { damage: 2 })
      .onTable(B, 2, T.footman, { damage: 1 })
      .give(A, T.footman)
      .give(B, T.footman, 2);
    const before = cloneState(s.state);
    const draft = cloneState(s.state);
    const ctx = makeCtx(draft, indexCatalogue(testCatalogue));
    const ability: Ability = { trigger: "on_play", target: sample.target, effect: sample.effect };
    const out: AbilityResult[] = [];
    applyEffect(ctx, { side: A, cell: null, uid: null, card: T.fireball }, ability, null, out, []);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((r) => r.effect === kind)).toBe(true);
    expect(draft).not.toEqual(before);
  });
});

describe("keyword registry", () => {
  it("has a rule for every keyword and nothing else", () => {
    expect(Object.keys(KEYWORD_RULES).sort()).toEqual([...KEYWORDS].sort());
  });

  it.each([...KEYWORDS])("%s changes what a unit does", (keyword) => {
    const rules = compileKeywords({ [keyword]: SAMPLE_KEYWORDS[keyword] });
    const plain = plainUnitRules();
    const flags = (r: typeof plain) => ({
      mayAttack: r.mayAttack,
      overflies: r.overflies,
      strikesFirst: r.strikesFirst,
      pierces: r.pierces,
      hooks: [r.onWound.length, r.onDealt.length, r.onTurnStart.length],
    });
    expect(flags(rules)).not.toEqual(flags(plain));
  });
});
