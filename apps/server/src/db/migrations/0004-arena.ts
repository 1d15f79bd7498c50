import type { Kysely } from "kysely";

/**
 * The arena (PvP and bot games). The game itself is a row of `battles`
 * (mode pvp or bot, user_id = the side-0 player): setup, actions and state as
 * for story battles. `arena_games` adds the second player and the durable
 * turn deadline (the room clock's timer is only a process's copy of it);
 * `arena_seats` holds one row per player in an active arena game, so a player
 * is in at most one, whichever side they sit on.
 */
export function arena() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("arena_games")
        .addColumn("id", "varchar(36)", (c) =>
          c.primaryKey().references("battles.id").onDelete("cascade"),
        )
        .addColumn("mode", "varchar(8)", (c) => c.notNull())
        .addColumn("player0", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        // null for a bot game (side 1 is the bot).
        .addColumn("player1", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("status", "varchar(10)", (c) => c.notNull())
        // Milliseconds since the epoch when the active side's turn ends.
        .addColumn("turn_deadline", "bigint", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("arena_seats")
        .addColumn("user_id", "integer", (c) =>
          c.primaryKey().references("users.id").onDelete("cascade"),
        )
        .addColumn("game_id", "varchar(36)", (c) =>
          c.notNull().references("arena_games.id").onDelete("cascade"),
        )
        .addColumn("side", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("arena_seats_game").on("arena_seats").column("game_id").execute();
    },
  };
}
