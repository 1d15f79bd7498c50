import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import {
  announceDialects,
  DIALECTS,
  newGuest,
  signedLaunch,
  type TestApp,
  testApp,
} from "./harness.ts";

announceDialects();

describe.each(DIALECTS)("sign-in and player calls on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(dialect);
  });
  afterEach(async () => {
    await t.app.close();
  });

  it("a new guest starts with 1000 gems, level 1, a starter library and a full active deck", async () => {
    const { user } = await newGuest(t.app);
    const u = user as unknown as {
      silver: number;
      level: number;
      guest: boolean;
      library: { total_amount: number };
      deck: {
        total_amount: number;
        sequence_number: number;
        cards: Record<string, { amount: number }>;
      };
      tutorial: { isActive: boolean; step: string };
      maps: number[];
      rank: { rank: string };
    };
    expect(u.silver).toBe(1000);
    expect(u.level).toBe(1);
    expect(u.guest).toBe(true);
    expect(u.library.total_amount).toBeGreaterThanOrEqual(50);
    expect(u.deck.total_amount).toBe(40);
    expect(u.deck.sequence_number).toBe(1);
    expect(u.tutorial).toEqual({ isActive: true, step: "intro" });
    expect(u.maps).toEqual([]);
    expect(u.rank.rank).toBe("bronze");
    const ledger = await ledgerFor(t.db.kysely, user.id);
    expect(ledger.map((l) => [l.delta, l.reason, l.balance_after])).toEqual([
      [1000, "new_player", 1000],
    ]);
  });

  it("a guest's token opens player-details; a reload with it returns the same player", async () => {
    const { user, auth } = await newGuest(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(user.id);
    expect(res.json().data.jwtToken).toBeUndefined();
  });

  it("missing, malformed, forged and expired tokens all answer 401 with a message", async () => {
    const { auth } = await newGuest(t.app);
    const forged = `${auth.authorization.slice(0, -4)}AAAA`;
    for (const headers of [
      {},
      { authorization: "Token abc" },
      { authorization: "Bearer not.a.jwt" },
      { authorization: forged },
    ]) {
      const res = await t.app.inject({ method: "GET", url: "/api/player-details", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
      expect(res.json().error.message.length).toBeGreaterThan(5);
    }
    t.clock.now += 31 * 24 * 3600 * 1000; // past the 30-day lifetime
    const expired = await t.app.inject({
      method: "GET",
      url: "/api/player-details",
      headers: auth,
    });
    expect(expired.statusCode).toBe(401);
  });

  it("partner sign-in finds or creates the same player and follows nickname changes", async () => {
    const a = await t.app.inject({
      method: "POST",
      url: "/api/auth",
      payload: signedLaunch("777", "Morgana", t.clock.now),
    });
    expect(a.statusCode).toBe(200);
    t.clock.now += 1000;
    const b = await t.app.inject({
      method: "POST",
      url: "/api/auth",
      payload: signedLaunch(777, "Morgana II", t.clock.now),
    });
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(b.json().data.nickname).toBe("Morgana II");
    expect(b.json().data.silver).toBe(1000);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth",
      payload: signedLaunch("778", "Morgana", t.clock.now),
    });
    expect(other.json().data.id).not.toBe(a.json().data.id);
  });

  it("concurrent first partner sign-ins create one player", async () => {
    const results = await Promise.all(
      // Eight launches of one player (each signed a second apart: a launch signs in once).
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth",
          payload: signedLaunch("race-1", "Racer", t.clock.now - i * 1000),
        }),
      ),
    );
    // On failure, show what each answered.
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
  });

  it("a guest sets a login and password and logs in with them; a wrong password is refused", async () => {
    const { user, auth } = await newGuest(t.app);
    const edit = await t.app.inject({
      method: "PUT",
      url: "/api/player/edit",
      headers: auth,
      payload: { login: "Vesper", password: "moonlight-42" },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.login).toBe("vesper");
    expect(edit.json().data.guest).toBe(false);

    const ok = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { login: "VESPER", password: "moonlight-42" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.id).toBe(user.id);
    expect(typeof ok.json().data.jwtToken).toBe("string");

    const bad = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { login: "vesper", password: "wrong-password" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe("Incorrect email or password");
    const nobody = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { login: "nobody", password: "whatever1" },
    });
    expect(nobody.json().error.message).toBe("Incorrect email or password");
  });

  it("a login another player holds is refused with an error text and changes nothing", async () => {
    const first = await newGuest(t.app);
    await t.app.inject({
      method: "PUT",
      url: "/api/player/edit",
      headers: first.auth,
      payload: { login: "taken", password: "secret-one" },
    });
    const second = await newGuest(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/player/edit",
      headers: second.auth,
      payload: { login: "Taken", password: "secret-two" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("This login is already taken");
    const details = await t.app.inject({
      method: "GET",
      url: "/api/player-details",
      headers: second.auth,
    });
    expect(details.json().data.login).toBeNull();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { login: "taken", password: "secret-two" },
    });
    expect(login.statusCode).toBe(401);
  });

  it("analytics events are stored and rate-limited per address", async () => {
    const limited = await testApp(dialect, { EVENTS_PER_MINUTE: "3" });
    try {
      const { auth } = await newGuest(limited.app);
      const send = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/player/events",
          headers: auth,
          payload: { event: { name: "map_open", data: { x: 1 } } },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const fourth = await send();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe("rate_limited");
      const wait = Number(fourth.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      // Another player from the same address shares the address's count.
      const other = await newGuest(limited.app);
      const theirs = await limited.app.inject({
        method: "POST",
        url: "/api/player/events",
        headers: other.auth,
        payload: { event: { name: "map_open" } },
      });
      expect(theirs.statusCode).toBe(429);
      const rows = await limited.db.kysely.selectFrom("analytics_events").selectAll().execute();
      expect(rows).toHaveLength(3);
      expect(JSON.parse(rows[0]?.data ?? "null")).toEqual({ x: 1 });
    } finally {
      await limited.app.close();
    }
  });

  it("cards, boxes, files, settings and healthz answer the data the client loads", async () => {
    const { auth } = await newGuest(t.app);
    const cards = await t.app.inject({ method: "GET", url: "/api/cards", headers: auth });
    expect(cards.statusCode).toBe(200);
    const list = cards.json().data as {
      id: number;
      type_card: string;
      ability: { full_text: string };
    }[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.find((c) => c.id === 1042)?.type_card).toBe("spell");
    const boxes = await t.app.inject({ method: "GET", url: "/api/boxes", headers: auth });
    expect(boxes.json().data.map((b: { id: number; price: number }) => [b.id, b.price])).toEqual([
      [4, 500],
      [5, 850],
    ]);
    expect((await t.app.inject({ method: "GET", url: "/api/cards" })).statusCode).toBe(401);
    const files = await t.app.inject({ method: "GET", url: "/api/files" });
    expect(files.statusCode).toBe(200);
    expect(files.json().data).toHaveLength(2);
    const settings = await t.app.inject({ method: "GET", url: "/api/settings" });
    expect(settings.json().data.supporterUrl).toMatch(/^https:\/\//);
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.json().data).toMatchObject({ status: "ok", database: dialect });
  });
});
