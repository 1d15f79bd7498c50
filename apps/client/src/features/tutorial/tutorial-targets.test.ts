import { STARTER_LIBRARY } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import { newCardsOf, stepFocus } from "./tutorial-targets.ts";

function libraryOf(cards: { id: number; amount: number }[]) {
  return { cards: Object.fromEntries(cards.map((c) => [String(c.id), c])) };
}

describe("ClickAdd130 points at a card from the box", () => {
  const starter = STARTER_LIBRARY.map((c) => ({ ...c }));
  const [first] = starter;
  if (!first) throw new Error("no starter library");

  it("the new cards are those owned beyond the starter library", () => {
    expect(newCardsOf(libraryOf(starter))).toEqual([]);
    const boxed = [...starter, { id: 1999, amount: 1 }];
    boxed[0] = { id: first.id, amount: first.amount + 1 };
    expect(newCardsOf(libraryOf(boxed)).sort()).toEqual([first.id, 1999].sort());
  });

  it("the box cards' Add buttons come before any other card's", () => {
    const focus = stepFocus("ClickAdd130", false, false, [1999, 1005]);
    expect(focus.targets[0]).toBe('[data-testid="deck-add-1999"], [data-testid="deck-add-1005"]');
    // Any Add button only when none of the new cards can be added.
    expect(focus.targets[1]).toBe('[data-testid^="deck-add-"]:not([disabled])');
  });

  it("without new cards (none kept from the box) the step keeps its own targets", () => {
    expect(stepFocus("ClickAdd130", false, false, []).targets[0]).toBe(
      '[data-testid^="deck-add-"]:not([disabled])',
    );
    expect(stepFocus("ClickShop100", false, false, [1999]).targets[0]).not.toContain("1999");
  });
});
