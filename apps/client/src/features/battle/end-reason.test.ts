import { describe, expect, it } from "vitest";
import { endReasonText } from "./end-reason.ts";

describe("the end panel says the true reason, for each side (issue 24 item 6)", () => {
  const cases = [
    ["left", "Seeker4821 left the battle", "You left the battle"],
    ["give_up", "Seeker4821 surrendered", "You surrendered"],
    ["idle", "Seeker4821 ran out of time", "You ran out of time"],
    ["hp", "Seeker4821's castle has fallen", "Your castle has fallen"],
    ["turn_cap", "The turn limit was reached", "The turn limit was reached"],
  ] as const;
  it.each(cases)("%s: the winner and the loser each read their own line", (reason, won, lost) => {
    expect(endReasonText({ reason, winner: "player" }, "Seeker4821")).toBe(won);
    expect(endReasonText({ reason, winner: "cpu" }, "Seeker4821")).toBe(lost);
  });

  it("a closed tab never reads 'surrendered', and a timed-out loss never 'Too many turns timed out'", () => {
    expect(endReasonText({ reason: "left", winner: "player" }, "X")).not.toMatch(/surrender/);
    expect(endReasonText({ reason: "idle", winner: "player" }, "X")).not.toMatch(/Too many/);
  });

  it("makes a name ending in s possessive with the apostrophe alone (issue 26)", () => {
    expect(endReasonText({ reason: "hp", winner: "player" }, "The Thieves")).toBe(
      "The Thieves' castle has fallen",
    );
  });

  it("a draw at the turn cap", () => {
    expect(endReasonText({ reason: "turn_cap", winner: null }, "X")).toBe(
      "The turn limit was reached",
    );
    expect(endReasonText({ reason: "hp", winner: null }, "X")).toBe("Both castles stand");
  });
});
