import type { Kysely } from "kysely";

/** Box openings (one per charge, replay-safe) and partner payment orders. */
export function economy() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("box_openings")
        .addColumn("id", "varchar(36)", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("box_id", "integer", (c) => c.notNull())
        .addColumn("request_key", "varchar(100)", (c) => c.notNull().unique())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("payment_orders")
        .addColumn("id", "varchar(36)", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("partner", "varchar(32)", (c) => c.notNull())
        .addColumn("box_id", "integer", (c) => c.notNull())
        .addColumn("gems", "integer", (c) => c.notNull())
        .addColumn("price", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(12)", (c) => c.notNull())
        .addColumn("payment_id", "varchar(128)", (c) => c.unique())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("paid_at", "varchar(32)")
        .execute();
    },
  };
}
