import { sql } from "kysely";
import type { Executor } from "../executor.ts";

/**
 * Claims one of a player's paid battles of `day` (YYYY-MM-DD, UTC): true
 * when the day's count was below `limit` (it is now one higher), false when
 * the limit is reached (nothing changes). One conditional upsert: on
 * PostgreSQL concurrent claims of one player queue on the row (or on its
 * key, for the day's first) and each re-reads the count it raises, so of
 * ten claims for the last slot exactly one wins; SQLite has one writer.
 * Run it in the settling transaction, so a rolled-back settlement gives the
 * slot back.
 */
export async function claimPaidBattle(
  db: Executor,
  c: { userId: number; day: string; limit: number },
): Promise<boolean> {
  const r = await db
    .insertInto("paid_battle_days")
    .values({ user_id: c.userId, day: c.day, paid: 1 })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "day"])
        .doUpdateSet({ paid: sql<number>`paid_battle_days.paid + 1` })
        .where("paid_battle_days.paid", "<", c.limit),
    )
    .returning("paid")
    .executeTakeFirst();
  return r !== undefined;
}

/** The paid battles a player has had on `day` (0 when none). */
export async function paidBattlesOn(db: Executor, userId: number, day: string): Promise<number> {
  const r = await db
    .selectFrom("paid_battle_days")
    .select("paid")
    .where("user_id", "=", userId)
    .where("day", "=", day)
    .executeTakeFirst();
  return r?.paid ?? 0;
}
