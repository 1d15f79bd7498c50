import { describe, expect, it } from "vitest";
import {
  type ArenaSave,
  createArenaWriter,
  POSTGRES_IN_FLIGHT,
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

  it("on PostgreSQL sends the next batch while one is in flight, but never a game that batch holds", async () => {
    const sent: { ids: string[]; answer: (ok: boolean[]) => void }[] = [];
    const writer = createArenaWriter({} as Db, 256, (batch) => {
      const ids = batch.map((s) => s.id);
      return new Promise((resolve) => sent.push({ ids, answer: resolve }));
    });
    const waitForBatches = async (n: number) => {
      while (sent.length < n) await new Promise((r) => setImmediate(r));
    };
    const first = [writer.save(save(1)), writer.save(save(2))];
    await waitForBatches(1);
    // The game g1 moves again (its next save) while its first is in flight, and g3 moves.
    let g1AgainAnswered = false;
    const g1Again = writer.save({ ...save(1), expectedVersion: 2, version: 3 }).then((ok) => {
      g1AgainAnswered = true;
      return ok;
    });
    const g3 = writer.save(save(3));
    await waitForBatches(2);
    // g3 went out at once, beside the first batch; g1's second save waits for its first.
    expect(sent.map((b) => b.ids)).toEqual([["g1", "g2"], ["g3"]]);
    sent[1]?.answer([true]);
    expect(await g3).toBe(true);
    expect(g1AgainAnswered).toBe(false);
    sent[0]?.answer([true, true]);
    expect(await Promise.all(first)).toEqual([true, true]);
    await waitForBatches(3);
    expect(sent[2]?.ids).toEqual(["g1"]);
    sent[2]?.answer([true]);
    expect(await g1Again).toBe(true);
  });

  it(`on PostgreSQL keeps at most POSTGRES_IN_FLIGHT (${POSTGRES_IN_FLIGHT}) batches in flight`, async () => {
    const answers: (() => number)[] = [];
    let most = 0;
    let open = 0;
    const writer = createArenaWriter({} as Db, 4, (batch) => {
      open++;
      most = Math.max(most, open);
      return new Promise((resolve) =>
        answers.push(() => {
          open--;
          resolve(batch.map(() => true));
          return batch.length;
        }),
      );
    });
    // Many loop turns' saves: each turn brings four.
    const saves: Promise<boolean>[] = [];
    for (let turn = 0; turn < 10; turn++) {
      for (let i = 0; i < 4; i++) saves.push(writer.save(save(turn * 4 + i)));
      await new Promise((r) => setImmediate(r));
    }
    expect(answers).toHaveLength(POSTGRES_IN_FLIGHT);
    // Answer whatever is in flight until every save has its answer.
    let answered = 0;
    while (answered < saves.length) {
      const next = answers.shift();
      if (!next) {
        await new Promise((r) => setImmediate(r));
        continue;
      }
      answered += next();
      await new Promise((r) => setImmediate(r));
    }
    expect((await Promise.all(saves)).every((ok) => ok)).toBe(true);
    expect(most).toBe(POSTGRES_IN_FLIGHT);
  });
});
