/**
 * The fuzz test (architecture.md principle 7): thousands of random games over
 * the engine's legal actions, invariants checked after every step. A failing
 * game is written to packages/engine/traces/ as a trace, which
 * replay-traces.test.ts then replays forever after.
 *
 * FUZZ_GAMES=20000 npx vitest run packages/testkit/src/fuzz.test.ts
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { testCatalogue } from "./cards.ts";
import { randomDeck } from "./decks.ts";
import { playRandomGame } from "./fuzz.ts";
import { writeTraceFile } from "./trace-files.ts";

const GAMES = Number(process.env.FUZZ_GAMES ?? 2000);
const FIRST_SEED = Number(process.env.FUZZ_SEED ?? 1);
const TRACES = fileURLToPath(new URL("../../engine/traces/", import.meta.url));

describe("fuzz: random games", () => {
  it(`plays ${GAMES} random games without breaking an invariant`, () => {
    const failures: string[] = [];
    const ends: Record<string, number> = {};
    for (let seed = FIRST_SEED; seed < FIRST_SEED + GAMES; seed++) {
      const decks = [randomDeck(seed * 2), randomDeck(seed * 2 + 1)] as const;
      // Every 50th game also checks that step never mutates its input.
      const r = playRandomGame(seed, testCatalogue, decks, {
        checkPurity: seed % 50 === 0,
        catalogueVersion: "testkit",
      });
      const end = r.state.endReason ?? "unfinished";
      ends[end] = (ends[end] ?? 0) + 1;
      if (!r.ok) {
        const file = writeTraceFile(TRACES, `fuzz-failure-seed-${seed}`, r.trace);
        failures.push(`seed ${seed} after ${r.steps} steps: ${r.failure} (trace: ${file})`);
        if (failures.length >= 5) break;
      }
    }
    expect(failures).toEqual([]);
    // Every way a battle ends shows up in a big enough run.
    expect(Object.keys(ends)).toEqual(expect.arrayContaining(["hp", "turn_cap", "give_up"]));
    // A backstop, not a speed check: 2,000 games took 39 s beside other
    // engineers' builds at load 15, past Vitest's 30 s default.
  }, 180_000);

  it("the fuzzer itself is deterministic", () => {
    const decks = [randomDeck(10), randomDeck(11)] as const;
    const a = playRandomGame(5, testCatalogue, decks);
    const b = playRandomGame(5, testCatalogue, decks);
    expect(a.trace).toEqual(b.trace);
    expect(a.state).toEqual(b.state);
  });
});
