import { CATALOGUE, type CardAmount, STARTER_LIBRARY } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import {
  completeDeck,
  DEAR_CARD_COST,
  DEAR_CARDS_MAX,
  mixSpread,
} from "../src/economy/deck-complete.ts";

const size = (d: readonly CardAmount[]) => d.reduce((n, c) => n + c.amount, 0);
const cost = (id: number) => {
  const c = CATALOGUE.get(id)?.cost;
  return c ? c.fire + c.diamond + c.pow : 0;
};

// A library a player could hold after some boxes: diamond-heavy elves and
// tower cards, pow-heavy undead and trolls, dear cards of every colour, and
// the resource spells.
const LIBRARY: CardAmount[] = [
  ...[1001, 1002, 1003, 1007, 1013, 1058, 1061, 1065].map((id) => ({ id, amount: 5 })),
  ...[1015, 1016, 1018, 1086, 1087, 1084].map((id) => ({ id, amount: 5 })),
  ...[1155, 1149, 1146, 1138, 1154].map((id) => ({ id, amount: 3 })),
  { id: 1042, amount: 10 },
  { id: 1043, amount: 10 },
  { id: 1044, amount: 10 },
];

describe("Complete my deck (issue 26: a playable resource mix)", () => {
  it("fills to 40 within the caps and the library", () => {
    const deck = completeDeck([], LIBRARY);
    expect(size(deck)).toBe(40);
    for (const c of deck) {
      const owned = LIBRARY.find((l) => l.id === c.id)?.amount ?? 0;
      expect(c.amount).toBeLessThanOrEqual(owned);
    }
  });

  it("keeps demand for fire, diamond and pow in step with their income", () => {
    // A deck started on five Colossi-style dear cards and diamond cards only.
    const start: CardAmount[] = [
      { id: 1001, amount: 5 },
      { id: 1003, amount: 5 },
      { id: 1155, amount: 2 },
    ];
    const filled = completeDeck(start, LIBRARY);
    expect(size(filled)).toBe(40);
    expect(mixSpread(filled)).toBeLessThan(mixSpread(start) / 2);
    expect(mixSpread(filled)).toBeLessThan(0.4);
    expect(mixSpread(completeDeck([], LIBRARY))).toBeLessThan(0.4);
    expect(mixSpread(completeDeck([], STARTER_LIBRARY))).toBeLessThan(0.25);
  });

  it("adds no more dear finishers than a game can pay for", () => {
    const deck = completeDeck([], LIBRARY);
    const dear = deck.filter((c) => cost(c.id) >= DEAR_CARD_COST).reduce((n, c) => n + c.amount, 0);
    expect(dear).toBeGreaterThan(0);
    expect(dear).toBeLessThanOrEqual(DEAR_CARDS_MAX);
  });

  it("stops short when the library cannot fill 40", () => {
    expect(size(completeDeck([], [{ id: 1001, amount: 5 }]))).toBe(5);
  });
});
