import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

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
 * on SQLite), but a wave of them costs one disk flush instead of one each.
 *
 * Why (bench/RESULTS.md, docs/decisions.md "Arena games settle in a group
 * commit"): when the 2,000 games that started together end together, each
 * paying end was its own FULL commit, and on SQLite each fsync ran on the
 * event loop, flushing the moves' WAL written since the last one.
 *
 * Work must use the `trx` it is given (never the pool), and should not wait
 * on anything outside the database: the group waits with it.
 */
export function createGroupTransaction(kysely: Kysely<Database>, maxGroup = 64): GroupTransaction {
  let queue: Job[] = [];
  let running = false;

  async function runGroup(group: Job[]): Promise<void> {
    const done: Job[] = [];
    try {
      await kysely.transaction().execute(async (trx) => {
        for (const job of group) {
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
      for (const job of group) job.reject(err);
      return;
    }
    for (const job of done) job.resolve();
  }

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const group = queue.slice(0, maxGroup);
      queue = queue.slice(group.length);
      await runGroup(group);
    }
    running = false;
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
        if (!running) {
          running = true;
          // Let the works of requests already in flight join this group.
          setImmediate(() => void flush());
        }
      });
    },
  };
}
