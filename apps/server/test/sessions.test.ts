import { PVP } from "@cardrealm/protocol";
import { SignJWT } from "jose";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ChannelClient } from "../../../bench/pvp/arena-client.ts";
import { sessionCacheCalls } from "../src/observability/game-counters.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

const TOKEN_SECRET = "test-secret-test-secret-test-secret-0123";
const OPERATOR = "operator-token-for-sessions-0123456789";

describe.each(DIALECTS)("sessions on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(dialect, { OPERATOR_TOKENS: `ops=${OPERATOR}` });
  });
  afterEach(async () => {
    await t.app.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const details = (headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: "/api/player-details", headers });
  const edit = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/api/player/edit", headers, payload });
  const login = (payload: { login: string; password: string }) =>
    t.app.inject({ method: "POST", url: "/api/login", payload });

  /** A player with login "sable" and password "first-pass", signed in on two devices. */
  async function playerWithTwoSessions() {
    const g = await newGuest(t.app);
    expect((await edit(g.auth, { login: "sable", password: "first-pass" })).statusCode).toBe(200);
    const phone = (await login({ login: "sable", password: "first-pass" })).json().data.jwtToken;
    t.clock.now += 1000; // a token of another second: two devices, two tokens
    const laptop = (await login({ login: "sable", password: "first-pass" })).json().data.jwtToken;
    return { id: g.user.id, phone: bearer(phone), laptop: bearer(laptop) };
  }

  /** The phone's password change first-pass -> second-pass (the raw answer). */
  const changePassword = (headers: Record<string, string>) =>
    edit(headers, { login: "sable", password: "second-pass", current_password: "first-pass" });

  it("a guest setting a first login needs no current password", async () => {
    const g = await newGuest(t.app);
    const r = await edit(g.auth, { login: "firstlight", password: "dawn-light-1" });
    expect(r.statusCode).toBe(200);
    expect(typeof r.json().data.jwtToken).toBe("string");
  });

  it("changing login or password of an account that has one needs the current password", async () => {
    const p = await playerWithTwoSessions();
    const without = await edit(p.phone, { login: "sable", password: "stolen-pass" });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.message).toMatch(/current password/);
    const wrong = await edit(p.phone, {
      login: "thief",
      password: "stolen-pass",
      current_password: "guess-1234",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("forbidden");
    // Nothing changed: the old password still signs in, the sessions live.
    expect((await login({ login: "sable", password: "first-pass" })).statusCode).toBe(200);
    expect((await login({ login: "thief", password: "stolen-pass" })).statusCode).toBe(401);
    expect((await details(p.laptop)).statusCode).toBe(200);
  });

  it("a password change ends every other session; the changing one goes on with its new token", async () => {
    const p = await playerWithTwoSessions();
    const r = await changePassword(p.phone);
    expect(r.statusCode).toBe(200);
    const fresh = bearer(r.json().data.jwtToken);
    expect((await details(p.laptop)).statusCode).toBe(401);
    expect((await details(p.phone)).statusCode).toBe(401);
    const mine = await details(fresh);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.id).toBe(p.id);
    expect((await login({ login: "sable", password: "first-pass" })).statusCode).toBe(401);
    expect((await login({ login: "sable", password: "second-pass" })).statusCode).toBe(200);
  });

  it("calls arriving together share session reads: each answers as its own player, the ended ones 401", async () => {
    const guests = await Promise.all(Array.from({ length: 12 }, () => newGuest(t.app)));
    const p = await playerWithTwoSessions();
    const r = await changePassword(p.phone);
    expect(r.statusCode).toBe(200);
    // Many calls at once (auth/session-reads.ts joins them): the ended
    // sessions among them are refused, the others each see their own player.
    const answers = await Promise.all([
      ...guests.map((g) => details(g.auth)),
      details(p.laptop),
      details(p.phone),
      ...guests.map((g) => details(g.auth)),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes).toEqual([...guests.map(() => 200), 401, 401, ...guests.map(() => 200)]);
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.id);
    expect(ids).toEqual([...guests, ...guests].map((g) => g.user.id));
  });

  it("two concurrent changes with the right current password: one wins, the other is a clean 409", async () => {
    const p = await playerWithTwoSessions();
    const [a, b] = await Promise.all([
      edit(p.phone, { login: "sable", password: "phone-pass", current_password: "first-pass" }),
      edit(p.laptop, { login: "sable", password: "laptop-pass", current_password: "first-pass" }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? "phone-pass" : "laptop-pass";
    expect((await login({ login: "sable", password: winner })).statusCode).toBe(200);
  });

  it("the token of a deleted user gets 401 on every route that needs one, never a 500", async () => {
    const g = await newGuest(t.app);
    await t.db.kysely.deleteFrom("users").where("id", "=", g.user.id).execute();
    const routes: [string, string, Record<string, unknown>?][] = [
      ["GET", "/api/player-details"],
      ["GET", "/api/cards"],
      ["GET", "/api/boxes"],
      ["PUT", "/api/player/edit", { login: "ghost", password: "ghost-pass" }],
      ["PUT", "/api/player/tutorial", { step: "intro", isActive: false }],
      ["POST", "/api/player/events", { event: { name: "map_open" } }],
      ["POST", "/api/editor/set-active", { deck_number: 2 }],
      ["POST", "/api/editor/complete", { deck_number: 2 }],
      ["POST", "/api/boxes/open", { id: 4, request_id: "ghost-1" }],
      ["POST", "/api/boxes/season-pass"],
      ["GET", "/api/local/payment/boxes"],
      ["POST", "/api/local/payment/create", { id: 1 }],
      ["GET", "/api/arena/champions"],
      ["GET", "/api/arena/season"],
    ];
    for (const [method, url, payload] of routes) {
      const r = await t.app.inject({
        method: method as "GET",
        url,
        headers: g.auth,
        ...(payload ? { payload } : {}),
      });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
      expect(r.json().error.code).toBe("unauthorized");
    }
  });

  it("a session ended in the database by someone else (the admin CLI, an operator's SQL) ends here too", async () => {
    const g = await newGuest(t.app);
    const ok = async () => (await details(g.auth)).statusCode === 200;
    if (dialect === "postgres") {
      // Wait until this process serves the check from its cache (the notices are heard),
      // so what follows proves that the database's notice, not a read, ends the session.
      const hits = async () =>
        (await sessionCacheCalls.get()).values.find((v) => v.labels.result === "hit")?.value ?? 0;
      const deadline = Date.now() + 10_000;
      for (;;) {
        const before = await hits();
        expect(await ok()).toBe(true);
        if ((await hits()) > before) break;
        if (Date.now() > deadline) throw new Error("the session cache never served a call");
        await new Promise((r) => setTimeout(r, 20));
      }
    } else {
      expect(await ok()).toBe(true);
    }
    // Not through this app: its own forget() plays no part.
    await t.db.kysely
      .updateTable("users")
      .set({ session_version: sql<number>`session_version + 1` })
      .where("id", "=", g.user.id)
      .execute();
    const deadline = Date.now() + 5_000;
    while (await ok()) {
      if (Date.now() > deadline) throw new Error("the ended session still signs in after 5 s");
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await details(g.auth)).statusCode).toBe(401);
  });

  it("a token signed with the right secret but without exp, or with sub '8.0' or '0x8', is refused", async () => {
    const g = await newGuest(t.app);
    const key = new TextEncoder().encode(TOKEN_SECRET);
    const now = Math.floor(t.clock.now / 1000);
    const make = (sub: string, exp: boolean) => {
      let jwt = new SignJWT({ sv: 0 }).setProtectedHeader({ alg: "HS256" }).setSubject(sub);
      jwt = jwt.setIssuedAt(now);
      if (exp) jwt = jwt.setExpirationTime(now + 3600);
      return jwt.sign(key);
    };
    // Control: the same recipe with a plain id and exp works, so each refusal is about one thing.
    expect((await details(bearer(await make(String(g.user.id), true)))).statusCode).toBe(200);
    expect((await details(bearer(await make(String(g.user.id), false)))).statusCode).toBe(401);
    for (const sub of [`${g.user.id}.0`, `0x${g.user.id.toString(16)}`, ` ${g.user.id}`]) {
      expect((await details(bearer(await make(sub, true)))).statusCode, sub).toBe(401);
    }
  });

  it("the realtime channel refuses the token of an ended session", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const p = await playerWithTwoSessions();
    await edit(p.phone, {
      login: "sable",
      password: "second-pass",
      current_password: "first-pass",
    });
    const token = (p.laptop.authorization ?? "").replace("Bearer ", "");
    const ws = new WebSocket(`ws://127.0.0.1:${port}/wss`);
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.on("open", () => resolve());
      ws.on("error", reject);
    });
    ws.send(
      JSON.stringify({
        action: "register",
        version: "1.21-p",
        clear_state: true,
        data: { user_id: p.id, token },
      }),
    );
    expect(await closed).toBe(PVP.closeUnauthorized);
  });

  describe("an ended session's open socket", () => {
    const tokenOf = (h: { authorization: string }) => h.authorization.replace("Bearer ", "");
    const operator = (path: string, userId: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/operator/${path}`,
        headers: bearer(OPERATOR),
        payload: { user_id: userId, reason: "stolen phone" },
      });
    it("closes with 4410 within a second of a password change elsewhere; the changing session's stays", async () => {
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const p = await playerWithTwoSessions();
      const laptop = await ChannelClient.open(base, { id: p.id, token: tokenOf(p.laptop) });
      await laptop.waitType("registered");
      const r = await edit(p.phone, {
        login: "sable",
        password: "second-pass",
        current_password: "first-pass",
      });
      expect(r.statusCode).toBe(200);
      const since = Date.now();
      const closed = await laptop.closedAfter(since);
      // Signed out, within a second.
      expect([closed.code, closed.ms < 1000]).toEqual([PVP.closeSignedOut, true]);

      // The phone changes the password again with its socket open: that socket is
      // spared (its page goes on with the new token), so only the phone's own new
      // socket replaces it (4409), never a sign-out.
      const fresh = r.json().data.jwtToken as string;
      const phone = await ChannelClient.open(base, { id: p.id, token: fresh });
      await phone.waitType("registered");
      const again = await edit(bearer(fresh), {
        login: "sable",
        password: "third-pass",
        current_password: "second-pass",
      });
      expect(again.statusCode).toBe(200);
      const next = await ChannelClient.open(base, { id: p.id, token: again.json().data.jwtToken });
      await next.waitType("registered");
      expect((await phone.closed).code).toBe(PVP.closeReplaced);
      next.kill();
    });

    it("closes with 4410 when an operator ends the sessions or suspends the player", async () => {
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const p = await playerWithTwoSessions();
      const first = await ChannelClient.open(base, { id: p.id, token: tokenOf(p.laptop) });
      await first.waitType("registered");
      expect((await operator("end-sessions", p.id)).statusCode).toBe(200);
      let since = Date.now();
      let closed = await first.closedAfter(since);
      // Signed out, within a second.
      expect([closed.code, closed.ms < 1000]).toEqual([PVP.closeSignedOut, true]);

      const token = (await login({ login: "sable", password: "first-pass" })).json().data.jwtToken;
      const second = await ChannelClient.open(base, { id: p.id, token });
      await second.waitType("registered");
      expect((await operator("suspend", p.id)).statusCode).toBe(200);
      since = Date.now();
      closed = await second.closedAfter(since);
      // Signed out, within a second.
      expect([closed.code, closed.ms < 1000]).toEqual([PVP.closeSignedOut, true]);
    });

    it("a socket opened with a token that ends before its register cannot register", async () => {
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const p = await playerWithTwoSessions();
      // Open with the token on the URL (checked then), register only after the end.
      const c = await ChannelClient.open(
        base,
        { id: p.id, token: tokenOf(p.laptop) },
        { register: false },
      );
      expect((await operator("end-sessions", p.id)).statusCode).toBe(200);
      c.send({ action: "register", version: "1.21-p", clear_state: true, data: { user_id: p.id } });
      // 4401 when the check at the socket's opening already saw the end, else 4410 at the register.
      expect([PVP.closeUnauthorized, PVP.closeSignedOut]).toContain((await c.closed).code);
      expect(c.types()).not.toContain("registered");
    });
  });
});
