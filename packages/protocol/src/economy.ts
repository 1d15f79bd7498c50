import { z } from "zod";
import { LIMITS } from "./constants.ts";
import { line, textFormat } from "./text.ts";

const deckNumber = z
  .number()
  .int()
  .min(1, "deck_number is 1, 2 or 3")
  .max(3, "deck_number is 1, 2 or 3");
const cardId = z.number().int().min(1).max(1_000_000);

/** POST /api/editor/set-active */
export const EditorSetActiveBody = z.strictObject({ deck_number: deckNumber });
/** POST /api/editor/add-card and /api/editor/remove: the active deck unless deck_number is given. */
export const EditorCardBody = z.strictObject({
  card_id: cardId,
  deck_number: deckNumber.optional(),
});
/** POST /api/editor/complete: fill a slot to 40 from the library. */
export const EditorCompleteBody = z.strictObject({ deck_number: deckNumber.optional() });
/** POST /api/editor/import: a deck code into a slot. */
export const EditorImportBody = z.strictObject({
  deck_number: deckNumber,
  code: line()
    .min(2)
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/, "a deck code uses letters, digits, - and _ only"),
});

/** POST /api/boxes/open. request_id makes a retried click open the box once. */
export const BoxOpenBody = z.strictObject({
  id: z.number().int().min(1).max(1000),
  request_id: line()
    .regex(/^[A-Za-z0-9-]{8,64}$/, "request_id is 8-64 letters, digits or dashes")
    .optional(),
});

/** POST /api/{partner}/payment/create */
export const PaymentCreateBody = z.strictObject({ id: z.number().int().min(1).max(100) });
/** POST /api/{partner}/payment/implement */
export const PaymentImplementBody = z.strictObject({
  payment_id: z.union([
    line()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_.:-]+$/),
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  ]),
});
/**
 * POST /api/{partner}/payment/callback: the platform's server-to-server
 * notice of a payment, signed like its launch parameters (`sign` over every
 * other field; docs/protocol.md "Partner signatures"). `amount` is the price
 * charged in minor units and must match the order.
 */
export const PaymentCallbackBody = z.strictObject({
  order_id: textFormat(z.uuid("order_id must be an order id")),
  payment_id: line()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/, "payment_id may use letters, digits and _ . : - only"),
  user_id: line().min(1).max(LIMITS.partnerIdMax),
  amount: z.number().int().min(0).max(10_000_000),
  status: z.enum(["paid", "failed", "pending"]),
  ts: z
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
  sign: line().regex(/^[0-9a-f]{64}$/, "sign must be the platform's hex HMAC-SHA256"),
});
export type PaymentCallbackBody = z.infer<typeof PaymentCallbackBody>;

/** POST /api/{partner}/payment/sandbox-pay: the local sandbox pays an order (PAYMENT_SANDBOX=1). */
export const SandboxPayBody = z.strictObject({
  order_id: textFormat(z.uuid("order_id must be an order id")),
});

export const PartnerParams = z.strictObject({
  partner: line().regex(/^[a-z0-9-]{2,32}$/, "unknown partner"),
});

export interface OpenedCard {
  card: number;
  number_in_library: number;
  /** false, or the gems paid instead of a card already at its deck cap. */
  cashback: false | number;
}
/** The opened box of product.md section 3. */
export interface OpenedBox {
  rare: OpenedCard;
  un_1: OpenedCard;
  un_2: OpenedCard;
  com_1: OpenedCard;
  com_2: OpenedCard;
  com_3: OpenedCard;
}

/** A gem-shop box of the partner platform. */
export interface PaymentBox {
  id: number;
  price: number;
  description: string;
  name: string;
  gems: number;
  first_payment: boolean;
  best_offer: boolean;
}

/** The order posted to the parent page (product.md section 3, Payment order). */
export interface PaymentOrder {
  order_id: string;
  id: number;
  price: number;
  count: number;
  description: string;
  name: string;
  image_url: string;
}
