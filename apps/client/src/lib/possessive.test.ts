import { describe, expect, it } from "vitest";
import { possessive } from "./possessive.ts";

describe("possessive", () => {
  it("adds 's to a name not ending in s", () => {
    expect(possessive("Morvath the Gravelord")).toBe("Morvath the Gravelord's");
    expect(possessive("Silkhand, the Master Thief")).toBe("Silkhand, the Master Thief's");
    expect(possessive("Lamia")).toBe("Lamia's");
  });

  it("adds the apostrophe alone to a name ending in s, whatever its case", () => {
    expect(possessive("The Thieves")).toBe("The Thieves'");
    expect(possessive("Port Rats")).toBe("Port Rats'");
    expect(possessive("BOSS")).toBe("BOSS'");
  });

  it("ignores trailing spaces and leaves an empty name empty", () => {
    expect(possessive("The Thieves ")).toBe("The Thieves'");
    expect(possessive("")).toBe("");
  });
});
