import {
  type ArenaSave,
  type CommitBatch,
  createSqliteMoveBatch,
  postgresMoveBatch,
} from "../db/arena-move-batch.ts";
import type { Db } from "../db/database.ts";
import {
  moveBatchSaves,
  moveBatchSeconds,
  moveSaveSeconds,
} from "../observability/game-counters.ts";

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
 *
 * On SQLite a full batch also commits at once, while the loop is still
 * reading requests (`eager`): a loop turn that reads 500 plays no longer
 * queues all 500 saves for its end, where the last waited for the whole
 * backlog's commits in budgeted stretches. At 10,000 players the slowest
 * 1 % of plays had waited 200-300 ms in this queue (up to 500 saves behind
 * them); with full batches committed as they fill, 40 ms and no backlog
 * (bench/RESULTS.md "Session 22").
 */
export const SQLITE_BATCH = 64;
/** How long the writer may hold the event loop before it yields to it (SQLite). */
export const SQLITE_BUDGET_MS = 8;
/**
 * PostgreSQL: how many batches may be in flight at once, each on its own
 * pooled connection (of DATABASE_POOL_SIZE, 10 by default). With one, a
 * play that arrived while a batch ran waited for that batch and then its
 * own: at 10,000 players the slowest plays had 80-440 saves queued ahead
 * (bench/RESULTS.md "Session 23"). A batch never holds a game that another
 * batch in flight holds, so no two commits race for one row.
 */
export const POSTGRES_IN_FLIGHT = 3;

export function createArenaWriter(
  db: Db,
  maxBatch = db.sqlite ? SQLITE_BATCH : 256,
  commitBatch?: CommitBatch,
  opts: {
    budgetMs?: number;
    now?: () => number;
    /** Commit a full batch as soon as it fills (default: on SQLite, whose commit runs on the loop). */
    eager?: boolean;
    /** Batches in flight at once (default: 1 on SQLite, whose connection is one; POSTGRES_IN_FLIGHT). */
    maxInFlight?: number;
  } = {},
) {
  // PostgreSQL's commit is a round trip, not loop time: every batch yields.
  const budgetMs = opts.budgetMs ?? (db.sqlite ? SQLITE_BUDGET_MS : 0);
  const now = opts.now ?? (() => performance.now());
  const eager = opts.eager ?? db.sqlite !== undefined;
  const maxInFlight = Math.max(1, opts.maxInFlight ?? (db.sqlite ? 1 : POSTGRES_IN_FLIGHT));
  const commit: CommitBatch =
    commitBatch ??
    (db.sqlite
      ? createSqliteMoveBatch(db.kysely, db.sqlite)
      : postgresMoveBatch(db.lane?.("moves", maxInFlight) ?? db.kysely));
  let queue: {
    save: ArenaSave;
    /** performance.now() when it was queued (for cardrealm_move_save_seconds). */
    at: number;
    resolve: (ok: boolean) => void;
    reject: (e: unknown) => void;
  }[] = [];
  /** A drain is scheduled or running (it ends when the queue is empty). */
  let running = false;
  /** The commits in progress (at most maxInFlight), and the games they hold. */
  const inFlight = new Set<Promise<void>>();
  const inFlightGames = new Set<string>();

  /**
   * Commits the next batch from the queue's head (skipping games a batch in
   * flight holds: they wait for its answer) and answers its callers; false
   * when every queued save's game is in flight.
   */
  function commitNext(): boolean {
    const batch: typeof queue = [];
    const rest: typeof queue = [];
    for (const item of queue) {
      if (batch.length < maxBatch && !inFlightGames.has(item.save.id)) batch.push(item);
      else rest.push(item);
    }
    if (batch.length === 0) return false;
    queue = rest;
    const games = batch.map((item) => item.save.id);
    for (const id of games) inFlightGames.add(id);
    const sentAt = performance.now();
    let committed: Promise<boolean[]>;
    try {
      committed = commit(batch.map((item) => item.save));
    } catch (err) {
      committed = Promise.reject(err);
    }
    const done: Promise<void> = committed
      .then(
        (results) => {
          batch.forEach((item, i) => {
            item.resolve(results[i] === true);
          });
        },
        (err: unknown) => {
          for (const item of batch) item.reject(err);
        },
      )
      .finally(() => {
        const answeredAt = performance.now();
        moveBatchSeconds.observe((answeredAt - sentAt) / 1000);
        moveBatchSaves.inc(batch.length);
        for (const item of batch) moveSaveSeconds.observe((answeredAt - item.at) / 1000);
        for (const id of games) inFlightGames.delete(id);
        inFlight.delete(done);
      });
    inFlight.add(done);
    return true;
  }

  async function flush(): Promise<void> {
    running = true;
    let stretchFrom = now();
    while (queue.length > 0) {
      const started = inFlight.size < maxInFlight && commitNext();
      // Every slot taken, or nothing the free ones may take: the first answer.
      if (!started || inFlight.size >= maxInFlight) await Promise.race(inFlight);
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
        queue.push({ save, at: performance.now(), resolve, reject });
        if (!running) {
          running = true;
          // Let the saves of requests already in flight join this commit.
          setImmediate(() => void flush());
        } else if (eager && queue.length >= maxBatch && inFlight.size < maxInFlight) {
          // A full batch commits now, after this call's synchronous part (a
          // caller's own code runs first); what is left waits for the drain.
          queueMicrotask(() => {
            if (inFlight.size < maxInFlight && queue.length >= maxBatch) commitNext();
          });
        }
      });
    },
  };
}
