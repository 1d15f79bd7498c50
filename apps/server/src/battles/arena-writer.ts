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
 * UPDATEs take (about 0.05-0.15 ms a move, each rewriting the game's state
 * and action list), so a backlog is committed in batches of SQLITE_BATCH
 * back to back for up to `budgetMs` (SQLITE_BUDGET_MS), then the writer lets
 * the loop run (timers, sockets, other requests) before the next stretch.
 * Before issue 25's session 12, a backlog of 1,000 moves drained in one go
 * (the awaits between batches are microtasks, which never let I/O in) and
 * held the loop ~100 ms; then one batch of 64 per loop turn: at 2,000 games
 * a loop turn brings more than 64 moves whenever a collection or a burst
 * lengthens it, and the queue grew to 300-400 saves that drained 64 a turn
 * (the writer's wait p99 163 ms of the server's play-card p99 168 ms,
 * bench/RESULTS.md "Session 17"). A time budget drains a turn's arrivals in
 * that turn and still bounds how long the loop is held.
 */
export const SQLITE_BATCH = 64;
/** How long the writer may hold the event loop before it yields to it (SQLite). */
export const SQLITE_BUDGET_MS = 8;

export function createArenaWriter(
  db: Db,
  maxBatch = db.sqlite ? SQLITE_BATCH : 256,
  commitBatch?: CommitBatch,
  opts: { budgetMs?: number; now?: () => number } = {},
) {
  // PostgreSQL's commit is a round trip, not loop time: every batch yields.
  const budgetMs = opts.budgetMs ?? (db.sqlite ? SQLITE_BUDGET_MS : 0);
  const now = opts.now ?? (() => performance.now());
  const commit: CommitBatch =
    commitBatch ??
    (db.sqlite ? createSqliteMoveBatch(db.kysely, db.sqlite) : postgresMoveBatch(db.kysely));
  let queue: { save: ArenaSave; resolve: (ok: boolean) => void; reject: (e: unknown) => void }[] =
    [];
  let running = false;

  async function flush(): Promise<void> {
    running = true;
    let stretchFrom = now();
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
      // Past the budget, the event loop's turn (and the saves it brings join
      // the next batch); within it, the next batch at once.
      if (queue.length > 0 && now() - stretchFrom >= budgetMs) {
        await new Promise((r) => setImmediate(r));
        stretchFrom = now();
      }
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
