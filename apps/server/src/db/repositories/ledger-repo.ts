import { sql } from "kysely";
import { gemsMoved } from "../../observability/game-counters.ts";
import { type Executor, isUniqueViolation } from "../executor.ts";

export interface GemChange {
  userId: number;
  /** Positive credits, negative charges. */
  delta: number;
  /** Why: new_player, box_open, season_pass, battle_win, payment, ... */
  reason: string;
  /** The same key never changes the balance twice (payment id, battle id, ...). */
  idempotencyKey: string;
  now: string;
}

export type GemChangeResult =
  | { status: "applied"; balance: number }
  | { status: "duplicate"; balance: number }
  | { status: "insufficient"; balance: number };

async function balanceOf(db: Executor, userId: number): Promise<number> {
  const r = await db
    .selectFrom("users")
    .select("silver")
    .where("id", "=", userId)
    .executeTakeFirst();
  return r?.silver ?? 0;
}

/**
 * Changes a balance exactly once per idempotency key, never below zero. Must
 * run inside a transaction (the caller's), so the ledger row, the balance and
 * whatever was bought commit together or not at all.
 *
 * Trap: the balance check is in the UPDATE's WHERE, not a read-then-write, so
 * two concurrent charges cannot both pass it on PostgreSQL.
 */
export async function applyGemChange(trx: Executor, c: GemChange): Promise<GemChangeResult> {
  const seen = await trx
    .selectFrom("gem_ledger")
    .select("id")
    .where("idempotency_key", "=", c.idempotencyKey)
    .executeTakeFirst();
  if (seen) return { status: "duplicate", balance: await balanceOf(trx, c.userId) };

  const updated = await trx
    .updateTable("users")
    .set({ silver: sql<number>`silver + ${c.delta}`, updated_at: c.now })
    .where("id", "=", c.userId)
    .where(sql<boolean>`silver + ${c.delta} >= 0`)
    .returning("silver")
    .executeTakeFirst();
  if (!updated) return { status: "insufficient", balance: await balanceOf(trx, c.userId) };

  await trx
    .insertInto("gem_ledger")
    .values({
      user_id: c.userId,
      delta: c.delta,
      balance_after: updated.silver,
      reason: c.reason,
      idempotency_key: c.idempotencyKey,
      created_at: c.now,
    })
    .execute();
  if (c.delta !== 0) {
    gemsMoved.inc(
      { direction: c.delta > 0 ? "credited" : "spent", reason: c.reason },
      Math.abs(c.delta),
    );
  }
  return { status: "applied", balance: updated.silver };
}

export { isUniqueViolation };

export async function ledgerFor(db: Executor, userId: number) {
  return db
    .selectFrom("gem_ledger")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "asc")
    .execute();
}
