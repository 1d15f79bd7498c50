import { describe, expect, it } from "vitest";
import { decodeDeck, encodeDeck } from "./deck-code.ts";
import { STARTER_DECK } from "./starter.ts";

describe("deck codes", () => {
  it("round-trip the starter deck through a short URL-safe code", () => {
    const code = encodeDeck(STARTER_DECK);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(code.length).toBeLessThan(120);
    const back = decodeDeck(code);
    expect(back).toEqual([...STARTER_DECK].sort((a, b) => a.id - b.id));
  });

  it("refuse text that is not a deck code", () => {
    expect(decodeDeck("hello world")).toBeNull();
    expect(decodeDeck("")).toBeNull();
    expect(decodeDeck("AgAB")).toBeNull();
  });
});
