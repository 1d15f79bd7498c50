import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

/**
 * Found by every-route-property.test.ts: a well-signed token of a player whose
 * rows were deleted made two routes answer 500 (the event's foreign key; the
 * edit's "user vanished"). The auth guard now refuses the token itself
 * (auth/sessions.ts): 401 before the route runs.
 */
describe.each(DIALECTS)("a deleted player's token on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await testApp(dialect);
    const guest = await newGuest(t.app);
    auth = guest.auth;
    const tables = await t.db.kysely.introspection.getTables();
    for (const table of tables) {
      if (table.name !== "users" && table.columns.some((c) => c.name === "user_id"))
        await sql`delete from ${sql.table(table.name)} where user_id = ${guest.user.id}`.execute(
          t.db.kysely,
        );
    }
    await t.db.kysely.deleteFrom("users").where("id", "=", guest.user.id).execute();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it.each([
    {
      method: "POST" as const,
      url: "/api/player/events",
      body: { event: { name: "opened_shop" } },
    },
    {
      method: "PUT" as const,
      url: "/api/player/edit",
      body: { login: "ghost1", password: "secret-pass" },
    },
  ])("$method $url answers 401 in the error shape and writes nothing", async (c) => {
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      headers: auth,
      payload: c.body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: "unauthorized", message: expect.stringMatching(/sign in again/) },
    });
    expect(await t.db.kysely.selectFrom("analytics_events").selectAll().execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom("users").select("login").execute()).toEqual([]);
  });
});
