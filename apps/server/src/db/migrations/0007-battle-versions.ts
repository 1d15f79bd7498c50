import type { Kysely } from "kysely";

/**
 * Every stored battle names the engine version and the catalogue version it
 * was created with (docs/decisions.md, "Battles from another version").
 * Rows from before this migration hold null: they were made by the build
 * that runs them, and play on.
 */
export function battleVersions() {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("battles").addColumn("engine_version", "varchar(32)").execute();
      await db.schema.alterTable("battles").addColumn("catalogue_version", "varchar(32)").execute();
    },
  };
}
