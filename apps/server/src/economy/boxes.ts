import { boxPool } from "@cardrealm/content";
import type { CardDef, CardSet } from "@cardrealm/engine";
import { type Box, DEFAULT_BOX, type OpenedBox, VAMPIRE_BOX } from "@cardrealm/protocol";

/** rules.md section 4: each box gives 1 rare, 2 uncommon, 3 common; duplicates at cap pay cashback. */
export const BOX_SLOTS = { rare: 1, uncommon: 2, common: 3 } as const;
export const CASHBACK = { rare: 60, uncommon: 25, common: 10 } as const;

type Rarity = CardDef["rarity"];

/** The cards a box of this set draws from (tokens never come out of a box). */
export function boxCards(set: CardSet): CardDef[] {
  return boxPool(set).filter((c) => !c.token);
}

/**
 * The box's real odds, per card (docs/decisions.md "The box window's Chance
 * is per card"): the chance that one given card of the rarity is among the
 * box's six. Each of the rarity's slots draws uniformly and independently
 * from that rarity's cards (box-opening.ts drawBox), so with n cards and s
 * slots it is 1 - (1 - 1/n)^s. Every box holds exactly 1 rare, 2 uncommon
 * and 3 common, so "at least one of the rarity" would be 100% for each.
 */
export function perCardOdds(cards: readonly CardDef[]): Record<Rarity, number> {
  const chance = (rarity: Rarity): number => {
    const n = cards.filter((c) => c.rarity === rarity).length;
    return n === 0 ? 0 : 1 - (1 - 1 / n) ** BOX_SLOTS[rarity];
  };
  return { rare: chance("rare"), uncommon: chance("uncommon"), common: chance("common") };
}

function rarityCounts(cards: readonly CardDef[]): Record<Rarity, number> {
  const count = (rarity: Rarity) => cards.filter((c) => c.rarity === rarity).length;
  return { rare: count("rare"), uncommon: count("uncommon"), common: count("common") };
}

export const BOXES: readonly Box[] = [
  {
    ...DEFAULT_BOX,
    set: "base",
    description: "Six cards from the realm's base set: one rare, two uncommon, three common.",
    odds: perCardOdds(boxCards("base")),
    pool: rarityCounts(boxCards("base")),
    slots: BOX_SLOTS,
    cashback: CASHBACK,
  },
  {
    ...VAMPIRE_BOX,
    set: "vampire",
    description: "Six cards of the Vampire season set: one rare, two uncommon, three common.",
    odds: perCardOdds(boxCards("vampire")),
    pool: rarityCounts(boxCards("vampire")),
    slots: BOX_SLOTS,
    cashback: CASHBACK,
  },
];

/** A box's six slots in order, each with the rarity it draws (product.md "Opened box"). */
export const BOX_SLOT_ORDER = [
  ["rare", "rare"],
  ["un_1", "uncommon"],
  ["un_2", "uncommon"],
  ["com_1", "common"],
  ["com_2", "common"],
  ["com_3", "common"],
] as const satisfies readonly (readonly [keyof OpenedBox, Rarity])[];

export type BoxSlot = (typeof BOX_SLOT_ORDER)[number][0];

/**
 * The box roll: each slot draws one card of its rarity, uniformly and
 * independently (`draw(n)` answers an integer in [0, n)).
 */
export function drawBox(
  cards: readonly CardDef[],
  draw: (n: number) => number,
): { slot: BoxSlot; rarity: Rarity; card: CardDef }[] {
  return BOX_SLOT_ORDER.map(([slot, rarity]) => {
    const options = cards.filter((c) => c.rarity === rarity);
    const card = options[draw(options.length)];
    if (!card) throw new Error(`no ${rarity} card to draw`);
    return { slot, rarity, card };
  });
}
