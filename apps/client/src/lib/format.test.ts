import { describe, expect, it } from "vitest";
import { formatGems } from "./format.ts";

describe("formatGems", () => {
  it("groups thousands with a comma and keeps small amounts as they are", () => {
    expect(formatGems(0)).toBe("0");
    expect(formatGems(40)).toBe("40");
    expect(formatGems(1200)).toBe("1,200");
    expect(formatGems(7500)).toBe("7,500");
    expect(formatGems(1_250_000)).toBe("1,250,000");
  });

  it("shows whole gems only", () => {
    expect(formatGems(999.7)).toBe("999");
  });
});
