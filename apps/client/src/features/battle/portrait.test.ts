import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AVATAR_COUNT, opponentPortrait } from "./portrait.ts";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "../../../public");

describe("opponent portraits", () => {
  it("a story or bot opponent shows its own art", () => {
    expect(opponentPortrait(21, "Arena Bot")).toBe("/static/media/opponent-21.svg");
  });

  it("a human opponent gets an avatar that exists, the same one for the same name", () => {
    const names = ["Wanderer4821", "ann", "Bob", "Zoë", "champion@site", ""];
    const seen = new Set<string>();
    for (const n of names) {
      const src = opponentPortrait(0, n);
      expect(src).toBe(opponentPortrait(0, n));
      expect(existsSync(join(publicDir, src)), src).toBe(true);
      seen.add(src);
    }
    expect(seen.size).toBeGreaterThan(1);
    for (let i = 0; i < AVATAR_COUNT; i++)
      expect(existsSync(join(publicDir, `static/media/avatar-${i}.svg`))).toBe(true);
    expect(existsSync(join(publicDir, "favicon.ico"))).toBe(true);
  });
});
