import { describe, expect, it, vi } from "vitest";
import {
  type ArenaSave,
  createArenaWriter,
  POSTGRES_LANES,
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
      lanes: 1,
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

  it("on PostgreSQL sends the moves that arrive during a batch's round trip without waiting for it", async () => {
    const sent: string[][] = [];
    const answers: (() => void)[] = [];
    // A round trip that answers only when the test says so.
    const commit = (batch: ArenaSave[]) => {
      sent.push(batch.map((s) => s.id));
      return new Promise<boolean[]>((resolve) => {
        answers.push(() => resolve(batch.map(() => true)));
      });
    };
    const writer = createArenaWriter({} as Db, 256, commit, { lanes: POSTGRES_LANES });
    const first = writer.save(save(1));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // The first batch is still in flight: the next move goes out beside it.
    const second = writer.save(save(2));
    await vi.waitFor(() => expect(sent).toEqual([["g1"], ["g2"]]));
    for (const answer of answers) answer();
    expect(await Promise.all([first, second])).toEqual([true, true]);
  });

  it("keeps at most POSTGRES_LANES batches in flight and queues the rest for the next free one", async () => {
    let inFlight = 0;
    let most = 0;
    const commit = async (batch: ArenaSave[]) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return batch.map(() => true);
    };
    const writer = createArenaWriter({} as Db, 2, commit, { lanes: POSTGRES_LANES });
    const saves = Array.from({ length: POSTGRES_LANES * 6 }, (_, i) => writer.save(save(i)));
    expect((await Promise.all(saves)).every(Boolean)).toBe(true);
    expect(most).toBe(POSTGRES_LANES);
  });
});
