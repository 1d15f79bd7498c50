import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Auth = { authorization: string };

describe.each(DIALECTS)("PUT /api/player/tutorial on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(dialect);
  });
  afterEach(async () => {
    await t.app.close();
  });

  const save = (auth: Auth | Record<string, never>, payload: unknown) =>
    t.app.inject({
      method: "PUT",
      url: "/api/player/tutorial",
      headers: auth,
      payload: payload as object,
    });
  const tutorialOf = async (auth: Auth) => {
    const res = await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth });
    return res.json().data.tutorial as { isActive: boolean; step: string };
  };

  it("moves forward and keeps the step for the next sign-in of the same token (a reload)", async () => {
    const { auth } = await newGuest(t.app);
    let res = await save(auth, { step: "Welcome10", isActive: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tutorial).toEqual({ isActive: true, step: "Welcome10" });
    res = await save(auth, { step: "PlayFirstCard40", isActive: true });
    expect(res.statusCode).toBe(200);
    expect(await tutorialOf(auth)).toEqual({ isActive: true, step: "PlayFirstCard40" });
  });

  it("refuses an unknown step, a backwards move and extra fields with a 4xx message, unchanged", async () => {
    const { auth } = await newGuest(t.app);
    await save(auth, { step: "ClickOffers95", isActive: true });
    for (const [payload, status] of [
      [{ step: "Hacked999", isActive: true }, 400],
      [{ step: "Welcome10", isActive: true }, 409],
      [{ step: "Final150" }, 400],
      [{ step: "Final150", isActive: true, extra: 1 }, 400],
      [["Final150", false], 400],
    ] as const) {
      const res = await save(auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(typeof res.json().error.message).toBe("string");
    }
    expect(await tutorialOf(auth)).toEqual({ isActive: true, step: "ClickOffers95" });
  });

  it("without a token answers 401 and changes nothing", async () => {
    const { auth } = await newGuest(t.app);
    const res = await save({}, { step: "Final150", isActive: false });
    expect(res.statusCode).toBe(401);
    expect(await tutorialOf(auth)).toEqual({ isActive: true, step: "intro" });
  });

  it("finishing (or skipping) ends it for good: later saves are refused", async () => {
    const { auth } = await newGuest(t.app);
    const done = await save(auth, { step: "Final150", isActive: false });
    expect(done.statusCode).toBe(200);
    expect(await tutorialOf(auth)).toEqual({ isActive: false, step: "Final150" });
    const again = await save(auth, { step: "Final150", isActive: true });
    expect(again.statusCode).toBe(409);
    expect(await tutorialOf(auth)).toEqual({ isActive: false, step: "Final150" });
  });

  it("one player's save leaves another player's tutorial alone", async () => {
    const a = await newGuest(t.app);
    const b = await newGuest(t.app);
    await save(a.auth, { step: "ClickShop100", isActive: true });
    expect(await tutorialOf(b.auth)).toEqual({ isActive: true, step: "intro" });
  });
});
