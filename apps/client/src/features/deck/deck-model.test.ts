import { describe, expect, it } from "vitest";
import { apiCard } from "../../test/card-fixtures.ts";
import {
  addBlock,
  canAdd,
  codeFromInput,
  costCurve,
  resourceTotals,
  shareLink,
} from "./deck-model.ts";
import { firstOpenOpponent, sharedCodeIn } from "./shared-deck-offer.tsx";

describe("adding to the deck", () => {
  it("needs a spare copy in the library and room under the cap of 5", () => {
    expect(canAdd(1001, 3, 2)).toBe(true);
    expect(addBlock(1001, 2, 2)).toBe("none-left");
    expect(addBlock(1001, 9, 5)).toBe("cap");
    expect(canAdd(1001, 9, 4)).toBe(true);
  });

  it("allows 10 copies of the basic resource spells 1042 to 1044", () => {
    for (const id of [1042, 1043, 1044]) {
      expect(canAdd(id, 12, 5)).toBe(true);
      expect(canAdd(id, 12, 9)).toBe(true);
      expect(addBlock(id, 12, 10)).toBe("cap");
    }
  });
});

describe("cost curve", () => {
  it("counts copies per total cost and splits each bar by resource share", () => {
    // 1001: 2 diamond; 1002: 2 diamond + 1 pow (3); 1012: 3 fire + 3 diamond (6).
    const cards = [apiCard(1001), apiCard(1002), apiCard(1012)];
    const deck = new Map([
      [1001, 4],
      [1002, 3],
      [1012, 2],
    ]);
    const bars = costCurve(cards, deck);
    expect(bars.map((b) => b.label)).toEqual(["1", "2", "3", "4", "5", "6", "7+"]);
    expect(bars.map((b) => b.count)).toEqual([0, 4, 3, 0, 0, 2, 0]);
    const three = bars[2];
    expect(three?.diamond).toBeCloseTo(2);
    expect(three?.pow).toBeCloseTo(1);
    const six = bars[5];
    expect(six?.fire).toBeCloseTo(1);
    expect(six?.diamond).toBeCloseTo(1);
    expect(resourceTotals(cards, deck)).toEqual({ fire: 6, diamond: 20, pow: 3 });
  });
});

describe("deck codes", () => {
  it("takes a bare code or the code of a share link", () => {
    expect(codeFromInput("  AQPp  ")).toBe("AQPp");
    expect(codeFromInput("https://play.test/?deck=AQPpAAE&x=1")).toBe("AQPpAAE");
    expect(shareLink("AQPp", { origin: "https://play.test", pathname: "/" })).toBe(
      "https://play.test/?deck=AQPp",
    );
    expect(sharedCodeIn("?partner_id=1&deck=AQPp")).toBe("AQPp");
    expect(sharedCodeIn("?partner_id=1")).toBeNull();
  });
});

describe("the first open computer opponent", () => {
  it("is the first unbeaten opponent of the open chapters, in story order", () => {
    expect(firstOpenOpponent({ level: 1, maps: [] })).toMatchObject({
      story: 1,
      cpuId: 6,
      cpuNumber: 1,
    });
    expect(firstOpenOpponent({ level: 1, maps: [6] })).toMatchObject({ cpuId: 5, cpuNumber: 2 });
    expect(firstOpenOpponent({ level: 2, maps: [6, 5, 7] })).toMatchObject({
      story: 2,
      cpuId: 2,
      cpuNumber: 1,
    });
  });

  it("replays the first opponent when every open one is beaten", () => {
    expect(firstOpenOpponent({ level: 1, maps: [6, 5, 7] })).toMatchObject({ cpuId: 6 });
  });
});
