import { type Box, DEFAULT_BOX, VAMPIRE_BOX } from "@cardrealm/protocol";

/** rules.md section 4: each box gives 1 rare, 2 uncommon, 3 common; duplicates at cap pay cashback. */
export const BOX_SLOTS = { rare: 1, uncommon: 2, common: 3 } as const;
export const CASHBACK = { rare: 60, uncommon: 25, common: 10 } as const;

export const BOXES: readonly Box[] = [
  {
    ...DEFAULT_BOX,
    set: "base",
    description: "Six cards from the realm's base set: one rare, two uncommon, three common.",
    odds: { rare: 1 / 6, uncommon: 2 / 6, common: 3 / 6 },
    slots: BOX_SLOTS,
    cashback: CASHBACK,
  },
  {
    ...VAMPIRE_BOX,
    set: "vampire",
    description: "Six cards of the Vampire season set: one rare, two uncommon, three common.",
    odds: { rare: 1 / 6, uncommon: 2 / 6, common: 3 / 6 },
    slots: BOX_SLOTS,
    cashback: CASHBACK,
  },
];
