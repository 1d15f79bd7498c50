import {
  A,
  B,
  playRandomGame,
  randomDeck,
  scenario,
  T,
  TEST_CARDS,
  testCatalogue,
} from "@cardrealm/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.ts";
import type { CardDef, Catalogue } from "./card-types.ts";
import { legalActions } from "./legal.ts";
import { snapshotMessage } from "./messages-for.ts";
import { type CardPlay, playableCards, playableFromSnapshot } from "./playable.ts";
import { replay } from "./replay.ts";
import { type BattleState, otherSide } from "./state.ts";
import { step } from "./step.ts";

/** What the active side sees, as the client gets it. */
function playableNow(state: BattleState, catalogue: Catalogue = testCatalogue): CardPlay[] {
  return playableFromSnapshot(snapshotMessage(state, state.active, catalogue), catalogue);
}

/** The play_card actions a playable list stands for (the shape legalActions lists). */
function expand(state: BattleState, plays: readonly CardPlay[]): string[] {
  const side = state.active;
  const out: string[] = [];
  for (const p of plays) {
    if (p.isUnit) {
      for (const cell of p.cells) {
        if (p.targets.length === 0) out.push(JSON.stringify({ side, handKey: p.handKey, cell }));
        for (const target of p.targets) {
          out.push(JSON.stringify({ side, handKey: p.handKey, cell, target }));
        }
      }
    } else if (!p.needsTarget) out.push(JSON.stringify({ side, handKey: p.handKey }));
    else {
      for (const target of p.targets) {
        out.push(JSON.stringify({ side, handKey: p.handKey, target }));
      }
    }
  }
  return out.sort();
}

function legalPlays(state: BattleState): string[] {
  return legalActions(state, testCatalogue)
    .filter((a): a is Extract<Action, { type: "play_card" }> => a.type === "play_card")
    .map(({ side, handKey, cell, target }) => JSON.stringify({ side, handKey, cell, target }))
    .sort();
}

const keysOf = (plays: readonly CardPlay[]) => plays.map((p) => p.handKey);

describe("playableFromSnapshot", () => {
  it("lists an affordable unit with every empty own cell", () => {
    const s = scenario().onTable(A, 1, T.ogre).give(A, T.footman);
    const [play] = playableNow(s.state);
    expect(play).toMatchObject({ isUnit: true, cells: [0, 2, 3, 4], targets: [] });
    expect(play?.needsTarget).toBe(false);
  });

  it("leaves out a card whose cost is not covered", () => {
    const s = scenario().resources(A, { fire: 0, diamond: 0, pow: 0 }).give(A, T.footman);
    expect(playableNow(s.state)).toEqual([]);
  });

  it("leaves out a unit when the own table is full", () => {
    const s = scenario().give(A, T.footman);
    for (let cell = 0; cell < 5; cell++) s.onTable(A, cell, T.ogre);
    expect(playableNow(s.state)).toEqual([]);
  });

  it("needs a unit on the target side for a unit-targeting spell", () => {
    const s = scenario().give(A, T.doom).onTable(A, 0, T.ogre);
    expect(playableNow(s.state)).toEqual([]);
    s.onTable(B, 3, T.footman);
    const [play] = playableNow(s.state);
    expect(play?.targets).toEqual([{ key: "table_key", value: 3, side: "cpu" }]);
    expect(play?.needsTarget).toBe(true);
  });

  it("offers the enemy castle and enemy units to a unit-or-castle spell", () => {
    const s = scenario().give(A, T.fireball).onTable(B, 2, T.ogre).onTable(A, 0, T.ogre);
    expect(playableNow(s.state)[0]?.targets).toEqual([
      { key: "target_cpu_hp", value: 0, side: "cpu" },
      { key: "table_key", value: 2, side: "cpu" },
    ]);
  });

  it("lets a unit with an entry target enter plainly when nothing can be aimed at", () => {
    const s = scenario().give(A, T.archer);
    expect(playableNow(s.state)[0]).toMatchObject({ targets: [], needsTarget: false });
    s.onTable(B, 4, T.footman);
    expect(playableNow(s.state)[0]).toMatchObject({
      targets: [{ key: "table_key", value: 4, side: "cpu" }],
      needsTarget: true,
    });
  });

  it("offers nothing once the card of the turn is played, nor on the enemy's turn", () => {
    const s = scenario().give(A, T.footman, 2).give(B, T.footman);
    expect(keysOf(playableNow(s.state))).toHaveLength(2);
    const enemyView = snapshotMessage(s.state, B, testCatalogue);
    expect(playableFromSnapshot(enemyView, testCatalogue)).toEqual([]);
    s.play(T.footman, { cell: 0 });
    expect(playableNow(s.state)).toEqual([]);
  });

  it("honours an ability's filter: a spell for walls only sees walls", () => {
    const wallOnly: CardDef = {
      id: 9901,
      name: "Mortar",
      level: 1,
      type: "spell",
      cost: { fire: 0, diamond: 0, pow: 0 },
      rarity: "common",
      set: "base",
      faction: "neutral",
      abilities: [
        {
          trigger: "on_play",
          target: "selected",
          effect: { kind: "buff", attack: 0, hp: 2 },
          select: { aim: "unit", side: "player" },
          filter: { type: "wall" },
        },
      ],
    };
    const catalogue: Catalogue = new Map([...TEST_CARDS, wallOnly].map((c) => [c.id, c]));
    const s = scenario({ catalogue }).give(A, 9901).onTable(A, 0, T.footman);
    expect(playableNow(s.state, catalogue)).toEqual([]);
    s.onTable(A, 3, T.stoneWall);
    expect(playableNow(s.state, catalogue)[0]?.targets).toEqual([
      { key: "table_key", value: 3, side: "player" },
    ]);
  });

  it("never offers a card the catalogue does not know", () => {
    const board = {
      mayPlay: true,
      resources: { fire: { amount: 9 }, diamond: { amount: 9 }, pow: { amount: 9 } },
      hand: [{ key: 1, card: 424242 }],
      own: [null, null, null, null, null],
      enemy: [null, null, null, null, null],
    };
    expect(playableCards(board, testCatalogue)).toEqual([]);
  });

  it("answers [] for a message that is not a snapshot", () => {
    expect(playableFromSnapshot({ phase: "play_card" }, testCatalogue)).toEqual([]);
  });
});

/** Every state of a random game of the testkit's fuzzer, replayed step by step. */
function statesOf(seed: number): BattleState[] {
  const decks = [randomDeck(seed), randomDeck(seed + 1)] as const;
  const game = playRandomGame(seed, testCatalogue, decks, { timeoutRate: 0.02, giveUpRate: 0 });
  // The fuzzer returns only the last state: rebuild every one from its trace
  // (replay of an action-free trace is the starting state).
  let state = replay({ ...game.trace, actions: [] }, testCatalogue);
  const states = [state];
  for (const action of game.trace.actions) {
    const r = step(state, action, testCatalogue);
    if (!r.ok) throw new Error(`replay refused ${action.type}: ${r.error.code}`);
    state = r.state;
    states.push(state);
  }
  return states;
}

describe("playable agrees with legalActions", () => {
  it("on every state of random games: the playable cards are exactly those with a play_card", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        for (const state of statesOf(seed)) {
          const plays = playableNow(state);
          const legal = legalPlays(state);
          const legalKeys = new Set(
            legalActions(state, testCatalogue).flatMap((a) =>
              a.type === "play_card" ? [a.handKey] : [],
            ),
          );
          expect(new Set(keysOf(plays))).toEqual(legalKeys);
          // ... and their cells and targets are exactly the legal ones.
          expect(expand(state, plays)).toEqual(legal);
          // The side not to move never sees a playable card.
          const other = snapshotMessage(state, otherSide(state.active), testCatalogue);
          expect(playableFromSnapshot(other, testCatalogue)).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });
});
