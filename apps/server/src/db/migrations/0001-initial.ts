import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.ts";

/** The first schema: users, collection, decks, maps, dailies, season, gem ledger, events. */
export function initial(dialect: DialectName) {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  type AnyDb = Kysely<any>;
  const id = (db: AnyDb, table: string) =>
    dialect === "postgres"
      ? db.schema.createTable(table).addColumn("id", "serial", (c) => c.primaryKey())
      : db.schema
          .createTable(table)
          .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: AnyDb): Promise<void> {
      await id(db, "users")
        .addColumn("login", "varchar(64)", (c) => c.unique())
        .addColumn("password_hash", "text")
        .addColumn("partner_id", "varchar(128)", (c) => c.unique())
        .addColumn("nickname", "varchar(64)", (c) => c.notNull())
        .addColumn("guest", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("level", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("silver", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("premium", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("tutorial_active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("tutorial_step", "varchar(32)", (c) => c.notNull().defaultTo("intro"))
        .addColumn("active_deck", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("rank_score", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("season_xp", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addCheckConstraint("users_silver_nonnegative", sql`silver >= 0`)
        .execute();
      await db.schema.createIndex("users_rank_score").on("users").column("rank_score").execute();

      await db.schema
        .createTable("library_cards")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("card_id", "integer", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("library_cards_pk", ["user_id", "card_id"])
        .addCheckConstraint("library_amount_nonnegative", sql`amount >= 0`)
        .execute();

      await db.schema
        .createTable("deck_cards")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("deck_number", "integer", (c) => c.notNull())
        .addColumn("card_id", "integer", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("deck_cards_pk", ["user_id", "deck_number", "card_id"])
        .addCheckConstraint("deck_amount_positive", sql`amount > 0`)
        .execute();

      await db.schema
        .createTable("user_maps")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("cpu_id", "integer", (c) => c.notNull())
        .addColumn("beaten_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_maps_pk", ["user_id", "cpu_id"])
        .execute();

      await db.schema
        .createTable("daily_tasks")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("day", "varchar(10)", (c) => c.notNull())
        .addColumn("task_id", "integer", (c) => c.notNull())
        .addColumn("need", "integer", (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("reward", "integer", (c) => c.notNull())
        .addColumn("finished", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("daily_tasks_pk", ["user_id", "day", "task_id"])
        .execute();

      await db.schema
        .createTable("season_rewards")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("season", "varchar(16)", (c) => c.notNull())
        .addColumn("level", "integer", (c) => c.notNull())
        .addColumn("track", "varchar(8)", (c) => c.notNull())
        .addColumn("claimed_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("season_rewards_pk", ["user_id", "season", "level", "track"])
        .execute();

      await id(db, "gem_ledger")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("delta", "integer", (c) => c.notNull())
        .addColumn("balance_after", "integer", (c) => c.notNull())
        .addColumn("reason", "varchar(64)", (c) => c.notNull())
        .addColumn("idempotency_key", "varchar(160)", (c) => c.notNull().unique())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("gem_ledger_user").on("gem_ledger").column("user_id").execute();

      await id(db, "analytics_events")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("name", "varchar(64)", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
