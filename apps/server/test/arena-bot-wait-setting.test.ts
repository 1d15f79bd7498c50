import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { testApp } from "./harness.ts";

/** ARENA_BOT_WAIT_SECONDS: the journeys' short bot wait, a test-only setting like BATTLE_SEED. */
describe("the arena's test-only bot wait setting", () => {
  const base = { TOKEN_SECRET: "x".repeat(40), DATA_DIR: "/tmp/cardrealm-config-test" };

  it("is refused in production and out of range", () => {
    expect(() =>
      loadConfig({ ...base, NODE_ENV: "production", ARENA_BOT_WAIT_SECONDS: "5" }),
    ).toThrow(/ARENA_BOT_WAIT_SECONDS: a fixed bot wait is for tests/);
    expect(() => loadConfig({ ...base, ARENA_BOT_WAIT_SECONDS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ARENA_BOT_WAIT_SECONDS: "71" })).toThrow(ConfigError);
    expect(loadConfig({ ...base, ARENA_BOT_WAIT_SECONDS: "8" }).arenaBotWaitSeconds).toBe(8);
    expect(loadConfig(base).arenaBotWaitSeconds).toBeUndefined();
  });

  it("reaches the client through /api/settings only when set", async () => {
    const withIt = await testApp("sqlite", { ARENA_BOT_WAIT_SECONDS: "8" });
    const without = await testApp("sqlite");
    try {
      const a = await withIt.app.inject({ method: "GET", url: "/api/settings" });
      expect(a.json().data.arenaBotWaitSeconds).toBe("8");
      const b = await without.app.inject({ method: "GET", url: "/api/settings" });
      expect(b.json().data).not.toHaveProperty("arenaBotWaitSeconds");
    } finally {
      await withIt.app.close();
      await without.app.close();
      await withIt.db.close();
      await without.db.close();
    }
  });
});
