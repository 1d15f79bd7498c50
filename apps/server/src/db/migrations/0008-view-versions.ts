import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.ts";

/**
 * The tables of a player's own view (services/user-view.ts) that sit beside
 * the users row. Every insert, update or delete of one of their rows bumps
 * the player's number in `player_view_versions`, inside the same
 * transaction, by a trigger: so a cache of those parts, checked against the
 * number on every read, can never serve them stale, whoever wrote (any
 * route, battles, a job, another process, a CLI).
 */
export const VIEW_TABLES = [
  "library_cards",
  "deck_cards",
  "user_maps",
  "daily_tasks",
  "season_rewards",
  "season_seen",
] as const;

export function viewVersions(dialect: DialectName) {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("player_view_versions")
        .addColumn("user_id", "integer", (c) =>
          c.primaryKey().references("users.id").onDelete("cascade"),
        )
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === "sqlite") {
        // One writer at a time on SQLite: a plain row trigger is enough.
        const bump = (who: "NEW" | "OLD") =>
          `INSERT INTO player_view_versions (user_id, version) SELECT ${who}.user_id, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = ${who}.user_id) ON CONFLICT (user_id) DO UPDATE SET version = version + 1;`;
        for (const table of VIEW_TABLES) {
          await sql
            .raw(
              `CREATE TRIGGER ${table}_view_ins AFTER INSERT ON ${table} BEGIN ${bump("NEW")} END`,
            )
            .execute(db);
          await sql
            .raw(
              `CREATE TRIGGER ${table}_view_upd AFTER UPDATE ON ${table} BEGIN ${bump("NEW")} ${bump("OLD")} END`,
            )
            .execute(db);
          await sql
            .raw(
              `CREATE TRIGGER ${table}_view_del AFTER DELETE ON ${table} BEGIN ${bump("OLD")} END`,
            )
            .execute(db);
        }
        return;
      }
      // PostgreSQL: the bump runs at commit (a deferred constraint trigger), so
      // the version row is locked only for the instant before the commit and
      // never between two statements of a transaction that holds other rows
      // (no new lock-order deadlocks with the player lock, player-lock.ts).
      await sql
        .raw(`CREATE FUNCTION bump_player_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO player_view_versions (user_id, version)
      SELECT OLD.user_id, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id)
      ON CONFLICT (user_id) DO UPDATE SET version = player_view_versions.version + 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO player_view_versions (user_id, version)
      SELECT NEW.user_id, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id)
      ON CONFLICT (user_id) DO UPDATE SET version = player_view_versions.version + 1;
  END IF;
  RETURN NULL;
END $$`)
        .execute(db);
      for (const table of VIEW_TABLES) {
        await sql
          .raw(
            `CREATE CONSTRAINT TRIGGER ${table}_view AFTER INSERT OR UPDATE OR DELETE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_player_view()`,
          )
          .execute(db);
      }
    },
  };
}
