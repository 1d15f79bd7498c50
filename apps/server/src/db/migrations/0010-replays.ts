import type { Kysely } from "kysely";

/**
 * Shared replays (issue 16, docs/replays.md): a player shares their own
 * seat's view of a finished battle under an unguessable id (128 random bits,
 * base64url, never derived from the battle id). One share per battle and
 * player: sharing again answers the same id.
 */
export function replays() {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("replay_shares")
        .addColumn("share_id", "varchar(22)", (c) => c.primaryKey())
        .addColumn("battle_id", "varchar(36)", (c) =>
          c.notNull().references("battles.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        // The sharer's absolute side in the battle (0 or 1): the seat the link shows.
        .addColumn("side", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("replay_shares_one_per_player", ["battle_id", "user_id"])
        .execute();
      // The replay list shows each battle's share id: looked up by player.
      await db.schema
        .createIndex("replay_shares_user")
        .on("replay_shares")
        .column("user_id")
        .execute();
      // GET /api/replays: a player's newest finished battles, on either seat.
      await db.schema
        .createIndex("battles_user_updated")
        .on("battles")
        .columns(["user_id", "updated_at"])
        .execute();
      await db.schema
        .createIndex("arena_games_player1")
        .on("arena_games")
        .column("player1")
        .execute();
    },
  };
}
