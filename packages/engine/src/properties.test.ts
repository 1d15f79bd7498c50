/**
 * Property tests over random legal action sequences (fast-check): the
 * invariants of the rules hold after every step, and a battle is a pure
 * function of its seed and actions.
 */

import { checkStateInvariants, randomDeck, testCatalogue } from "@cardrealm/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.ts";
import { HAND_LIMIT } from "./constants.ts";
import { createBattle } from "./create.ts";
import { legalActions, readyAttackers } from "./legal.ts";
import { replay, type Trace } from "./replay.ts";
import { coinFlip } from "./rng.ts";
import type { BattleState, Side } from "./state.ts";
import { step } from "./step.ts";
import { ENGINE_VERSION } from "./version.ts";
import { view } from "./view.ts";

interface Played {
  trace: Trace;
  states: BattleState[];
  plays: number[];
}

/** Plays a battle where every choice is an index into the legal actions. */
function playChoices(seed: number, choices: readonly number[]): Played {
  const trace: Trace = {
    engineVersion: ENGINE_VERSION,
    seed,
    sides: [
      { name: "P", deck: randomDeck(seed) },
      { name: "Q", deck: randomDeck(seed + 1) },
    ],
    opener: coinFlip(seed),
    actions: [],
  };
  let state = createBattle(trace, testCatalogue);
  const states = [state];
  const plays: number[] = [];
  let playsThisTurn = 0;
  for (const choice of choices) {
    if (state.over) break;
    const legal = legalActions(state, testCatalogue).filter((a) => a.type !== "give_up");
    let action = legal[choice % legal.length] as Action;
    if (action.type === "end_turn") {
      const attack = action.attack.slice();
      readyAttackers(state, state.active, testCatalogue).forEach((cell, i) => {
        attack[cell] = ((choice >> (i + 4)) & 1) === 1;
      });
      action = { ...action, attack };
    }
    const r = step(state, action, testCatalogue);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    for (const e of r.events) {
      if (e.type === "turn_start") {
        plays.push(playsThisTurn);
        playsThisTurn = 0;
      } else if (e.type === "card_played") playsThisTurn++;
    }
    trace.actions.push(action);
    state = r.state;
    states.push(state);
  }
  plays.push(playsThisTurn);
  return { trace, states, plays };
}

const battle = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  choices: fc.array(fc.nat(), { minLength: 1, maxLength: 250 }),
});

describe("properties of random legal play", () => {
  it("resources never go below zero, hands never exceed 7, dead units leave the table", () => {
    fc.assert(
      fc.property(battle, ({ seed, choices }) => {
        for (const s of playChoices(seed, choices).states) {
          expect(checkStateInvariants(s, testCatalogue)).toBeNull();
          for (const side of s.sides) {
            expect(side.hand.length).toBeLessThanOrEqual(HAND_LIMIT);
            for (const r of Object.values(side.resources)) {
              expect(r.amount).toBeGreaterThanOrEqual(0);
              expect(r.inc).toBeGreaterThanOrEqual(0);
            }
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("at most one card is played per turn", () => {
    fc.assert(
      fc.property(battle, ({ seed, choices }) => {
        for (const n of playChoices(seed, choices).plays) expect(n).toBeLessThanOrEqual(1);
      }),
      { numRuns: 40 },
    );
  });

  it("the same seed and actions replay to an identical state", () => {
    fc.assert(
      fc.property(battle, ({ seed, choices }) => {
        const { trace, states } = playChoices(seed, choices);
        expect(replay(trace, testCatalogue)).toEqual(states.at(-1));
        expect(replay(JSON.parse(JSON.stringify(trace)), testCatalogue)).toEqual(states.at(-1));
      }),
      { numRuns: 40 },
    );
  });

  it("a view never contains the other side's hand, deck order or the seed", () => {
    fc.assert(
      fc.property(battle, ({ seed, choices }) => {
        const { states, trace } = playChoices(seed, choices);
        for (const s of states) {
          for (const viewer of [0, 1] as Side[]) {
            const other = s.sides[viewer === 0 ? 1 : 0];
            const v = view(s, viewer, testCatalogue);
            const json = JSON.stringify(v);
            expect(json).not.toMatch(/"deck"|"rng"|"seed"|"nextId"/);
            expect(Object.keys(v.cpu)).not.toContain("hand");
            const ownKeys = new Set(v.player.hand.map((h) => h.key));
            for (const h of other.hand) expect(ownKeys.has(h.key)).toBe(false);
            if (trace.seed > 9999) expect(json).not.toContain(String(trace.seed));
            if (Math.abs(s.rng) > 9999) expect(json).not.toContain(String(s.rng));
            for (const side of s.sides) {
              if (side.deck.length >= 3) expect(json).not.toContain(side.deck.join(","));
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
