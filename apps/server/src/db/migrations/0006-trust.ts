import type { Kysely } from "kysely";

/**
 * The trust boundary (issue 12): a session version per user (a password
 * change ends every other session), a device key for local play (an id alone
 * never signs anyone in), and the partner launches already used (a signed
 * launch signs in once).
 */
export function trust() {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("users")
        .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("users").addColumn("device_key_hash", "varchar(64)").execute();
      await db.schema
        .createIndex("users_device_key_hash")
        .on("users")
        .column("device_key_hash")
        .unique()
        .execute();
      await db.schema
        .createTable("partner_launches")
        .addColumn("signature", "varchar(64)", (c) => c.primaryKey())
        .addColumn("partner_user", "varchar(200)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("partner_launches_used_at")
        .on("partner_launches")
        .column("used_at")
        .execute();
    },
  };
}
