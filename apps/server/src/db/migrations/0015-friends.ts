import type { Kysely } from "kysely";

/**
 * Friends (issue 24, docs/decisions.md): each player's friend code (80
 * random bits, base32: not enumerable, never derived from the id), pending
 * friend requests, friendships and blocks.
 *
 * A friendship is two rows, one per side, so a player's list and count are
 * one indexed read of their own rows; both rows are written and deleted in
 * one transaction. A block is one row per blocker; whoever is blocked never
 * reads it (they get a stranger's answers).
 */
export function friends() {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("friend_codes")
        .addColumn("user_id", "integer", (c) =>
          c.primaryKey().references("users.id").onDelete("cascade"),
        )
        .addColumn("code", "varchar(16)", (c) => c.notNull().unique())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("friendships")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("friend_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("friendships_pk", ["user_id", "friend_id"])
        .execute();
      await db.schema
        .createTable("friend_requests")
        .addColumn("from_user", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("to_user", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("friend_requests_pk", ["from_user", "to_user"])
        .execute();
      // A player's incoming requests.
      await db.schema
        .createIndex("friend_requests_to")
        .on("friend_requests")
        .column("to_user")
        .execute();
      await db.schema
        .createTable("blocks")
        .addColumn("blocker", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("blocked", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("blocks_pk", ["blocker", "blocked"])
        .execute();
      // "Is either side blocked": looked up from the blocked side too.
      await db.schema.createIndex("blocks_blocked").on("blocks").column("blocked").execute();
    },
  };
}
