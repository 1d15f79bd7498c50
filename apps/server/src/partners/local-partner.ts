import { randomUUID } from "node:crypto";
import type { PaymentBox } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import type { PartnerAdapter, VerifiedPayment } from "./partner-adapter.ts";

export const GEM_SHOP_BOXES: readonly Omit<PaymentBox, "first_payment">[] = [
  {
    id: 1,
    name: "Pouch of Gems",
    description: "1,200 gems",
    gems: 1200,
    price: 499,
    best_offer: false,
  },
  {
    id: 2,
    name: "Chest of Gems",
    description: "3,000 gems + 20% bonus",
    gems: 3600,
    price: 999,
    best_offer: true,
  },
  {
    id: 3,
    name: "Vault of Gems",
    description: "8,000 gems + 25% bonus",
    gems: 10000,
    price: 2499,
    best_offer: false,
  },
];

/**
 * The local sandbox platform used outside a partner: the client's payment
 * dialog "pays" through sandboxPay, which records a payment id on the order
 * the way a platform's callback would; verifyPayment then reads it back.
 */
export function createLocalPartner(db: Db, name: string): PartnerAdapter {
  const k = db.kysely;
  return {
    name,
    paymentBoxes: () => GEM_SHOP_BOXES.map((b) => ({ ...b, first_payment: false })),
    async verifyPayment(paymentId): Promise<VerifiedPayment | null> {
      const order = await k
        .selectFrom("payment_orders")
        .select(["id"])
        .where("payment_id", "=", paymentId)
        .executeTakeFirst();
      return order ? { status: "paid", orderId: order.id } : null;
    },
    async sandboxPay(orderId) {
      const paymentId = `sandbox-${randomUUID()}`;
      const r = await k
        .updateTable("payment_orders")
        .set({ payment_id: paymentId })
        .where("id", "=", orderId)
        .where("payment_id", "is", null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) {
        const existing = await k
          .selectFrom("payment_orders")
          .select("payment_id")
          .where("id", "=", orderId)
          .executeTakeFirst();
        if (existing?.payment_id) return existing.payment_id;
        throw new Error("no such order");
      }
      return paymentId;
    },
  };
}
