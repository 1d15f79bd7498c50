import { type Kysely, sql } from "kysely";

/**
 * Arena progression: seasons (the one open season and the closed ones),
 * the season-end snapshot that pays rank rewards once, which season reward
 * popups a player has seen, and which finished daily tasks were shown.
 */
export function progression() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("seasons")
        .addColumn("id", "varchar(16)", (c) => c.primaryKey())
        .addColumn("starts_at", "varchar(32)", (c) => c.notNull())
        .addColumn("ends_at", "varchar(32)", (c) => c.notNull())
        // open (at most one) or closed.
        .addColumn("status", "varchar(8)", (c) => c.notNull())
        .addColumn("closed_at", "varchar(32)")
        .execute();
      // At most one open season, whatever several server processes do at once.
      await db.schema
        .createIndex("seasons_one_open")
        .unique()
        .on("seasons")
        .column("status")
        .where(sql.ref("status"), "=", "open")
        .execute();

      await db.schema
        .createTable("season_results")
        .addColumn("season", "varchar(16)", (c) => c.notNull().references("seasons.id"))
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("rank", "varchar(16)", (c) => c.notNull())
        .addColumn("rank_score", "integer", (c) => c.notNull())
        .addColumn("season_xp", "integer", (c) => c.notNull())
        .addColumn("reward", "integer", (c) => c.notNull())
        .addColumn("paid_at", "varchar(32)")
        .addPrimaryKeyConstraint("season_results_pk", ["season", "user_id"])
        .execute();

      await db.schema
        .createTable("season_seen")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("season", "varchar(16)", (c) => c.notNull())
        .addColumn("free_level", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("paid_level", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("season_seen_pk", ["user_id", "season"])
        .execute();

      await db.schema
        .alterTable("daily_tasks")
        .addColumn("seen", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
