import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";
import type { OffLoopDurability } from "./wal-sync.ts";

/** One caller's share of a group transaction: its work and how to answer it. */
interface Job {
  work: (trx: Transaction<Database>) => Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface GroupTransaction {
  /**
   * Runs `work` inside the next shared transaction and resolves with its
   * result once that transaction has committed. An error in `work` undoes
   * only this work (a savepoint around it) and rejects only this call; a
   * failed commit rejects every call of the group.
   */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

/**
 * Group commit for durable work that arrives in bursts: the works queued
 * while a commit runs (or in the same tick) share the next transaction, one
 * after another, each inside its own savepoint. Each keeps its full
 * durability (the transaction commits at the connection's own level, FULL
 * on SQLite), but a wave of them costs one disk flush per group instead of
 * one each. A group is at most `maxGroup` works and stops taking more once
 * it has run `budgetMs`; the event loop turns between groups. (Uncapped, a
 * wave of 64 paying game ends ran back to back and held the loop 200 ms.)
 *
 * Why (bench/RESULTS.md, docs/decisions.md "Arena games settle in a group
 * commit"): when the 2,000 games that started together end together, each
 * paying end was its own FULL commit, and on SQLite each fsync ran on the
 * event loop, flushing the moves' WAL written since the last one.
 *
 * With `durability` (SQLite in a file: db/wal-sync.ts offLoopDurability)
 * the group commits relaxed and its works are answered once the WAL is
 * synced on the thread pool: each answer still leaves only after its work is
 * on disk, but the fsync no longer holds the event loop (on this machine's
 * disk 2-80 ms each, every other request waiting behind it), and the next
 * group may run while it lasts.
 *
 * Work must use the `trx` it is given (never the pool), and should not wait
 * on anything outside the database: the group waits with it.
 */
export function createGroupTransaction(
  kysely: Kysely<Database>,
  opts: {
    maxGroup?: number;
    budgetMs?: number;
    durability?: OffLoopDurability;
    /**
     * Groups that may run at once, each in its own transaction (PostgreSQL:
     * a pooled connection each). Only for works that never touch the same
     * rows as the works of another group (a game's settlement touches its
     * own players' rows; a player is in one game at a time). SQLite: 1.
     */
    lanes?: number;
  } = {},
): GroupTransaction {
  const maxGroup = opts.maxGroup ?? 16;
  const budgetMs = opts.budgetMs ?? 4;
  const lanes = opts.lanes ?? 1;
  const durability = opts.durability;
  const transaction = (body: (trx: Transaction<Database>) => Promise<void>): Promise<void> =>
    durability ? durability.relaxed(body) : kysely.transaction().execute(body);
  const queue: Job[] = [];
  let running = 0;
  let scheduled = false;

  /** Takes works from the front of the queue into one transaction while the group's limits allow. */
  async function runGroup(): Promise<void> {
    const done: Job[] = [];
    const taken: Job[] = [];
    try {
      await transaction(async (trx) => {
        const started = performance.now();
        // The work of a group runs back to back on the event loop (SQLite
        // answers synchronously): past the budget, the rest waits for the
        // next group and the loop serves requests in between.
        while (
          taken.length < maxGroup &&
          (taken.length === 0 || performance.now() - started <= budgetMs)
        ) {
          const job = queue.shift();
          if (!job) break;
          taken.push(job);
          await sql`savepoint group_job`.execute(trx);
          try {
            await job.work(trx);
            await sql`release savepoint group_job`.execute(trx);
            done.push(job);
          } catch (err) {
            await sql`rollback to savepoint group_job`.execute(trx);
            await sql`release savepoint group_job`.execute(trx);
            job.reject(err);
          }
        }
      });
    } catch (err) {
      // Nothing of the group committed (a work already rejected stays so).
      // A transaction that failed before its first work (the database is
      // gone) answers every waiting work rather than retry forever.
      const failed = taken.length > 0 ? taken : queue.splice(0);
      for (const job of failed) job.reject(err);
      return;
    }
    if (durability && done.length > 0) {
      // Committed, not yet known to be on disk: answered when it is. The
      // next group may run meanwhile (its own answers wait for a later sync).
      void durability.sync().then(
        () => answerInTurns(done),
        (err: unknown) => {
          for (const job of done) job.reject(err);
        },
      );
      return;
    }
    answerInTurns(done);
  }

  /**
   * Answers a group's works one per turn of the event loop: each answer's
   * continuation (a game's end: its players' final messages and rewards) runs
   * before the next is answered, and the requests that arrived meanwhile are
   * served in between. Answered together, sixteen games' continuations ran as
   * one stretch of tens of ms (bench/RESULTS.md, session 25).
   */
  function answerInTurns(jobs: Job[], from = 0): void {
    const job = jobs[from];
    if (!job) return;
    // Scheduled from inside a setImmediate, the next answer waits for the
    // loop's next iteration (its timers and I/O first).
    setImmediate(() => {
      job.resolve();
      answerInTurns(jobs, from + 1);
    });
  }

  /** Starts groups while works wait and lanes are free; each lane turns the loop between groups. */
  function pump(): void {
    scheduled = false;
    while (running < lanes && queue.length > 0) {
      running++;
      void runGroup().finally(() => {
        running--;
        if (queue.length > 0) schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // Let the works of requests already in flight join the next group.
    setImmediate(pump);
  }

  return {
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let result: { value: T } | null = null;
        queue.push({
          work: async (trx) => {
            result = { value: await work(trx) };
          },
          resolve: () => {
            if (result) resolve(result.value);
          },
          reject,
        });
        if (running < lanes) schedule();
      });
    },
  };
}
