import { describe, expect, it } from "vitest";
import { formatDateTime, formatGems } from "./format.ts";

describe("formatGems", () => {
  it("groups thousands with a comma and keeps small amounts as they are", () => {
    expect(formatGems(0)).toBe("0");
    expect(formatGems(40)).toBe("40");
    expect(formatGems(1200)).toBe("1,200");
    expect(formatGems(7500)).toBe("7,500");
    expect(formatGems(100_000)).toBe("100,000");
    expect(formatGems(1_250_000)).toBe("1,250,000");
  });

  it("shows whole gems only", () => {
    expect(formatGems(999.7)).toBe("999");
    expect(formatGems(-0.5)).toBe("0");
  });

  it("reads as Intl's en-US grouping for every amount, negative ones included", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    for (const n of [
      1, 12, 123, 1234, 12_345, 123_456, 1_234_567, 987_654_321, -5, -1234, -1_000_000,
    ]) {
      expect(formatGems(n)).toBe(intl.format(n));
    }
  });
});

describe("formatDateTime", () => {
  it("shows a readable moment, and a dash for an unreadable one", () => {
    expect(formatDateTime("2026-11-26T11:25:00")).toBe("Nov 26, 2026, 11:25 AM");
    expect(formatDateTime("not a date")).toBe("—");
  });
});
