import { describe, expect, it } from "vitest";
import { AVATAR_COUNT, opponentPortrait } from "./portrait.ts";

describe("opponent portraits", () => {
  it("a story or bot opponent shows its own art", () => {
    expect(opponentPortrait(21, "Arena Bot")).toBe("/static/media/opponent-21.webp");
  });

  it("a human opponent gets one of the avatar set, the same one for the same name", () => {
    const names = ["Wanderer4821", "ann", "Bob", "Zoë", "champion@site", ""];
    const seen = new Set<string>();
    for (const n of names) {
      const src = opponentPortrait(0, n);
      expect(src).toBe(opponentPortrait(0, n));
      expect(src).toMatch(new RegExp(`^/static/media/avatar-[0-${AVATAR_COUNT - 1}]\\.svg$`));
      seen.add(src);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
