import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countUsers } from "../src/db/repositories/users-repo.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Case = {
  name: string;
  method: "POST" | "PUT";
  url: string;
  body: string | undefined;
  auth?: boolean;
};

const long = "x".repeat(5000);
const cases: Case[] = [
  // POST /api/auth
  { name: "auth: garbage JSON", method: "POST", url: "/api/auth", body: "{partner_id: 1" },
  {
    name: "auth: missing nickname",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ partner_id: "1" }),
  },
  {
    name: "auth: missing partner id",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ nickname: "a" }),
  },
  {
    name: "auth: empty nickname",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ partner_id: "1", nickname: "  " }),
  },
  {
    name: "auth: wrong type",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ partner_id: { a: 1 }, nickname: "a" }),
  },
  {
    name: "auth: negative id",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ partner_id: -5, nickname: "a" }),
  },
  {
    name: "auth: huge id",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ partner_id: 1e300, nickname: "a" }),
  },
  {
    name: "auth: oversize nickname",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ partner_id: "1", nickname: long }),
  },
  {
    name: "auth: extra field",
    method: "POST",
    url: "/api/auth",
    body: JSON.stringify({ partner_id: "1", nickname: "a", admin: true }),
  },
  { name: "auth: array body", method: "POST", url: "/api/auth", body: "[]" },
  { name: "auth: no body", method: "POST", url: "/api/auth", body: undefined },
  // POST /api/login
  { name: "login: garbage JSON", method: "POST", url: "/api/login", body: "nope" },
  {
    name: "login: missing password",
    method: "POST",
    url: "/api/login",
    body: JSON.stringify({ login: "abc" }),
  },
  {
    name: "login: number login",
    method: "POST",
    url: "/api/login",
    body: JSON.stringify({ login: 5, password: "abcdef" }),
  },
  {
    name: "login: oversize password",
    method: "POST",
    url: "/api/login",
    body: JSON.stringify({ login: "abc", password: long }),
  },
  // POST /api/play-new-player
  {
    name: "play-new-player: unexpected fields",
    method: "POST",
    url: "/api/play-new-player",
    body: JSON.stringify({ silver: 99999 }),
  },
  {
    name: "play-new-player: garbage JSON",
    method: "POST",
    url: "/api/play-new-player",
    body: "{{",
  },
  // PUT /api/player/edit
  {
    name: "edit: short password",
    method: "PUT",
    url: "/api/player/edit",
    body: JSON.stringify({ login: "abcd", password: "1" }),
    auth: true,
  },
  {
    name: "edit: bad login chars",
    method: "PUT",
    url: "/api/player/edit",
    body: JSON.stringify({ login: "a b<script>", password: "abcdefg" }),
    auth: true,
  },
  {
    name: "edit: oversize login",
    method: "PUT",
    url: "/api/player/edit",
    body: JSON.stringify({ login: long, password: "abcdefg" }),
    auth: true,
  },
  { name: "edit: missing fields", method: "PUT", url: "/api/player/edit", body: "{}", auth: true },
  { name: "edit: garbage JSON", method: "PUT", url: "/api/player/edit", body: "]", auth: true },
  // POST /api/player/events
  { name: "events: no event", method: "POST", url: "/api/player/events", body: "{}", auth: true },
  {
    name: "events: bad name",
    method: "POST",
    url: "/api/player/events",
    body: JSON.stringify({ event: { name: "drop table;" } }),
    auth: true,
  },
  {
    name: "events: oversize data",
    method: "POST",
    url: "/api/player/events",
    body: JSON.stringify({ event: { name: "x", data: { a: long } } }),
    auth: true,
  },
  {
    name: "events: data not an object",
    method: "POST",
    url: "/api/player/events",
    body: JSON.stringify({ event: { name: "x", data: 5 } }),
    auth: true,
  },
  {
    name: "events: body over the limit",
    method: "POST",
    url: "/api/player/events",
    body: JSON.stringify({ event: { name: "x", data: { a: "y".repeat(40_000) } } }),
    auth: true,
  },
];

describe.each(DIALECTS)("bad input on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await testApp(dialect);
    auth = (await newGuest(t.app)).auth;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it.each(cases)("$name answers 4xx with a message and changes nothing", async (c) => {
    const before = await countUsers(t.db.kysely);
    const eventsBefore = await t.db.kysely.selectFrom("analytics_events").selectAll().execute();
    const detailsBefore = (
      await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth })
    ).json();
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      headers: { "content-type": "application/json", ...(c.auth ? auth : {}) },
      ...(c.body === undefined ? {} : { payload: c.body }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(typeof body.error.message).toBe("string");
    expect(body.error.message.length).toBeGreaterThan(3);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/); // no stack
    expect(await countUsers(t.db.kysely)).toBe(before);
    expect(await t.db.kysely.selectFrom("analytics_events").selectAll().execute()).toEqual(
      eventsBefore,
    );
    const detailsAfter = (
      await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth })
    ).json();
    expect(detailsAfter).toEqual(detailsBefore);
  });

  it("unknown calls answer 404 in the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});
