import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { testApp } from "./harness.ts";

/**
 * BATTLE_PACE_PERCENT: the journeys' shorter reading pauses on the battle
 * screen (docs/testing.md), a test-only setting like BATTLE_SEED.
 */
describe("the battle screen's test-only pace setting", () => {
  const base = { TOKEN_SECRET: "x".repeat(40), DATA_DIR: "/tmp/cardrealm-config-test" };

  it("is refused in production and out of range", () => {
    expect(() =>
      loadConfig({ ...base, NODE_ENV: "production", BATTLE_PACE_PERCENT: "10" }),
    ).toThrow(/BATTLE_PACE_PERCENT: a faster battle screen is for tests/);
    expect(() => loadConfig({ ...base, BATTLE_PACE_PERCENT: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, BATTLE_PACE_PERCENT: "101" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, BATTLE_PACE_PERCENT: "fast" })).toThrow(ConfigError);
    expect(loadConfig({ ...base, BATTLE_PACE_PERCENT: "10" }).battlePacePercent).toBe(10);
    expect(loadConfig(base).battlePacePercent).toBeUndefined();
  });

  it("reaches the client through /api/settings only when set", async () => {
    const withIt = await testApp("sqlite", { BATTLE_PACE_PERCENT: "10" });
    const without = await testApp("sqlite");
    try {
      const a = await withIt.app.inject({ method: "GET", url: "/api/settings" });
      expect(a.json().data.battlePacePercent).toBe("10");
      const b = await without.app.inject({ method: "GET", url: "/api/settings" });
      expect(b.json().data).not.toHaveProperty("battlePacePercent");
    } finally {
      await withIt.app.close();
      await without.app.close();
      await withIt.db.close();
      await without.db.close();
    }
  });
});
