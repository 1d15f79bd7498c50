import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE } from "@cardrealm/content";
import { replay, type Trace } from "@cardrealm/engine";
import { describe, expect, it } from "vitest";
import { FAILURES_DIR, realGame, saveFailure } from "./real-catalogue.ts";

describe("fuzz with the real catalogue (tools/fuzz/real-catalogue.ts runs 10,000)", () => {
  it("200 random legal games keep every invariant; a failure is saved as a trace", () => {
    const failed: string[] = [];
    for (let i = 0; i < 200; i++) {
      const r = realGame(20261126, i);
      if (!r.ok) failed.push(`${r.failure} -> ${saveFailure(r)}`);
      else expect(replay(r.trace, CATALOGUE)).toEqual(r.state);
    }
    expect(failed).toEqual([]);
  }, 120_000);

  it("every saved failure trace still replays (and now passes)", () => {
    const files = existsSync(FAILURES_DIR) ? readdirSync(FAILURES_DIR) : [];
    for (const f of files.filter((x) => x.endsWith(".json"))) {
      const saved = JSON.parse(readFileSync(join(FAILURES_DIR, f), "utf8")) as { trace: Trace };
      expect(() => replay(saved.trace, CATALOGUE), f).not.toThrow();
    }
  });
});
