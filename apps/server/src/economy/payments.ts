import { randomUUID } from "node:crypto";
import type { PaymentBox, PaymentOrder, User } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import { HttpError } from "../http/http-error.ts";
import type { PartnerAdapter } from "../partners/partner-adapter.ts";
import { userView } from "../services/user-view.ts";

/** Gem-shop purchases through the partner platform: each payment id credits once. */
export function createPayments(deps: { db: Db; clock: () => number; partner: PartnerAdapter }) {
  const k = deps.db.kysely;
  const { partner } = deps;

  async function hasPaid(userId: number): Promise<boolean> {
    const r = await k
      .selectFrom("payment_orders")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "=", "paid")
      .executeTakeFirst();
    return r !== undefined;
  }

  return {
    async boxes(userId: number): Promise<PaymentBox[]> {
      const first = !(await hasPaid(userId));
      return partner.paymentBoxes().map((b) => ({ ...b, first_payment: first }));
    },

    async create(userId: number, boxId: number): Promise<PaymentOrder> {
      const box = partner.paymentBoxes().find((b) => b.id === boxId);
      if (!box) throw new HttpError(404, "not_found", `No gem box ${boxId}.`);
      const id = randomUUID();
      await k
        .insertInto("payment_orders")
        .values({
          id,
          user_id: userId,
          partner: partner.name,
          box_id: box.id,
          gems: box.gems,
          price: box.price,
          status: "created",
          payment_id: null,
          created_at: nowIso(deps.clock),
          paid_at: null,
        })
        .execute();
      return {
        order_id: id,
        id: box.id,
        price: box.price,
        count: box.gems,
        description: box.description,
        name: box.name,
        image_url: `/static/media/gem.svg`,
      };
    },

    /** Verifies with the partner and credits the order's gems exactly once. */
    async implement(userId: number, paymentId: string): Promise<User> {
      const verified = await partner.verifyPayment(paymentId);
      if (!verified || verified.status === "failed") {
        throw new HttpError(402, "bad_request", "The platform did not confirm this payment.");
      }
      if (verified.status === "pending")
        throw new HttpError(
          409,
          "conflict",
          "The payment is still being processed; try again shortly.",
        );
      const now = nowIso(deps.clock);
      try {
        await k.transaction().execute(async (trx) => {
          const order = await trx
            .selectFrom("payment_orders")
            .selectAll()
            .where("id", "=", verified.orderId)
            .executeTakeFirst();
          if (!order || order.user_id !== userId)
            throw new HttpError(404, "not_found", "No such order for this player.");
          await applyGemChange(trx, {
            userId,
            delta: order.gems,
            reason: "payment",
            idempotencyKey: `payment:${partner.name}:${paymentId}`,
            now,
          });
          await trx
            .updateTable("payment_orders")
            .set({ status: "paid", payment_id: paymentId, paid_at: order.paid_at ?? now })
            .where("id", "=", order.id)
            .execute();
        });
      } catch (err) {
        // A replayed callback raced the first on PostgreSQL: the ledger key let one through.
        if (!isUniqueViolation(err)) throw err;
      }
      const user = await userView(k, userId, deps.clock());
      if (!user) throw new HttpError(401, "unauthorized", "Please sign in again.");
      return user;
    },

    async sandboxPay(userId: number, orderId: string): Promise<string> {
      if (!partner.sandboxPay)
        throw new HttpError(404, "not_found", "This platform has no sandbox.");
      const order = await k
        .selectFrom("payment_orders")
        .select(["user_id"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!order || order.user_id !== userId)
        throw new HttpError(404, "not_found", "No such order for this player.");
      return partner.sandboxPay(orderId);
    },
  };
}
