/**
 * The engine is pure (architecture.md principle 1): its sources import
 * nothing but each other, and never touch Math.random, Date or the clock.
 * (biome's import rules say the same; this also covers globals.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../engine/src/", import.meta.url));
const sources = readdirSync(SRC).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("engine purity", () => {
  it("finds the engine sources", () => {
    expect(sources).toContain("step.ts");
  });

  for (const file of sources) {
    it(`${file} uses no I/O, clock, randomness or outside import`, () => {
      const text = readFileSync(SRC + file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\/\/.*$/gm, "");
      const imports = [...text.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
      for (const spec of imports) expect(spec).toMatch(/^\.\/[a-z0-9-]+\.ts$/);
      expect(text).not.toMatch(
        /Math\.random|\bDate\b|performance\.|setTimeout|setInterval|process\.|require\(/,
      );
    });
  }
});
