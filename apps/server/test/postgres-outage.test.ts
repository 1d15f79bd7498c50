/**
 * PostgreSQL going away during play (a restart, a failover, an operator's
 * pg_terminate_backend): the requests in flight get a clean 503 in the usual
 * error shape, the process survives its idle connections dying, and the next
 * requests succeed on fresh connections, without a restart. Also the
 * statement timeout: a request stuck behind a lock gives up with a 503
 * instead of hanging. PostgreSQL only (skipped without DATABASE_URL).
 */
import { COLLECTIBLE_CARDS, copyCap } from "@cardrealm/content";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { type Db, openPostgres } from "../src/db/database.ts";
import { createProgression } from "../src/progression/progression.ts";
import { createSeasonEnd } from "../src/progression/season-end.ts";
import { dropSchema, migrateUnderSchemaLock, newGuest, type TestApp, testApp } from "./harness.ts";

const url = process.env.DATABASE_URL;
const CARD = COLLECTIBLE_CARDS.find((c) => c.set === "base" && copyCap(c.id) === 5);
if (!CARD) throw new Error("no base card with a copy cap of 5");

describe("PostgreSQL settings", () => {
  it("have defaults and refuse a bad value at start, naming it", () => {
    const c = loadConfig({ TOKEN_SECRET: "x".repeat(32), DATA_DIR: "/tmp/cardrealm-settings" });
    expect(c.databasePoolSize).toBe(10);
    expect(c.statementTimeoutMs).toBe(15_000);
    expect(c.idleInTransactionTimeoutMs).toBe(10_000);
    expect(() =>
      loadConfig({ TOKEN_SECRET: "x".repeat(32), DATABASE_POOL_SIZE: "0", DATA_DIR: "/tmp/x" }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        TOKEN_SECRET: "x".repeat(32),
        DATABASE_STATEMENT_TIMEOUT_MS: "soon",
        DATA_DIR: "/tmp/x",
      }),
    ).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be a number/);
  });
});

describe.skipIf(!url)("PostgreSQL outage during play", () => {
  let admin: pg.Client;
  let schema: string;
  let appName: string;
  let lost: Error[];
  let t: TestApp;

  async function open(opts: { statementTimeoutMs?: number } = {}): Promise<void> {
    const db: Db = openPostgres(url ?? "", {
      schema,
      max: 10,
      applicationName: appName,
      onConnectionError: (err) => lost.push(err),
      ...opts,
    });
    await migrateUnderSchemaLock(db, url ?? "");
    t = await testApp("postgres", {}, { db });
  }

  /** This app's backends as PostgreSQL sees them. */
  async function backends(where = "true"): Promise<number> {
    const r = await admin.query(
      `select count(*)::int as n from pg_stat_activity where application_name = $1 and ${where}`,
      [appName],
    );
    return (r.rows[0] as { n: number }).n;
  }

  async function until(what: () => Promise<boolean>, ms = 5000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error("timed out waiting");
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  beforeEach(async () => {
    schema = `outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    appName = `cardrealm-test-${schema}`;
    lost = [];
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  });
  afterEach(async () => {
    await admin.query("rollback").catch(() => undefined);
    await t.app.close();
    await dropSchema(url ?? "", schema);
    await admin.end();
  });

  it("terminated backends cost the requests in flight a 503; the next requests succeed", async () => {
    await open();
    const { user, auth } = await newGuest(t.app);
    await t.db.kysely
      .insertInto("library_cards")
      .values({ user_id: user.id, card_id: CARD.id, amount: 5 })
      .onConflict((oc) => oc.columns(["user_id", "card_id"]).doUpdateSet({ amount: 5 }))
      .execute();
    // Warm the pool so some connections sit idle when the backends die.
    await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: "GET", url: "/api/player-details", headers: auth }),
      ),
    );
    const add = () =>
      t.app.inject({
        method: "POST",
        url: "/api/editor/add-card",
        headers: auth,
        payload: { card_id: CARD.id, deck_number: 2 },
      });

    // Hold the player's row so three adds are provably in flight, waiting on it.
    await admin.query(`set search_path = ${schema}`);
    await admin.query("begin");
    await admin.query("update users set updated_at = updated_at where id = $1", [user.id]);
    const inFlight = Promise.all([add(), add(), add()]);
    await until(async () => (await backends("wait_event_type = 'Lock'")) === 3);
    const idleBefore = await backends("state = 'idle'");
    expect(idleBefore).toBeGreaterThan(0);

    const terminated = (
      await admin.query(
        "select pid, pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [appName],
      )
    ).rows.map((r: { pid: number }) => r.pid);
    for (const r of await inFlight) {
      expect(r.statusCode, r.body).toBe(503);
      expect(r.json().error.code).toBe("unavailable");
      expect(r.json().error.message).toMatch(/try again/);
    }
    await admin.query("rollback");
    // Every connection's loss was heard (idle and busy alike), none crashed the
    // process, and the pool let go of every dead connection: under load more
    // connections may have gone idle after idleBefore was read, and one still
    // in the pool would answer the next request 503
    await until(async () => lost.length >= idleBefore + 3);
    // (the terminated backends are gone, and every connection the pool holds
    // has a live backend)
    await until(async () => (await backends(`pid in (${terminated.join(",") || "0"})`)) === 0);
    await until(async () => (t.db.poolStats?.().total ?? 0) <= (await backends()));

    // Recovered without a restart: fresh connections, the same process.
    const again = await add();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.decks[1].cards[String(CARD.id)].amount).toBe(1);
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("a statement stuck past the statement timeout answers 503 and changes nothing", async () => {
    await open({ statementTimeoutMs: 1000 });
    const { user, auth } = await newGuest(t.app);
    await admin.query(`set search_path = ${schema}`);
    await admin.query("begin");
    await admin.query("update users set updated_at = updated_at where id = $1", [user.id]);
    const started = Date.now();
    const r = await t.app.inject({
      method: "POST",
      url: "/api/editor/set-active",
      headers: auth,
      payload: { deck_number: 3 },
    });
    expect(r.statusCode, r.body).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    await admin.query("rollback");
    const me = await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth });
    expect(me.json().data.deck.sequence_number).toBe(1);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/editor/set-active",
      headers: auth,
      payload: { deck_number: 3 },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("the season-end job waits out a lock longer than the statement timeout instead of failing", async () => {
    await open({ statementTimeoutMs: 1000 });
    const { user } = await newGuest(t.app);
    await t.db.kysely
      .updateTable("users")
      .set({ rank_score: 700, season_xp: 100 })
      .where("id", "=", user.id)
      .execute();
    const clock = () => Date.UTC(2026, 11, 1, 0, 0, 1); // past the November season's end
    const progression = createProgression({ db: t.db, clock });
    const job = createSeasonEnd({ db: t.db, clock, progression });
    // A battle settling this player holds the row for three seconds.
    await admin.query(`set search_path = ${schema}`);
    await admin.query("begin");
    await admin.query("update users set updated_at = updated_at where id = $1", [user.id]);
    const release = setTimeout(() => void admin.query("commit"), 3000);
    try {
      const r = await job.run();
      expect(r.closed).toBe("2026-11");
      expect(r.paid).toBe(1);
    } finally {
      clearTimeout(release);
    }
    const after = await t.db.kysely
      .selectFrom("users")
      .select(["rank_score", "silver"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(after.rank_score).toBe(0);
  });
});
