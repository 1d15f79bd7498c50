import { CATALOGUE, COLLECTIBLE_CARDS, expandDeck, STARTER_DECK } from "@cardrealm/content";
import {
  type Action,
  type BattleState,
  type CardDef,
  type Catalogue,
  createBattle,
  legalActions,
  nextFloat,
  nextInt,
  type RngHolder,
  readyAttackers,
  rngFromSeed,
  step,
} from "@cardrealm/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseTurn, TIERS, type Tier } from "./choose.ts";

const starter = expandDeck([...STARTER_DECK]);
const collectible = COLLECTIBLE_CARDS.map((c) => c.id);

/** `size` random cards of `pool` (repeats allowed). */
function randomDeck(seed: number, pool: readonly number[], size = 40): number[] {
  const rng = { rng: rngFromSeed(seed) };
  return Array.from({ length: size }, () => pool[nextInt(rng, pool.length)] ?? 1001);
}

const free = { fire: 0, diamond: 1, pow: 0 };
/** Odd cards the content does not have: a unit that names a target, auras that weaken. */
const ODD_CARDS: CardDef[] = [
  {
    id: 9901,
    name: "Sniper",
    level: 1,
    type: "unit",
    cost: free,
    attack: 2,
    hp: 2,
    rarity: "common",
    set: "base",
    faction: "neutral",
    abilities: [
      {
        trigger: "on_play",
        target: "selected",
        select: { aim: "unit_castle", side: "cpu" },
        effect: { kind: "damage", amount: 2 },
      },
    ],
  },
  {
    id: 9902,
    name: "Dread Banner",
    level: 1,
    type: "unit",
    cost: free,
    attack: 1,
    hp: 4,
    rarity: "common",
    set: "base",
    faction: "neutral",
    abilities: [
      { trigger: "aura", target: "all_enemy", effect: { kind: "buff", attack: -1, hp: -1 } },
    ],
  },
  {
    id: 9903,
    name: "Mend",
    level: 1,
    type: "spell",
    cost: free,
    rarity: "common",
    set: "base",
    faction: "neutral",
    abilities: [
      {
        trigger: "on_play",
        target: "selected",
        select: { aim: "unit", side: "player" },
        effect: { kind: "buff", attack: 1, hp: 1, temporary: true },
      },
    ],
  },
];
const oddCatalogue: Catalogue = new Map([
  ...CATALOGUE,
  ...ODD_CARDS.map((c) => [c.id, c] as const),
]);
const oddPool = [...collectible, 9901, 9901, 9902, 9902, 9903, 9903, 9903];

/** A random legal action (random attack flags on end_turn), never give_up. */
function randomAction(state: BattleState, catalogue: Catalogue, rng: RngHolder): Action {
  const legal = legalActions(state, catalogue).filter((a) => a.type !== "give_up");
  const action = legal[nextInt(rng, legal.length)];
  if (!action) throw new Error("no legal action");
  if (action.type !== "end_turn") return action;
  const attack = action.attack.slice();
  for (const c of readyAttackers(state, state.active, catalogue)) attack[c] = nextFloat(rng) < 0.5;
  return { ...action, attack };
}

/** Steps every action in order; returns the first refusal, or null. */
function refusal(state: BattleState, actions: readonly Action[], catalogue: Catalogue) {
  let s = state;
  for (const [i, a] of actions.entries()) {
    const r = step(s, a, catalogue);
    if (!r.ok) return `action ${i} (${a.type}) refused: ${r.error.code} ${r.error.message}`;
    s = r.state;
    if (s.over && i < actions.length - 1) return "actions after the battle ended";
  }
  if (!s.over && s.active === state.active && s.turn === state.turn) return "the turn did not end";
  return null;
}

/** Random states of a random game: every state before each step of random play. */
function randomStates(seed: number, catalogue: Catalogue, decks: [number[], number[]]) {
  const rng = { rng: rngFromSeed(seed) };
  let state = createBattle(
    {
      seed,
      sides: [
        { name: "A", deck: decks[0], hp: 20 + nextInt(rng, 40) },
        { name: "B", deck: decks[1], hp: 20 + nextInt(rng, 40) },
      ],
      opener: nextInt(rng, 2) === 0 ? 0 : 1,
    },
    catalogue,
  );
  const states: BattleState[] = [];
  while (!state.over && states.length < 400) {
    states.push(state);
    const r = step(state, randomAction(state, catalogue, rng), catalogue);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return states;
}

describe("chooseTurn", () => {
  const state0 = createBattle(
    {
      seed: 11,
      sides: [
        { name: "A", deck: starter },
        { name: "B", deck: starter },
      ],
      opener: 0,
    },
    CATALOGUE,
  );

  it("is deterministic for a state and a seed, in every tier", () => {
    const states = randomStates(5, CATALOGUE, [starter, starter]).filter((_, i) => i % 7 === 0);
    for (const tier of TIERS) {
      for (const s of states) {
        const a = chooseTurn(s, s.active, CATALOGUE, { tier, seed: 42 });
        const b = chooseTurn(s, s.active, CATALOGUE, { tier, seed: 42 });
        expect(b).toEqual(a);
      }
    }
  });

  it("does not change the state it is given", () => {
    const before = JSON.stringify(state0);
    for (const tier of TIERS) chooseTurn(state0, 0, CATALOGUE, { tier, seed: 1 });
    expect(JSON.stringify(state0)).toBe(before);
  });

  it("answers nothing when it is not the side's turn or the battle is over", () => {
    expect(chooseTurn(state0, 1, CATALOGUE, { tier: "boss", seed: 1 })).toEqual([]);
    const over = step(state0, { type: "give_up", side: 1 }, CATALOGUE);
    if (!over.ok) throw new Error("give_up refused");
    expect(chooseTurn(over.state, 0, CATALOGUE, { tier: "normal", seed: 1 })).toEqual([]);
  });

  it("plays at most one card, then ends the turn", () => {
    const states = randomStates(9, CATALOGUE, [starter, starter]);
    for (const s of states.filter((_, i) => i % 5 === 0)) {
      for (const tier of TIERS) {
        const actions = chooseTurn(s, s.active, CATALOGUE, { tier, seed: 3 });
        const plays = actions.filter((a) => a.type === "play_card").length;
        expect(plays).toBeLessThanOrEqual(s.played === 0 ? 1 : 0);
        expect(actions.some((a) => a.type === "give_up")).toBe(false);
        const last = actions[actions.length - 1];
        expect(last?.type === "end_turn" || last?.type === "play_card").toBe(true);
      }
    }
  });

  it("never returns an action the engine refuses (random states, real cards)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<Tier>(...TIERS),
        (seed, tier) => {
          const decks: [number[], number[]] = [
            randomDeck(seed, collectible),
            randomDeck(seed + 1, collectible),
          ];
          const states = randomStates(seed, CATALOGUE, decks);
          const rng = { rng: rngFromSeed(seed ^ 77) };
          for (const s of states) {
            if (nextFloat(rng) > 0.25) continue;
            const actions = chooseTurn(s, s.active, CATALOGUE, { tier, seed });
            expect(refusal(s, actions, CATALOGUE)).toBeNull();
          }
        },
      ),
      { numRuns: 24, seed: 20_251_121 },
    );
  });

  it("never returns an action the engine refuses (odd cards, noisy arena play)", () => {
    let discards = 0;
    for (let seed = 0; seed < 10; seed++) {
      const decks: [number[], number[]] = [
        randomDeck(seed, oddPool),
        randomDeck(seed + 100, oddPool),
      ];
      const states = randomStates(seed, oddCatalogue, decks);
      for (const [i, s] of states.entries()) {
        if (i % 3 !== 0) continue;
        const tier = TIERS[i % TIERS.length] ?? "normal";
        const actions = chooseTurn(s, s.active, oddCatalogue, { tier, seed: i, noise: 0.35 });
        expect(refusal(s, actions, oddCatalogue)).toBeNull();
        if (actions.some((a) => a.type === "end_turn" && a.discard !== undefined)) discards++;
      }
    }
    // The random states do reach the hand limit, so the discard path is covered.
    expect(discards).toBeGreaterThan(0);
  });
});
