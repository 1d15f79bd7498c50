import type { Kysely } from "kysely";
import type { Db } from "../db/database.ts";
import { saveArenaState } from "../db/repositories/pvp-repo.ts";
import type { Database } from "../db/schema.ts";
import { createSqliteMoveBatch } from "./sqlite-move-batch.ts";

export type ArenaSave = Parameters<typeof saveArenaState>[1];

/** Commits a batch of saves in one transaction; each save's optimistic-lock result, in order. */
export type CommitBatch = (batch: ArenaSave[]) => Promise<boolean[]>;

/** The portable batch: Kysely queries in one transaction (PostgreSQL, and SQLite in tests that ask). */
export function kyselyMoveBatch(db: Kysely<Database>): CommitBatch {
  return (batch) =>
    db.transaction().execute(async (trx) => {
      const out: boolean[] = [];
      for (const save of batch) out.push(await saveArenaState(trx, save));
      return out;
    });
}

/**
 * Group commit for arena moves: saves that arrive while a commit is running
 * go out together in the next transaction, so a thousand games moving at once
 * cost a few commits instead of a thousand. Each caller still hears back only
 * after its own save committed, with its own optimistic-lock result: a move
 * waits at most for the commit before it.
 *
 * On SQLite the batch runs precompiled statements on the raw connection with
 * synchronous=NORMAL (sqlite-move-batch.ts, docs/decisions.md "Arena moves
 * commit with synchronous=NORMAL"); on PostgreSQL it is Kysely as before.
 */
export function createArenaWriter(db: Db, maxBatch = 256) {
  const commit: CommitBatch = db.sqlite
    ? createSqliteMoveBatch(db.kysely, db.sqlite)
    : kyselyMoveBatch(db.kysely);
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
