import { CATALOGUE } from "@cardrealm/content";
import {
  type BattleState,
  messagesFor,
  type Side,
  type StateMessage,
  snapshotMessage,
  step,
} from "@cardrealm/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rebuildReplay } from "../src/replays/replay-builder.ts";
import { DECKS, playedBattle, VERSIONS } from "./replay-fixtures.ts";

/**
 * Issue 16: a replay shows exactly what its seat saw. Over random battles
 * with the real catalogue and real decks, every step of seat A's replay is
 * the engine's per-viewer filter for A (the filter secrecy-sent.test.ts
 * proves never holds the other seat's hand, deck order or the seed), holds
 * no secret-bearing field, does not change when seat B's hidden cards, deck
 * order and the rng change, and the replay never carries the setup or seed.
 */

const other = (s: Side): Side => (s === 0 ? 1 : 0);

/** Field names that only secrets use. */
function secretFields(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretFields(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === "seed" || k === "rng" || k === "setup" || k === "sides") out.push(`${path}.${k}`);
    if (k === "deck" && Array.isArray(v)) out.push(`${path}.deck`);
    if (k === "cpu" && v !== null && typeof v === "object" && "hand" in v)
      out.push(`${path}.cpu.hand`);
    out.push(...secretFields(v, `${path}.${k}`));
  }
  return out;
}

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

/** The messages without the server's tags (ids, idle count), as the engine's filter makes them. */
function untagged(messages: readonly StateMessage[]): StateMessage[] {
  const copy = structuredClone([...messages]);
  for (const m of copy) {
    if (!m.game_data) continue;
    delete m.game_data.game_id;
    delete m.game_data.cpu_id;
    delete m.game_data.isPvP;
    delete m.game_data.idle_left;
  }
  return copy;
}

describe("a replay never holds the other seat's secrets (real catalogue)", () => {
  it("each step is the seat's filtered view, unchanged by the other seat's secrets; no setup or seed", () => {
    let replayed = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 2 }),
        fc.tuple(fc.nat(10), fc.nat(10)),
        fc.array(fc.nat(1_000), { minLength: 10, maxLength: 120 }),
        fc.boolean(),
        fc.constantFrom("pvp", "cpu", "practice"),
        fc.nat(100),
        (seed, decks, choices, finish, mode, salt) => {
          const played = playedBattle(seed, decks, choices, finish);
          if (!played.final.over) return; // only finished battles replay
          const src = {
            id: "00000000-0000-4000-8000-000000000001",
            mode,
            setup: JSON.stringify({ ...played.setup, cpuId: 0 }),
            actions: JSON.stringify(played.actions),
            state: JSON.stringify(played.final),
            engine_version: VERSIONS.engine,
            catalogue_version: VERSIONS.catalogue,
          };
          replayed++;
          for (const side of [0, 1] as Side[]) {
            const hidden = other(side);
            const r = rebuildReplay(src, side, CATALOGUE, VERSIONS, {
              result: { rewards: { silver: 0 } },
            });
            if (!r.ok) throw new Error(`did not replay: ${r.detail}`);
            const text = JSON.stringify(r.steps);
            expect(text).not.toMatch(/"setup"|"seed"|"rng"|"sides"/);
            expect(secretFields(r.steps)).toEqual([]);
            const start = untagged(r.steps[0]?.messages ?? []);
            const first = played.states[0] as BattleState;
            expect(start).toEqual([snapshotMessage(first, side, CATALOGUE)]);
            expect(start).toEqual([
              snapshotMessage(withOtherSecrets(first, hidden, salt), side, CATALOGUE),
            ]);
            played.actions.forEach((action, i) => {
              const before = played.states[i] as BattleState;
              const after = step(before, action, CATALOGUE);
              if (!after.ok) throw new Error("the stored action no longer steps");
              const got = untagged(r.steps[i + 1]?.messages ?? []);
              for (const m of got) if (m.end_game) delete m.end_game.result;
              expect(got).toEqual(messagesFor(after.events, after.state, side, CATALOGUE));
              const swapped = withOtherSecrets(after.state, hidden, salt);
              expect(got).toEqual(messagesFor(after.events, swapped, side, CATALOGUE));
            });
          }
        },
      ),
      { numRuns: 40 },
    );
    // Unfinished games are skipped: the property must still have run on many.
    expect(replayed).toBeGreaterThan(10);
  });
});
