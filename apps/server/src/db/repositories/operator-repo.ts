import { sql } from "kysely";
import type { Executor } from "../executor.ts";

/** The operator console's queries (services/operator-service.ts decides). */

const PLAYER_FIELDS = [
  "id",
  "login",
  "nickname",
  "partner_id",
  "guest",
  "level",
  "silver",
  "premium",
  "rank_score",
  "created_at",
  "suspended_at",
  "suspended_reason",
] as const;

/** By id, login or partner id exactly; by nickname from its start, ignoring case. At most 20. */
export function findPlayers(db: Executor, query: string) {
  const asId = /^\d{1,9}$/.test(query) ? Number(query) : -1;
  const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom("users")
    .select(PLAYER_FIELDS)
    .where((eb) =>
      eb.or([
        eb("id", "=", asId),
        eb("login", "=", query),
        eb("partner_id", "=", query),
        eb(sql<string>`lower(nickname)`, "like", sql<string>`${prefix} escape '\\'`),
      ]),
    )
    .orderBy("id")
    .limit(20)
    .execute();
}

export function playerById(db: Executor, id: number) {
  return db.selectFrom("users").select(PLAYER_FIELDS).where("id", "=", id).executeTakeFirst();
}

/** The player's last 50 gem movements, 50 payment orders, 20 battles and 50 operator actions. */
export async function playerHistory(db: Executor, id: number) {
  const ledger = await db
    .selectFrom("gem_ledger")
    .select(["id", "delta", "balance_after", "reason", "idempotency_key", "created_at"])
    .where("user_id", "=", id)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  const purchases = await db
    .selectFrom("payment_orders")
    .select([
      "id",
      "partner",
      "box_id",
      "gems",
      "price",
      "status",
      "payment_id",
      "created_at",
      "paid_at",
    ])
    .where("user_id", "=", id)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  const battles = await db
    .selectFrom("battles")
    .select(["id", "mode", "cpu_id", "status", "winner", "rewards", "created_at", "updated_at"])
    .where("user_id", "=", id)
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  const actions = await db
    .selectFrom("operator_actions")
    .select(["id", "operator", "action", "details", "created_at"])
    .where("user_id", "=", id)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return { ledger, purchases, battles, actions };
}

export async function insertOperatorAction(
  db: Executor,
  a: { operator: string; action: string; userId: number | null; details: object; now: string },
): Promise<void> {
  await db
    .insertInto("operator_actions")
    .values({
      operator: a.operator,
      action: a.action,
      user_id: a.userId,
      details: JSON.stringify(a.details),
      created_at: a.now,
    })
    .execute();
}

/** Ends every session of the player (tokens carry the version); false when there is no such player. */
export async function bumpSessionVersion(db: Executor, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable("users")
    .set({ session_version: sql<number>`session_version + 1`, updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Suspends (reason) or lifts (null) and ends every session; false when nothing changed. */
export async function setSuspension(
  db: Executor,
  id: number,
  reason: string | null,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable("users")
    .set({
      suspended_at: reason === null ? null : now,
      suspended_reason: reason,
      session_version: sql<number>`session_version + 1`,
      updated_at: now,
    })
    .where("id", "=", id)
    .where(
      reason === null ? sql<boolean>`suspended_at is not null` : sql<boolean>`suspended_at is null`,
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function paymentOrder(db: Executor, orderId: string) {
  return db
    .selectFrom("payment_orders")
    .select(["id", "user_id", "gems", "status", "payment_id"])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

/** paid -> refunded, once: false for the second of two racing refunds. */
export async function markRefunded(db: Executor, orderId: string): Promise<boolean> {
  const r = await db
    .updateTable("payment_orders")
    .set({ status: "refunded" })
    .where("id", "=", orderId)
    .where("status", "=", "paid")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
