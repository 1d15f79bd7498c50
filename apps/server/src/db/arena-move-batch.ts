/**
 * The arena moves' commits (the SQL of battles/arena-writer.ts's group
 * commit): the portable Kysely batch, and SQLite's precompiled fast path.
 */
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { SYNC_NORMAL } from "./relaxed-commit.ts";
import { saveArenaState } from "./repositories/pvp-repo.ts";
import type { Database } from "./schema.ts";

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

/** The stored action list with one more (the same SQL as saveArenaState's); binds the action twice. */
const APPEND_ACTION =
  "case when actions = '[]' then '[' || ? || ']' else substr(actions, 1, length(actions) - 1) || ',' || ? || ']' end";

/**
 * The arena's group commit on SQLite: the same two UPDATEs as
 * db/repositories/pvp-repo.ts saveArenaState (optimistic version lock, status active, the
 * deadline only when the turn changed), as statements compiled once, in one
 * better-sqlite3 transaction with synchronous=NORMAL for that commit only.
 *
 * Why NORMAL here (docs/decisions.md): in WAL mode a NORMAL commit is in the
 * operating system's hands before the answer leaves, so a move survives a
 * crash or kill of the server process; only an OS crash or power cut can lose
 * the last moves (the game then resumes a move or two earlier, and the
 * optimistic lock refuses whatever the client sends for the lost state). The
 * fsync of a FULL commit ran on the event loop: 9 % of the server's CPU at
 * 2,000 games. The connection goes back to its own level (FULL) right after,
 * so money, collection and the game's final, paying save keep theirs; a later
 * FULL commit also syncs every earlier NORMAL one (the WAL is one file,
 * written in order).
 *
 * The work runs inside `kysely.connection()`, which holds Kysely's lock on
 * the single connection: no Kysely transaction can be open around it.
 */
export function createSqliteMoveBatch(kysely: Kysely<Database>, raw: SQLite.Database): CommitBatch {
  let compiled: ((batch: ArenaSave[]) => boolean[]) | null = null;

  function compile(): (batch: ArenaSave[]) => boolean[] {
    const own = Number(raw.pragma("synchronous", { simple: true }));
    const relaxed = raw.prepare(`pragma synchronous = ${SYNC_NORMAL}`);
    const restore = raw.prepare(`pragma synchronous = ${own}`);
    const saveBattle = raw.prepare(
      `update battles set version = ?, actions = ${APPEND_ACTION}, state = ?, updated_at = ? where id = ? and version = ? and status = 'active'`,
    );
    const saveDeadline = raw.prepare(
      "update arena_games set turn_deadline = ?, updated_at = ? where id = ?",
    );
    const inOneTransaction = raw.transaction((batch: ArenaSave[]) =>
      batch.map((s) => {
        const r = saveBattle.run(
          s.version,
          s.action,
          s.action,
          s.state,
          s.now,
          s.id,
          s.expectedVersion,
        );
        if (r.changes !== 1) return false;
        if (s.deadline !== null) saveDeadline.run(s.deadline, s.now, s.id);
        return true;
      }),
    );
    return (batch) => {
      if (own === SYNC_NORMAL) return inOneTransaction(batch);
      relaxed.run();
      try {
        return inOneTransaction(batch);
      } finally {
        restore.run();
      }
    };
  }

  return (batch) =>
    kysely.connection().execute(async () => {
      compiled ??= compile();
      return compiled(batch);
    });
}
