import { sql, type Transaction } from "kysely";
import type { Db } from "./database.ts";
import type { Database } from "./schema.ts";

/** SQLite's code for PRAGMA synchronous = NORMAL. */
export const SYNC_NORMAL = 1;

/**
 * A transaction whose commit does not wait for the disk: on SQLite,
 * `synchronous = NORMAL` for this commit only (the connection goes back to
 * its own level, FULL, right after); on PostgreSQL, `synchronous_commit = off`
 * for this transaction only.
 *
 * For writes that move no money and no cards, where losing the last second
 * to an operating-system crash or power cut is harmless (docs/decisions.md,
 * "Arena moves: SQLite commits without fsync"): the creation of an arena
 * game. The moves' group commit (db/arena-move-batch.ts) relaxes the
 * level the same way with statements compiled once, as it runs on every
 * move and its work is synchronous. A killed or crashed server process loses nothing: the
 * commit is in the operating system's hands before the answer leaves. Every
 * later FULL commit (a purchase, a game's paying end) syncs it too.
 *
 * On SQLite the work holds Kysely's lock on the single connection
 * (`kysely.connection()`), so nothing else runs on it while the level is
 * relaxed.
 */
export function relaxedTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const raw = db.sqlite;
  if (!raw) {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  return db.kysely.connection().execute(async (conn) => {
    const own = Number(raw.pragma("synchronous", { simple: true }));
    if (own !== SYNC_NORMAL) raw.pragma(`synchronous = ${SYNC_NORMAL}`);
    try {
      return await conn.transaction().execute(work);
    } finally {
      if (own !== SYNC_NORMAL) raw.pragma(`synchronous = ${own}`);
    }
  });
}
