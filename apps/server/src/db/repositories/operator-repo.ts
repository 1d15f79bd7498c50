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
    .select([
      "id",
      "operator",
      "action",
      "outcome",
      "status",
      "address",
      "route",
      "details",
      "created_at",
    ])
    .where("user_id", "=", id)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return { ledger, purchases, battles, actions };
}

/** One row of operator_actions: who, from where, through which route, and what came of it. */
export interface OperatorActionRow {
  operator: string;
  action: string;
  userId: number | null;
  details: object;
  now: string;
  /** done, pending, refused, wrong_token, missing_token, throttled, failed */
  outcome: string;
  status: number;
  address: string | null;
  route: string | null;
}

export async function insertOperatorAction(db: Executor, a: OperatorActionRow): Promise<void> {
  await db
    .insertInto("operator_actions")
    .values({
      operator: a.operator,
      action: a.action,
      user_id: a.userId,
      details: JSON.stringify(a.details),
      created_at: a.now,
      outcome: a.outcome,
      status: a.status,
      address: a.address?.slice(0, 64) ?? null,
      route: a.route?.slice(0, 100) ?? null,
    })
    .execute();
}

/**
 * Adds `gems` to the operator's count for `day` when the count stays within
 * `ceiling`; false (nothing counted) when it would not. The check is in the
 * UPDATE's WHERE: two concurrent grants cannot both pass it on PostgreSQL
 * (the second waits for the first's row and checks the new count).
 */
export async function countGrantWithin(
  db: Executor,
  g: { operator: string; day: string; gems: number; ceiling: number },
): Promise<boolean> {
  await db
    .insertInto("operator_grant_days")
    .values({ operator: g.operator, day: g.day, gems: 0 })
    .onConflict((oc) => oc.columns(["operator", "day"]).doNothing())
    .execute();
  const r = await db
    .updateTable("operator_grant_days")
    .set({ gems: sql<number>`gems + ${g.gems}` })
    .where("operator", "=", g.operator)
    .where("day", "=", g.day)
    .where(sql<boolean>`gems + ${g.gems} <= ${g.ceiling}`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gems the operator granted on `day` (UTC, YYYY-MM-DD) without a second operator. */
export async function grantedOn(db: Executor, operator: string, day: string): Promise<number> {
  const row = await db
    .selectFrom("operator_grant_days")
    .select("gems")
    .where("operator", "=", operator)
    .where("day", "=", day)
    .executeTakeFirst();
  return row?.gems ?? 0;
}

const PENDING_FIELDS = [
  "id",
  "grant_key",
  "operator",
  "user_id",
  "gems",
  "reason",
  "status",
  "confirmed_by",
  "created_at",
  "confirmed_at",
] as const;

export function pendingGrantByKey(db: Executor, key: string) {
  return db
    .selectFrom("operator_pending_grants")
    .select(PENDING_FIELDS)
    .where("grant_key", "=", key)
    .executeTakeFirst();
}

export function pendingGrantById(db: Executor, id: number) {
  return db
    .selectFrom("operator_pending_grants")
    .select(PENDING_FIELDS)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A grant waiting for a second operator, once per key (a repeat finds the first). */
export async function insertPendingGrant(
  db: Executor,
  g: { key: string; operator: string; userId: number; gems: number; reason: string; now: string },
): Promise<void> {
  await db
    .insertInto("operator_pending_grants")
    .values({
      grant_key: g.key,
      operator: g.operator,
      user_id: g.userId,
      gems: g.gems,
      reason: g.reason,
      status: "pending",
      created_at: g.now,
    })
    .onConflict((oc) => oc.column("grant_key").doNothing())
    .execute();
}

/** Grants still waiting, oldest first (at most 100). */
export function waitingGrants(db: Executor) {
  return db
    .selectFrom("operator_pending_grants")
    .select(PENDING_FIELDS)
    .where("status", "=", "pending")
    .orderBy("id")
    .limit(100)
    .execute();
}

/**
 * pending -> confirmed by `operator`, once, and never by the operator who
 * asked: false for a self-confirm, a second confirm or no such grant.
 */
export async function markGrantConfirmed(
  db: Executor,
  id: number,
  operator: string,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable("operator_pending_grants")
    .set({ status: "confirmed", confirmed_by: operator, confirmed_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("operator", "<>", operator)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
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
