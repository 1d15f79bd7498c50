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

  it("on SQLite commits a full batch as soon as it fills, before the loop's turn ends, and the rest after", async () => {
    const commits: { size: number; loopTurnEnded: boolean }[] = [];
    let loopTurnEnded = false;
    const commit = async (batch: ArenaSave[]) => {
      commits.push({ size: batch.length, loopTurnEnded });
      return batch.map(() => true);
    };
    const writer = createArenaWriter({} as Db, SQLITE_BATCH, commit, {
      budgetMs: SQLITE_BUDGET_MS,
      eager: true,
    });
    // The end of this loop turn: anything the writer put off to the check phase runs after it.
    setImmediate(() => {
      loopTurnEnded = true;
    });
    // One turn of the loop reads many plays: each saves, and its handler goes on (a microtask).
    const saves: Promise<boolean>[] = [];
    for (let i = 0; i < SQLITE_BATCH * 2 + 3; i++) {
      saves.push(writer.save(save(i)));
      await Promise.resolve();
    }
    const results = await Promise.all(saves);
    expect(results.every((ok) => ok)).toBe(true);
    expect(commits).toEqual([
      { size: SQLITE_BATCH, loopTurnEnded: false },
      { size: SQLITE_BATCH, loopTurnEnded: false },
      { size: 3, loopTurnEnded: true },
    ]);
  });

  it("without eager commits (PostgreSQL) a full queue still waits for the loop's turn", async () => {
    const commits: boolean[] = [];
    let loopTurnEnded = false;
    const writer = createArenaWriter({} as Db, SQLITE_BATCH, async (batch) => {
      commits.push(loopTurnEnded);
      return batch.map(() => true);
    });
    setImmediate(() => {
      loopTurnEnded = true;
    });
    const saves: Promise<boolean>[] = [];
    for (let i = 0; i < SQLITE_BATCH * 2; i++) {
      saves.push(writer.save(save(i)));
      await Promise.resolve();
    }
    await Promise.all(saves);
    expect(commits).toEqual([true, true]);
  });
});
