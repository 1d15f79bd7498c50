import type { Kysely } from "kysely";

/**
 * rules.md 4, "Paid battles" (issue 23): how many paid battles each player
 * has had on each UTC day. A settlement claims a slot with one conditional
 * upsert (repositories/paid-battles-repo.ts) inside its own transaction, so
 * concurrent settlements of one player never pay more than the day's limit.
 */
export function paidBattles() {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("paid_battle_days")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        // The UTC day, YYYY-MM-DD.
        .addColumn("day", "varchar(10)", (c) => c.notNull())
        .addColumn("paid", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("paid_battle_days_pk", ["user_id", "day"])
        .execute();
    },
  };
}
