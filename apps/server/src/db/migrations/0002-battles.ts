import { type Kysely, sql } from "kysely";

/**
 * Battles, stored durably: the setup (with the secret seed), every accepted
 * action and a snapshot of the engine state after the last one, so a battle
 * resumes after a restart and replays from its trace.
 */
export function battles() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("battles")
        .addColumn("id", "varchar(36)", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("mode", "varchar(8)", (c) => c.notNull())
        .addColumn("cpu_id", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(10)", (c) => c.notNull())
        .addColumn("setup", "text", (c) => c.notNull())
        .addColumn("actions", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("winner", "integer")
        .addColumn("rewards", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      // At most one active battle per player, enforced by the database.
      await db.schema
        .createIndex("battles_one_active")
        .on("battles")
        .column("user_id")
        .unique()
        .where(sql.ref("status"), "=", "active")
        .execute();
    },
  };
}
