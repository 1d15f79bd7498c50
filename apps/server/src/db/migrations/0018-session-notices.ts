import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.ts";

/** The PostgreSQL channel that hears of every user whose sessions changed. */
export const SESSION_NOTICES = "cardrealm_sessions";

/**
 * PostgreSQL tells every listening server process, at commit, of each user
 * whose session version or suspension changed (or who was deleted), with the
 * payload `<schema>:<user id>`: auth/session-cache.ts then forgets the
 * user's cached session row. A trigger rather than the application's code,
 * so that a change from anywhere (the admin CLI, an operator's own SQL, a
 * future route) is heard, and in the same transaction as the change: a
 * rolled-back change says nothing. SQLite serves one process and reads the
 * row on every call: nothing to do there.
 */
export function sessionNotices(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== "postgres") return;
      await sql`create function cardrealm_session_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(SESSION_NOTICES)}, tg_table_schema || ':' || coalesce(new.id, old.id));
          return null;
        end $$`.execute(db);
      await sql`create trigger users_session_changed
        after update of session_version, suspended_at on users for each row
        when (old.session_version is distinct from new.session_version
          or old.suspended_at is distinct from new.suspended_at)
        execute function cardrealm_session_changed()`.execute(db);
      await sql`create trigger users_deleted after delete on users for each row
        execute function cardrealm_session_changed()`.execute(db);
    },
  };
}
