import { describe, expect, it } from "vitest";
import {
  type ArenaSave,
  createArenaWriter,
  SQLITE_BATCH,
  SQLITE_BUDGET_MS,
} from "../src/battles/arena-writer.ts";
import type { Db } from "../src/db/database.ts";

const save = (i: number): ArenaSave => ({
  id: `g${i}`,
  expectedVersion: 1,
  version: 2,
  action: "{}",
  state: "{}",
  deadline: null,
  now: "2026-12-06T10:00:00.000Z",
});

describe("the arena's move writer", () => {
  it("commits a backlog in batches of at most SQLITE_BATCH and lets the event loop run once a stretch used its budget", async () => {
    const batches: number[] = [];
    /** How many batches had been sent when an I/O-phase callback queued by the first one ran. */
    let batchesWhenLoopRan = -1;
    // Each batch takes 40 % of the budget on this clock: two fit in a stretch, the third passes it.
    let clock = 0;
    const commit = async (batch: ArenaSave[]) => {
      clock += SQLITE_BUDGET_MS * 0.4;
      batches.push(batch.length);
      if (batches.length === 1)
        setImmediate(() => {
          batchesWhenLoopRan = batches.length;
        });
      return batch.map((s) => s.id !== "g7");
    };
    const writer = createArenaWriter({} as Db, SQLITE_BATCH, commit, {
      budgetMs: SQLITE_BUDGET_MS,
      now: () => clock,
    });
    const saves = Array.from({ length: SQLITE_BATCH * 5 + 5 }, (_, i) => writer.save(save(i)));
    const results = await Promise.all(saves);
    expect(batches).toEqual([
      SQLITE_BATCH,
      SQLITE_BATCH,
      SQLITE_BATCH,
      SQLITE_BATCH,
      SQLITE_BATCH,
      5,
    ]);
    // The loop had its turn once the stretch passed its budget (after the
    // third batch), not after the whole backlog, and not after each batch.
    expect(batchesWhenLoopRan).toBe(3);
    // Each caller hears its own save's result.
    expect(results.filter((ok) => !ok)).toHaveLength(1);
    expect(results[7]).toBe(false);
  });
});
