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
 */
export function createArenaWriter(db: Db, maxBatch = 256) {
  const commit: CommitBatch = db.sqlite
    ? createSqliteMoveBatch(db.kysely, db.sqlite)
    : postgresMoveBatch(db.kysely);
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
