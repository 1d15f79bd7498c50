import { RANK_REWARDS, RANK_SPAN_SCORE } from "@cardrealm/content";
import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.ts";

/**
 * The global parts of every player's view (services/user-view.ts): the open
 * season and the champions' names. One row, `view_globals`, whose number is
 * bumped by triggers on every write that can change them, inside the writing
 * transaction: every write of `seasons`, and a users row's insert, delete or
 * change of rank_score or nickname when the row is (or was) at or above the
 * champions' floor. So a cache of those parts, checked against the number
 * on every read, can never serve them stale, whoever wrote.
 *
 * The floor is the content's at the time this migration ran, stored in the
 * row: a later content with another floor makes the view read the parts on
 * every call (`champions_floor` no longer matches) until a migration moves
 * the triggers. Only champion-level players' score changes bump the row, so
 * on PostgreSQL the battles of everyone else never queue on it.
 */
export function viewGlobals(dialect: DialectName) {
  const floor = (RANK_REWARDS.length - 1) * RANK_SPAN_SCORE;
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("view_globals")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("champions_floor", "integer", (c) => c.notNull())
        .execute();
      await sql`insert into view_globals (id, version, champions_floor) values (1, 0, ${sql.lit(floor)})`.execute(
        db,
      );
      const at = (who: "NEW" | "OLD") => `${who}.rank_score >= ${floor}`;
      // Table, events, condition (null: every row).
      const triggers: [string, string, string, string | null][] = [
        ["seasons_view_globals", "seasons", "INSERT OR UPDATE OR DELETE", null],
        [
          "users_view_globals_upd",
          "users",
          "UPDATE OF rank_score, nickname",
          `${at("NEW")} OR ${at("OLD")}`,
        ],
        ["users_view_globals_ins", "users", "INSERT", at("NEW")],
        ["users_view_globals_del", "users", "DELETE", at("OLD")],
      ];
      if (dialect === "sqlite") {
        // One writer at a time on SQLite: plain row triggers, one per event.
        const bump = "UPDATE view_globals SET version = version + 1 WHERE id = 1;";
        for (const [name, table, events, when] of triggers) {
          for (const event of events.split(" OR ")) {
            const suffix = events.includes(" OR ") ? `_${event.toLowerCase()}` : "";
            await sql
              .raw(
                `CREATE TRIGGER ${name}${suffix} AFTER ${event} ON ${table}${when ? ` WHEN ${when}` : ""} BEGIN ${bump} END`,
              )
              .execute(db);
          }
        }
        return;
      }
      // PostgreSQL: at commit (deferred constraint triggers), as the players'
      // view numbers (migration 0008): the row is locked only for the instant
      // before the commit, never between two statements of a transaction.
      await sql
        .raw(`CREATE FUNCTION bump_view_globals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE view_globals SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$`)
        .execute(db);
      for (const [name, table, events, when] of triggers) {
        await sql
          .raw(
            `CREATE CONSTRAINT TRIGGER ${name} AFTER ${events} ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW${when ? ` WHEN (${when})` : ""} EXECUTE FUNCTION bump_view_globals()`,
          )
          .execute(db);
      }
    },
  };
}
