import type { PaymentBox } from "@cardrealm/protocol";

/** What the partner platform says of a payment. */
export interface VerifiedPayment {
  status: "paid" | "pending" | "failed";
  /** Our order id the payment was made for. */
  orderId: string;
}

/**
 * A partner platform: its gem-shop boxes and how a payment id is verified.
 * A real platform plugs in here (chosen by PARTNER_NAME) without touching
 * routes, ledger or client.
 */
export interface PartnerAdapter {
  name: string;
  paymentBoxes(): PaymentBox[];
  verifyPayment(paymentId: string): Promise<VerifiedPayment | null>;
  /** Local development only: completes an order as the platform would. */
  sandboxPay?(orderId: string): Promise<string>;
}
