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

/**
 * PostgreSQL: how many batches may be in flight at once. With one, a batch's
 * round trip (100 ms and more with PostgreSQL on the same two cores) held
 * every move that arrived meanwhile: the writer's wait was p50 99 ms, p99
 * 473 ms at 2,000 games, with 88-638 saves queued (bench/RESULTS.md
 * "Session 17"). A game is in at most one of them: its battle lock lets its
 * next move in only after this one's save answered.
 */
export const POSTGRES_LANES = 4;

export function createArenaWriter(
  db: Db,
  maxBatch = db.sqlite ? SQLITE_BATCH : 256,
  commitBatch?: CommitBatch,
  opts: { budgetMs?: number; now?: () => number; lanes?: number } = {},
) {
  // PostgreSQL's commit is a round trip, not loop time: every batch yields.
  const budgetMs = opts.budgetMs ?? (db.sqlite ? SQLITE_BUDGET_MS : 0);
  // SQLite's commit is synchronous on the one connection: one lane.
  const lanes = opts.lanes ?? (db.sqlite ? 1 : POSTGRES_LANES);
  const now = opts.now ?? (() => performance.now());
  const commit: CommitBatch =
    commitBatch ??
    (db.sqlite ? createSqliteMoveBatch(db.kysely, db.sqlite) : postgresMoveBatch(db.kysely));
  let queue: { save: ArenaSave; resolve: (ok: boolean) => void; reject: (e: unknown) => void }[] =
    [];
  /** Lanes committing now, and whether a start of more is already scheduled. */
  let active = 0;
  let starting = false;

  function startLanes(): void {
    starting = false;
    while (active < lanes && queue.length > 0) {
      active++;
      void flush();
    }
  }

  async function flush(): Promise<void> {
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
    active--;
  }

  return {
    save(save: ArenaSave): Promise<boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ save, resolve, reject });
        if (active < lanes && !starting) {
          starting = true;
          // Let the saves of requests already in flight join this commit.
          setImmediate(startLanes);
        }
      });
    },
  };
}
