import Fastify from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { pendingMigrations } from "../src/db/migrate.ts";
import { healthRoutes, type ReadinessChecks } from "../src/http/routes/health-routes.ts";
import { DIALECTS, type TestApp, testApp } from "./harness.ts";

describe.each(DIALECTS)("readiness on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    t = undefined;
  });

  it("/livez answers; /readyz reports the database, Redis and the migrations", async () => {
    const redis = process.env.REDIS_URL;
    t = await testApp(dialect, redis ? { REDIS_URL: redis } : {});
    expect((await t.app.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().data).toEqual({
      status: "ok",
      database: dialect,
      redis: redis ? "ok" : "not configured",
      migrations: "applied",
    });
    // The older name still answers the same.
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual(ready.json());
  });

  it("a migration missing from the database's own bookkeeping is reported pending, by name", async () => {
    t = await testApp(dialect);
    expect(await pendingMigrations(t.db)).toEqual([]);
    const table = t.db.schema ? `${t.db.schema}.kysely_migration` : "kysely_migration";
    const last = await sql<{
      name: string;
    }>`select max(name) as name from ${sql.table(table)}`.execute(t.db.kysely);
    const name = last.rows[0]?.name ?? "";
    expect(name).toMatch(/^\d{4}-/);
    await sql`delete from ${sql.table(table)} where name = ${name}`.execute(t.db.kysely);
    expect(await pendingMigrations(t.db)).toEqual([name]);
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toContain(name);
  });
});

/** The route's decisions, over checks a test can break one at a time. */
describe("/readyz refuses while a part is not ready", () => {
  const ok: ReadinessChecks = {
    dialect: "sqlite",
    database: async () => {},
    pendingMigrations: async () => [],
    redis: async () => {},
    draining: () => false,
  };
  async function readyz(checks: ReadinessChecks) {
    const app = Fastify();
    healthRoutes(app, checks);
    const res = await app.inject({ method: "GET", url: "/readyz" });
    await app.close();
    return { status: res.statusCode, body: res.json() as { error?: { message: string } } };
  }

  it("answers 200 when every part is ready", async () => {
    expect((await readyz(ok)).status).toBe(200);
  });

  it.each([
    ["draining", { draining: () => true }, "shutting down"],
    [
      "database down",
      {
        database: async () => {
          throw new Error("ECONNREFUSED");
        },
      },
      "database unreachable",
    ],
    ["migrations pending", { pendingMigrations: async () => ["0010-next"] }, "0010-next"],
    [
      "Redis down",
      {
        redis: async () => {
          throw new Error("Connection is closed");
        },
      },
      "Redis unreachable",
    ],
    ["Redis hung", { redis: () => new Promise<void>(() => {}) }, "Redis unreachable"],
  ] as const)("%s: 503 naming the part", async (_name, broken, says) => {
    const res = await readyz({ ...ok, ...broken });
    expect(res.status).toBe(503);
    expect(res.body.error?.message).toContain(says);
  });

  it("/livez answers even while not ready: the process itself is fine", async () => {
    const app = Fastify();
    healthRoutes(app, { ...ok, draining: () => true });
    expect((await app.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
    await app.close();
  });
});
