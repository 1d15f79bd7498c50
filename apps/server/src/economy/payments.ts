import { randomUUID } from "node:crypto";
import type { PaymentBox, PaymentCallbackBody, PaymentOrder, User } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import {
  findPaymentOrder,
  findPaymentOrderByPaymentId,
  hasPaidOrder,
  insertPaymentOrder,
  markOrderFailed,
  markOrderPaid,
} from "../db/repositories/payments-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { recordFact } from "../observability/analytics.ts";
import type { PartnerAdapter } from "../partners/partner-adapter.ts";
import { NOTICE_MAX_AGE_SECONDS, NOTICE_MAX_AHEAD_SECONDS } from "../partners/partner-signature.ts";
import { userView } from "../services/user-view.ts";

export type NoticeResult =
  | { ok: true; credited: boolean; status: PaymentCallbackBody["status"] }
  | {
      ok: false;
      reason:
        | "bad_signature"
        | "stale"
        | "no_order"
        | "wrong_user"
        | "wrong_amount"
        | "paid_by_another_payment";
    };

export type ImplementResult =
  | { ok: true; user: User }
  | { ok: false; reason: "not_confirmed" | "failed" | "no_order" };

/**
 * Gem-shop purchases through the partner platform. The platform tells the
 * server of a payment with a signed notice (`notice`): that alone credits
 * gems, once per payment id (the ledger's idempotency key and a conditional
 * update of the order), and only for the order's own player and price. The
 * client's `implement` then only reads back what the platform confirmed.
 */
export function createPayments(deps: {
  db: Db;
  clock: () => number;
  partner: PartnerAdapter;
  /** PAYMENT_SANDBOX=1: local play pays without a platform (never in production). */
  sandbox: boolean;
}) {
  const k = deps.db.kysely;
  const { partner } = deps;

  /** Credits a confirmed payment once; false when it was credited before. */
  async function confirm(orderId: string, paymentId: string): Promise<boolean> {
    const now = nowIso(deps.clock);
    try {
      return await k.transaction().execute(async (trx) => {
        const order = await findPaymentOrder(trx, orderId);
        if (!order) return false;
        if (!(await markOrderPaid(trx, orderId, paymentId, now))) return false;
        const credit = await applyGemChange(trx, {
          userId: order.user_id,
          delta: order.gems,
          reason: "payment",
          idempotencyKey: `payment:${partner.name}:${paymentId}`,
          now,
        });
        if (credit.status !== "applied") return false;
        const data = {
          order_id: order.id,
          box_id: order.box_id,
          gems: order.gems,
          price: order.price,
          partner: partner.name,
        };
        await recordFact(trx, order.user_id, { name: "purchase", data }, now);
        return true;
      });
    } catch (err) {
      // The same payment id raced itself onto another order, or its ledger key
      // was taken by a concurrent notice: nothing more to credit.
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  return {
    async boxes(userId: number): Promise<PaymentBox[]> {
      const first = !(await hasPaidOrder(k, userId));
      return partner.paymentBoxes().map((b) => ({ ...b, first_payment: first }));
    },

    /** A new order for a box, or null when there is no such box. */
    async create(userId: number, boxId: number): Promise<PaymentOrder | null> {
      const box = partner.paymentBoxes().find((b) => b.id === boxId);
      if (!box) return null;
      const id = randomUUID();
      await insertPaymentOrder(k, {
        id,
        user_id: userId,
        partner: partner.name,
        box_id: box.id,
        gems: box.gems,
        price: box.price,
        created_at: nowIso(deps.clock),
      });
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

    /** The platform's signed server-to-server notice of a payment. */
    async notice(body: PaymentCallbackBody): Promise<NoticeResult> {
      if (!partner.verifyNotice(body)) return { ok: false, reason: "bad_signature" };
      // A signed notice replayed long after, or dated ahead: refused (signed `ts`).
      const age = Math.floor(deps.clock() / 1000) - body.ts;
      if (age > NOTICE_MAX_AGE_SECONDS || age < -NOTICE_MAX_AHEAD_SECONDS)
        return { ok: false, reason: "stale" };
      const order = await findPaymentOrder(k, body.order_id);
      if (!order || order.partner !== partner.name) return { ok: false, reason: "no_order" };
      const owner = await findUserById(k, order.user_id);
      if (!owner || owner.partner_id !== `${partner.name}:${body.user_id}`)
        return { ok: false, reason: "wrong_user" };
      if (body.amount !== order.price) return { ok: false, reason: "wrong_amount" };
      if (body.status === "failed") {
        await markOrderFailed(k, order.id);
        return { ok: true, credited: false, status: "failed" };
      }
      if (body.status === "pending") return { ok: true, credited: false, status: "pending" };
      const credited = await confirm(order.id, body.payment_id);
      if (!credited) {
        // Already credited by this payment (a repeated notice): fine. Paid by another: refuse.
        const now = await findPaymentOrder(k, order.id);
        if (now?.payment_id !== body.payment_id)
          return { ok: false, reason: "paid_by_another_payment" };
      }
      return { ok: true, credited, status: "paid" };
    },

    /**
     * The client's word that a payment went through: answers the player once
     * the platform's notice confirmed it. Credits nothing itself.
     */
    async implement(userId: number, paymentId: string): Promise<ImplementResult> {
      const order = await findPaymentOrderByPaymentId(k, paymentId);
      if (!order || order.user_id !== userId) {
        return { ok: false, reason: "not_confirmed" };
      }
      if (order.status === "failed") return { ok: false, reason: "failed" };
      if (order.status !== "paid") return { ok: false, reason: "not_confirmed" };
      const user = await userView(k, userId, deps.clock());
      return user ? { ok: true, user } : { ok: false, reason: "no_order" };
    },

    /** PAYMENT_SANDBOX only: local play "pays" its own order. */
    async sandboxPay(userId: number, orderId: string): Promise<string | null> {
      if (!deps.sandbox) return null;
      const order = await findPaymentOrder(k, orderId);
      if (!order || order.user_id !== userId) return null;
      if (order.payment_id) return order.payment_id;
      const paymentId = `sandbox-${randomUUID()}`;
      await confirm(orderId, paymentId);
      const after = await findPaymentOrder(k, orderId);
      return after?.payment_id ?? null;
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
