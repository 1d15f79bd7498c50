import { afterEach, describe, expect, it } from "vitest";
import { parseServerTiming } from "../src/http/server-timing.ts";
import { newGuest, type TestApp, testApp } from "./harness.ts";

/**
 * SERVER_TIMING=1 (bench/pvp sets it): every answer says when the server
 * began it and how long it took, so a client on the same machine can split
 * a slow call's round trip. Off by default.
 */
describe("Server-Timing", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    await t?.db.close();
    t = undefined;
  });

  it("with SERVER_TIMING=1 an answer carries its arrival and duration, refusals included", async () => {
    t = await testApp("sqlite", { SERVER_TIMING: "1" });
    const { auth } = await newGuest(t.app);
    const before = performance.timeOrigin + performance.now();
    const ok = await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth });
    const after = performance.timeOrigin + performance.now();
    expect(ok.statusCode).toBe(200);
    const timing = parseServerTiming(ok.headers["server-timing"]);
    expect(timing).not.toBeNull();
    if (!timing) return;
    expect(timing.began).toBeGreaterThanOrEqual(before - 1);
    expect(timing.began + timing.dur).toBeLessThanOrEqual(after + 1);
    expect(timing.dur).toBeGreaterThan(0);

    const refused = await t.app.inject({
      method: "POST",
      url: "/api/game/pvp/play-card",
      payload: {},
    });
    expect(refused.statusCode).toBe(401);
    expect(parseServerTiming(refused.headers["server-timing"])).not.toBeNull();
  });

  it("is off by default", async () => {
    t = await testApp("sqlite");
    const r = await t.app.inject({ method: "GET", url: "/livez" });
    expect(r.statusCode).toBe(200);
    expect(r.headers["server-timing"]).toBeUndefined();
  });
});
