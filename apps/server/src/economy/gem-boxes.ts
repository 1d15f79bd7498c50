import type { PaymentBox } from "@cardrealm/protocol";

/** The gem shop's boxes (prices in cents). */
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
