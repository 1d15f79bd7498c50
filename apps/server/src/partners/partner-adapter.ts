import type { PaymentBox, PaymentCallbackBody } from "@cardrealm/protocol";
import { verifySignature } from "./partner-signature.ts";

/**
 * A partner platform: its gem-shop boxes and how its payment notices are
 * verified. A platform with another wire format plugs in here (chosen by
 * PARTNER_NAME) without touching routes, ledger or client.
 */
export interface PartnerAdapter {
  name: string;
  paymentBoxes(): Omit<PaymentBox, "first_payment">[];
  /** True when the platform signed this payment notice. */
  verifyNotice(notice: PaymentCallbackBody): boolean;
}

/**
 * The platform of docs/protocol.md "Partner signatures": it signs its
 * server-to-server payment notices with HMAC-SHA256 and the shared
 * PARTNER_SECRET, like its launch parameters.
 */
export function createSignedPartner(opts: {
  name: string;
  secret: string;
  boxes: readonly Omit<PaymentBox, "first_payment">[];
}): PartnerAdapter {
  return {
    name: opts.name,
    paymentBoxes: () => opts.boxes.map((b) => ({ ...b })),
    verifyNotice(notice) {
      const { sign, ...fields } = notice;
      return verifySignature(opts.secret, fields, sign);
    },
  };
}
