import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

/**
 * The operator's console (issue 18): a suspended account (when and why; it
 * signs in nowhere while set) and the log of every operator action.
 */
export function operators(dialect: DialectName) {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("users").addColumn("suspended_at", "varchar(32)").execute();
      await db.schema.alterTable("users").addColumn("suspended_reason", "varchar(200)").execute();
      const table = db.schema.createTable("operator_actions");
      await (dialect === "postgres"
        ? table.addColumn("id", "serial", (c) => c.primaryKey())
        : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        .addColumn("operator", "varchar(64)", (c) => c.notNull())
        .addColumn("action", "varchar(32)", (c) => c.notNull())
        .addColumn("user_id", "integer")
        .addColumn("details", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("operator_actions_user")
        .on("operator_actions")
        .column("user_id")
        .execute();
    },
  };
}
