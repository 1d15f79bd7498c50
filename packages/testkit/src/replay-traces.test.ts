/**
 * Replays every trace saved in packages/engine/traces/ (fuzz failures and
 * hand-made samples) against the test catalogue, checking the invariants
 * after every step and, when the file names one, the expected outcome.
 */
import { fileURLToPath } from "node:url";
import { createBattle, step } from "@cardrealm/engine";
import { describe, expect, it } from "vitest";
import { testCatalogue } from "./cards.ts";
import { checkStateInvariants } from "./fuzz.ts";
import { readTraceFiles } from "./trace-files.ts";

const TRACES = fileURLToPath(new URL("../../engine/traces/", import.meta.url));
const files = readTraceFiles(TRACES);

interface Expectation {
  over?: boolean;
  winner?: 0 | 1 | null;
  endReason?: string;
  turn?: number;
  hp?: [number, number];
}

describe("saved traces replay", () => {
  it("has at least the hand-made sample", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const { file, trace } of files) {
    it(`replays ${file.split("/").at(-1)}`, () => {
      let state = createBattle(trace, testCatalogue);
      trace.actions.forEach((action, i) => {
        const r = step(state, action, testCatalogue);
        if (!r.ok) throw new Error(`action ${i} refused: ${r.error.code} ${r.error.message}`);
        state = r.state;
        expect(checkStateInvariants(state, testCatalogue), `after action ${i}`).toBeNull();
      });
      const expected = (trace as { expect?: Expectation }).expect;
      if (expected) {
        const { hp, ...rest } = expected;
        expect(state).toMatchObject(rest);
        if (hp) expect([state.sides[0].hp, state.sides[1].hp]).toEqual(hp);
      }
    });
  }
});
