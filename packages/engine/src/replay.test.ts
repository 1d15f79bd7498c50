import { T, testCatalogue } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import { ReplayError, replay, type Trace } from "./replay.ts";
import { ENGINE_VERSION } from "./version.ts";

const trace: Trace = {
  engineVersion: ENGINE_VERSION,
  seed: 11,
  sides: [
    { name: "a", deck: new Array(10).fill(T.footman) },
    { name: "b", deck: new Array(10).fill(T.footman) },
  ],
  opener: 0,
  actions: [
    { type: "play_card", side: 0, handKey: 1, cell: 2 },
    { type: "end_turn", side: 0, attack: [false, false, false, false, false] },
    { type: "give_up", side: 1 },
  ],
};

describe("replay", () => {
  it("replays a trace to its final state", () => {
    const s = replay(trace, testCatalogue);
    expect(s).toMatchObject({ over: true, winner: 0, endReason: "give_up", version: 3 });
    expect(s.sides[0].table[2]?.card).toBe(T.footman);
  });

  it("refuses a trace of another engine version", () => {
    expect(() => replay({ ...trace, engineVersion: "0.0.0" }, testCatalogue)).toThrow(ReplayError);
  });

  it("reports the first action the engine refuses", () => {
    const bad = { ...trace, actions: [trace.actions[1], trace.actions[1]] } as Trace;
    try {
      replay(bad, testCatalogue);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ReplayError);
      expect((e as ReplayError).actionIndex).toBe(1);
      expect((e as ReplayError).error?.code).toBe("not_your_turn");
    }
  });
});
