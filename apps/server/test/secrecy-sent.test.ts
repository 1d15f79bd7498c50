import { CATALOGUE, getOpponent, STARTER_DECK } from "@cardrealm/content";
import {
  type Action,
  type BattleEvent,
  type BattleState,
  coinFlip,
  createBattle,
  legalActions,
  messagesFor,
  readyAttackers,
  type Side,
  type SideSetup,
  snapshotMessage,
  step,
} from "@cardrealm/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publicSnapshot, stateAtTurnStart } from "../src/battles/spectate-view.ts";

/**
 * What production actually sends to a seat (messagesFor after every step,
 * snapshotMessage for start answers, resyncs and the reconnect snapshot),
 * over random legal games with the real catalogue and real decks: it never
 * holds the other seat's hand, its deck order or the seed. Checked two ways:
 * no secret-bearing field anywhere, and the messages are the same whatever
 * the other seat's hidden cards and deck order and the rng are.
 */
const starter = STARTER_DECK.flatMap((c) => Array.from({ length: c.amount }, () => c.id));
const DECKS: number[][] = [
  starter,
  ...[6, 5, 4, 21].map((id) => [...(getOpponent(id)?.deck ?? starter)]),
];

const other = (s: Side): Side => (s === 0 ? 1 : 0);

/** The state with `hidden`'s secrets changed: other hand cards, reversed deck, another rng. */
function withOtherSecrets(state: BattleState, hidden: Side, salt: number): BattleState {
  const copy = structuredClone(state);
  const side = copy.sides[hidden];
  const pool = DECKS[salt % DECKS.length] as number[];
  side.hand = side.hand.map((h, i) => ({
    key: h.key,
    card: pool[(i + salt) % pool.length] ?? h.card,
  }));
  side.deck = [...side.deck].reverse();
  copy.rng = (copy.rng ^ 0x5bd1e995) >>> 0;
  return copy;
}

/** Field names that only secrets use. */
function secretFields(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretFields(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === "seed" || k === "rng") out.push(`${path}.${k}`);
    if (k === "deck" && Array.isArray(v)) out.push(`${path}.deck`);
    if (k === "cpu" && v !== null && typeof v === "object" && "hand" in v)
      out.push(`${path}.cpu.hand`);
    out.push(...secretFields(v, `${path}.${k}`));
  }
  return out;
}

function play(seed: number, decks: [number, number], choices: readonly number[]) {
  const setup = {
    seed,
    opener: coinFlip(seed),
    sides: [
      { name: "P", deck: DECKS[decks[0] % DECKS.length] as number[] },
      { name: "Q", deck: DECKS[decks[1] % DECKS.length] as number[] },
    ] as const,
  };
  let state = createBattle({ ...setup, sides: [...setup.sides] }, CATALOGUE);
  const steps: { events: BattleEvent[]; state: BattleState }[] = [];
  const actions: Action[] = [];
  for (const choice of choices) {
    if (state.over) break;
    const legal = legalActions(state, CATALOGUE).filter((a) => a.type !== "give_up");
    let action = legal[choice % legal.length] as Action;
    if (action.type === "end_turn") {
      const attack = action.attack.slice();
      for (const cell of readyAttackers(state, state.active, CATALOGUE))
        attack[cell] = choice % 3 !== 0;
      action = { ...action, attack };
    }
    const r = step(state, action, CATALOGUE);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    state = r.state;
    actions.push(action);
    steps.push({ events: r.events, state });
  }
  return {
    setup: { ...setup, sides: [...setup.sides] as [SideSetup, SideSetup] },
    first: createBattle({ ...setup, sides: [...setup.sides] }, CATALOGUE),
    steps,
    actions,
  };
}

describe("what is sent to a seat never holds the other seat's secrets (real catalogue)", () => {
  it("messagesFor and the snapshot: no secret field; unchanged when the other seat's secrets change", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 2 }),
        fc.tuple(fc.nat(10), fc.nat(10)),
        fc.array(fc.nat(1_000), { minLength: 10, maxLength: 120 }),
        fc.nat(100),
        (seed, decks, choices, salt) => {
          const { first, steps } = play(seed, decks, choices);
          for (const side of [0, 1] as Side[]) {
            const hidden = other(side);
            const opening = snapshotMessage(first, side, CATALOGUE);
            expect(secretFields(opening)).toEqual([]);
            expect(snapshotMessage(withOtherSecrets(first, hidden, salt), side, CATALOGUE)).toEqual(
              opening,
            );
            for (const s of steps) {
              const sent = messagesFor(s.events, s.state, side, CATALOGUE);
              expect(secretFields(sent)).toEqual([]);
              const swapped = withOtherSecrets(s.state, hidden, salt);
              expect(messagesFor(s.events, swapped, side, CATALOGUE)).toEqual(sent);
              expect(snapshotMessage(swapped, side, CATALOGUE)).toEqual(
                snapshotMessage(s.state, side, CATALOGUE),
              );
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** Both seats' secrets changed at once: what a spectator sees must not move. */
const withBothSecretsChanged = (state: BattleState, salt: number) =>
  withOtherSecrets(withOtherSecrets(state, 0, salt), 1, salt + 1);

describe("what is sent to a spectator holds no secret of either seat (real catalogue)", () => {
  it("the public snapshot: no hand, deck, seed or rng; unchanged when both seats' secrets change; a turn's start replays exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 2 }),
        fc.tuple(fc.nat(10), fc.nat(10)),
        fc.array(fc.nat(1_000), { minLength: 10, maxLength: 120 }),
        fc.nat(100),
        (seed, decks, choices, salt) => {
          const { setup, first, steps, actions } = play(seed, decks, choices);
          const states = [first, ...steps.map((s) => s.state)];
          for (const [i, state] of states.entries()) {
            const sent = publicSnapshot(state, CATALOGUE, "g");
            expect(secretFields(sent)).toEqual([]);
            expect(sent.player?.hand).toEqual({});
            expect(publicSnapshot(withBothSecretsChanged(state, salt), CATALOGUE, "g")).toEqual(
              sent,
            );
            // The first state of each turn is what the spectators get, rebuilt from the actions.
            const prev = states[i - 1];
            if (i === 0 || (prev && prev.turn !== state.turn)) {
              expect(stateAtTurnStart(setup, actions, CATALOGUE, state.turn)).toEqual(state);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
