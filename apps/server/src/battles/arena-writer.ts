import {
  type ArenaSave,
  type CommitBatch,
  createSqliteMoveBatch,
  postgresMoveBatch,
} from "../db/arena-move-batch.ts";
import type { Db } from "../db/database.ts";

export type { ArenaSave, CommitBatch };

/**
 * Group commit for arena moves: saves that arrive while a commit is running
 * go out together in the next transaction, so a thousand games moving at once
 * cost a few commits instead of a thousand. Each caller still hears back only
 * after its own save committed, with its own optimistic-lock result: a move
 * waits at most for the commit before it.
 *
 * On SQLite the batch runs precompiled statements on the raw connection with
 * synchronous=NORMAL (db/arena-move-batch.ts, docs/decisions.md "Arena moves
 * commit with synchronous=NORMAL"); on PostgreSQL the whole batch is one
 * statement with synchronous_commit = off.
 *
 * SQLite's batch is synchronous: it holds the event loop for as long as its
 * UPDATEs take (about 0.1 ms a move, each rewriting the game's state and
 * action list), so it is cut at SQLITE_BATCH moves and the writer lets the
 * loop run (timers, sockets, other requests) between two batches. Before,
 * a backlog drained in one go (the awaits between batches are microtasks,
 * which never let I/O in): a queue of 1,000 moves held the loop ~100 ms
 * (issue 25, bench/RESULTS.md "Session 12").
 */
export const SQLITE_BATCH = 64;

export function createArenaWriter(
  db: Db,
  maxBatch = db.sqlite ? SQLITE_BATCH : 256,
  commitBatch?: CommitBatch,
) {
  const commit: CommitBatch =
    commitBatch ??
    (db.sqlite ? createSqliteMoveBatch(db.kysely, db.sqlite) : postgresMoveBatch(db.kysely));
  let queue: { save: ArenaSave; resolve: (ok: boolean) => void; reject: (e: unknown) => void }[] =
    [];
  let running = false;

  async function flush(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await commit(batch.map((item) => item.save));
        batch.forEach((item, i) => {
          item.resolve(results[i] === true);
        });
      } catch (err) {
        for (const item of batch) item.reject(err);
      }
      // The event loop's turn (and the saves it brings join the next batch).
      if (queue.length > 0) await new Promise((r) => setImmediate(r));
    }
    running = false;
  }

  return {
    save(save: ArenaSave): Promise<boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ save, resolve, reject });
        if (!running) {
          running = true;
          // Let the saves of requests already in flight join this commit.
          setImmediate(() => void flush());
        }
      });
    },
  };
}
