import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.ts";

/**
 * A battle's finish time of its own (`battles.finished_at`), set once when it
 * finishes, for the replay list's index, which covered `updated_at` before
 * (0010). Every arena move writes `updated_at`, so with it indexed no move
 * could be an in-place (HOT) update on PostgreSQL: each inserted into the
 * table's three indexes and left a dead row for vacuum, and on SQLite each
 * rewrote an index entry (17 % of a move's WAL bytes). Now a move changes no
 * indexed column; on PostgreSQL the table keeps a fifth of each page free
 * (fillfactor 80) so the new version fits beside the old one
 * (bench/pvp/move-write-pg.ts, bench/RESULTS.md session 23).
 */
export function finishedAt(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("battles").addColumn("finished_at", "varchar(32)").execute();
      await sql`update battles set finished_at = updated_at where status = 'finished'`.execute(db);
      await db.schema
        .createIndex("battles_user_finished")
        .on("battles")
        .columns(["user_id", "finished_at"])
        .where(sql.ref("status"), "=", "finished")
        .execute();
      await db.schema.dropIndex("battles_user_updated").execute();
      // Only pages written from now on keep the room; old ones are as they were.
      if (dialect === "postgres") await sql`alter table battles set (fillfactor = 80)`.execute(db);
    },
  };
}
