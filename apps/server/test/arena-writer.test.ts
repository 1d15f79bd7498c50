import { describe, expect, it } from "vitest";
import { type ArenaSave, createArenaWriter, SQLITE_BATCH } from "../src/battles/arena-writer.ts";
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
  it("commits a backlog in batches of at most SQLITE_BATCH and lets the event loop run between them", async () => {
    const batches: number[] = [];
    /** How many batches had been sent when an I/O-phase callback queued by the first one ran. */
    let batchesWhenLoopRan = -1;
    const commit = async (batch: ArenaSave[]) => {
      batches.push(batch.length);
      if (batches.length === 1)
        setImmediate(() => {
          batchesWhenLoopRan = batches.length;
        });
      return batch.map((s) => s.id !== "g7");
    };
    const writer = createArenaWriter({} as Db, SQLITE_BATCH, commit);
    const saves = Array.from({ length: SQLITE_BATCH * 3 + 5 }, (_, i) => writer.save(save(i)));
    const results = await Promise.all(saves);
    expect(batches).toEqual([SQLITE_BATCH, SQLITE_BATCH, SQLITE_BATCH, 5]);
    // The loop had its turn right after the first batch, not after the whole backlog.
    expect(batchesWhenLoopRan).toBe(1);
    // Each caller hears its own save's result.
    expect(results.filter((ok) => !ok)).toHaveLength(1);
    expect(results[7]).toBe(false);
  });
});
