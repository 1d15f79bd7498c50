import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The client's public files the battle and every page ask for (no 404s). */
const publicDir = join(dirname(fileURLToPath(import.meta.url)), "../../client/public");

describe("portraits and icons the client asks for exist", () => {
  it("the human-opponent avatar set (8), the opponent-0 fallback and the favicons", () => {
    for (let i = 0; i < 8; i++)
      expect(existsSync(join(publicDir, `static/media/avatar-${i}.svg`)), `avatar-${i}`).toBe(true);
    expect(existsSync(join(publicDir, "static/media/opponent-0.svg"))).toBe(true);
    expect(readFileSync(join(publicDir, "favicon.svg"), "utf8")).toMatch(/^<svg /);
    // An ICO header: reserved 0, type 1 (icon), one image.
    const ico = readFileSync(join(publicDir, "favicon.ico"));
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
  });
});
