import type { Selectable } from "kysely";
import type { Executor } from "../executor.ts";
import type { PaymentOrdersTable } from "../schema.ts";

export type PaymentOrderRow = Selectable<PaymentOrdersTable>;

export async function insertPaymentOrder(
  db: Executor,
  order: Omit<PaymentOrderRow, "status" | "payment_id" | "paid_at">,
): Promise<void> {
  await db
    .insertInto("payment_orders")
    .values({ ...order, status: "created", payment_id: null, paid_at: null })
    .execute();
}

export function findPaymentOrder(db: Executor, id: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom("payment_orders").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findPaymentOrderByPaymentId(
  db: Executor,
  paymentId: string,
): Promise<PaymentOrderRow | undefined> {
  return db
    .selectFrom("payment_orders")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
}

export async function hasPaidOrder(db: Executor, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom("payment_orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "paid")
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Marks an unpaid order paid by `paymentId`, in one conditional statement:
 * of two notices racing for the same order only one finds it unpaid (on
 * PostgreSQL the second waits for the first's row lock, then sees it paid).
 * True when this call marked it.
 */
export async function markOrderPaid(
  db: Executor,
  orderId: string,
  paymentId: string,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable("payment_orders")
    .set({ status: "paid", payment_id: paymentId, paid_at: now })
    .where("id", "=", orderId)
    // Not "<> paid": an order an operator refunded must not turn paid again on a repeated notice.
    .where("status", "in", ["created", "failed"])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A failed payment closes an order that nothing paid yet. */
export async function markOrderFailed(db: Executor, orderId: string): Promise<void> {
  await db
    .updateTable("payment_orders")
    .set({ status: "failed" })
    .where("id", "=", orderId)
    .where("status", "=", "created")
    .execute();
}
