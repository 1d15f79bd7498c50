/**
 * The arena moves' commits (the SQL of battles/arena-writer.ts's group
 * commit): PostgreSQL's single statement, and SQLite's precompiled statements.
 */
import type SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { SYNC_NORMAL } from "./relaxed-commit.ts";
import type { saveArenaState } from "./repositories/pvp-repo.ts";
import type { Database } from "./schema.ts";

export type ArenaSave = Parameters<typeof saveArenaState>[1];

/** Commits a batch of saves in one transaction; each save's optimistic-lock result, in order. */
export type CommitBatch = (batch: ArenaSave[]) => Promise<boolean[]>;

/**
 * PostgreSQL: a batch of moves in one statement, one round trip (Kysely's
 * transaction took a BEGIN, one or two UPDATEs a move and a COMMIT, each a
 * round trip, and waited for the WAL flush): both UPDATEs of saveArenaState
 * for every save of the batch, joined to a VALUES list, under the same
 * optimistic lock, committed with `synchronous_commit = off` for this
 * statement's transaction only, as SQLite's batch commits without the fsync
 * (docs/decisions.md, "Arena moves: SQLite commits without fsync"; the final,
 * paying save of a game keeps its synchronous commit). A game's moves are
 * serialized by its battle lock, so it appears once in a batch; a repeat
 * goes to a second statement after the first, as it would have been saved.
 */
export function postgresMoveBatch(db: Kysely<Database>): CommitBatch {
  return async (batch) => {
    const out: boolean[] = batch.map(() => false);
    let rest = batch.map((save, at) => ({ save, at }));
    while (rest.length > 0) {
      const ids = new Set<string>();
      const round: typeof rest = [];
      const later: typeof rest = [];
      for (const x of rest) {
        if (ids.has(x.save.id)) later.push(x);
        else {
          ids.add(x.save.id);
          round.push(x);
        }
      }
      const values = sql.join(
        round.map(
          ({ save: s }) =>
            sql`(${s.id}::varchar, ${s.expectedVersion}::integer, ${s.version}::integer, ${s.action}::text, ${s.state}::text, ${s.deadline}::bigint, ${s.now}::varchar)`,
        ),
      );
      const r = await sql<{
        id: string;
      }>`with relaxed as (select set_config('synchronous_commit', 'off', true)),
v (id, expected, version, action, state, deadline, now) as (values ${values}),
saved as (
  update battles set version = v.version,
    actions = case when battles.actions = '[]' then '[' || v.action || ']'
      else substr(battles.actions, 1, length(battles.actions) - 1) || ',' || v.action || ']' end,
    state = v.state, updated_at = v.now
  from v, relaxed
  where battles.id = v.id and battles.version = v.expected and battles.status = 'active'
  returning battles.id
),
timed as (
  update arena_games set turn_deadline = v.deadline, updated_at = v.now
  from v, saved
  where saved.id = v.id and arena_games.id = v.id and v.deadline is not null
)
select id from saved`.execute(db);
      const saved = new Set(r.rows.map((row) => row.id));
      for (const { save, at } of round) out[at] = saved.has(save.id);
      rest = later;
    }
    return out;
  };
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
