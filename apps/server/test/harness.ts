import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BattleState } from "@cardrealm/engine";
import type { User } from "@cardrealm/protocol";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import type { TurnPlanner } from "../src/battles/computer-player.ts";
import type { FaultHook } from "../src/battles/fault-points.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import { type Db, openPostgres, openSqlite } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { applyGemChange } from "../src/db/repositories/ledger-repo.ts";
import { signFields } from "../src/partners/partner-signature.ts";
import { createPlayer } from "../src/services/new-player.ts";

export type DialectUnderTest = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const DIALECTS: DialectUnderTest[] = process.env.DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

let announced = false;
export function announceDialects(): void {
  if (announced || process.env.DATABASE_URL) return;
  announced = true;
  console.warn(
    "PostgreSQL not configured (DATABASE_URL unset): repository tests run on SQLite only.",
  );
}

/** A fresh, migrated database: a temp SQLite file or a new PostgreSQL schema. */
export async function freshDb(dialect: DialectUnderTest): Promise<Db> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "cardrealm-test-"));
    const db = openSqlite(join(dir, "test.sqlite"));
    await migrateToLatest(db);
    return db;
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL unset");
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = openPostgres(url, { schema, max: 20 });
  await migrateUnderSchemaLock(db, url);
  const close = db.close;
  return {
    ...db,
    async close() {
      await close();
      await dropSchema(url, schema);
    },
  };
}

/**
 * Trap: Kysely's migrator lists the tables of every schema in the database
 * (pg_catalog); a schema that another test worker drops during that listing
 * fails it with "schema t_... does not exist" (seen with four Vitest workers).
 * Migrations of test schemas hold this advisory lock shared, drops hold it
 * alone, so a listing never meets a schema half dropped.
 */
const SCHEMA_DROP_LOCK = 17_000_017;

/** migrateToLatest, with the schema-drop lock held shared meanwhile (see SCHEMA_DROP_LOCK). */
/** A guest written straight into `db` with two copies of one card as library and deck. */
export function seedGuest(db: Db, nickname: string, now: string): Promise<number> {
  return db.kysely
    .transaction()
    .execute((trx) =>
      createPlayer(
        trx,
        { login: null, passwordHash: null, partnerId: null, nickname, guest: true, now },
        { library: [{ cardId: 1042, amount: 2 }], deck: [{ cardId: 1042, amount: 2 }] },
      ),
    );
}

export async function migrateUnderSchemaLock(db: Db, url: string): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock_shared($1)", [SCHEMA_DROP_LOCK]);
    // Another suite on the same database (a second checkout's tests) drops
    // its schemas without this lock: its drop can still meet the listing, so
    // a listing that failed on another schema is run again.
    for (let attempt = 1; ; attempt++) {
      try {
        await migrateToLatest(db);
        return;
      } catch (err) {
        const otherSchemaGone =
          err instanceof Error &&
          (err as { code?: string }).code === "3F000" &&
          !err.message.includes(`"${db.schema}"`);
        if (!otherSchemaGone || attempt >= 5) throw err;
      }
    }
  } finally {
    await lock.end();
  }
}

/** Drops a test schema with the schema-drop lock held alone (see SCHEMA_DROP_LOCK). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("begin");
    await c.query("select pg_advisory_xact_lock($1)", [SCHEMA_DROP_LOCK]);
    await c.query(`drop schema ${schema} cascade`);
    await c.query("commit");
  } finally {
    await c.end();
  }
}

export const TEST_PARTNER_SECRET = "test-partner-secret-test-partner-secret-42";

/** Launch parameters signed as the partner platform would (docs/protocol.md). */
export function signedLaunch(
  partnerId: string | number,
  nickname: string,
  nowMs: number,
  secret = TEST_PARTNER_SECRET,
) {
  const fields = { partner_id: String(partnerId), nickname, ts: Math.floor(nowMs / 1000) };
  return { ...fields, partner_id: partnerId, sign: signFields(secret, fields) };
}

/**
 * The paid-battle rule (rules.md 4) off: tests settle battles in a few moves
 * on a clock that stands still. paid-battles.test.ts (and the arena's paid
 * tests) put back the production values, PAID_BATTLES_AT_DEFAULTS.
 */
export const RULE_OF_PAID_BATTLES_OFF = {
  PAID_BATTLE_MIN_SECONDS: "0",
  PAID_BATTLE_MIN_CARDS: "0",
  PAID_BATTLES_PER_DAY: "100000",
} as const;

/** The paid-battle settings at their defaults (60 s, 3 cards, 30 a day). */
export const PAID_BATTLES_AT_DEFAULTS = {
  PAID_BATTLE_MIN_SECONDS: "60",
  PAID_BATTLE_MIN_CARDS: "3",
  PAID_BATTLES_PER_DAY: "30",
} as const;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    TOKEN_SECRET: "test-secret-test-secret-test-secret-0123",
    DATA_DIR: mkdtempSync(join(tmpdir(), "cardrealm-data-")),
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    CLIENT_DIST: "/nonexistent-client-dist",
    PARTNER_SECRET: TEST_PARTNER_SECRET,
    // Tests sign many players up from one address; throttle tests set their own limits.
    SIGNUPS_PER_HOUR: "1000000",
    LOGINS_PER_MINUTE: "1000000",
    EVENTS_PER_MINUTE: "10000",
    REPLAY_SHARE_MISSES_PER_HOUR: "1000000",
    // Production refuses the rule off (config.ts): an app built as production keeps the defaults.
    ...(overrides.NODE_ENV === "production" ? {} : RULE_OF_PAID_BATTLES_OFF),
    FRIEND_REQUESTS_PER_HOUR: "1000000",
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: { now: number };
}

export async function testApp(
  dialect: DialectUnderTest,
  env: Record<string, string> = {},
  opts: {
    planTurn?: TurnPlanner;
    db?: Db;
    keepDbOpen?: boolean;
    logger?: FastifyServerOptions["logger"];
    battleFault?: FaultHook;
  } = {},
): Promise<TestApp> {
  const given = opts.db;
  const db: Db =
    given && opts.keepDbOpen
      ? { ...given, close: async () => {} }
      : (given ?? (await freshDb(dialect)));
  const clock = { now: Date.UTC(2026, 10, 21, 12, 0, 0) };
  const app = await buildApp({
    config: testConfig(env),
    db,
    content: loadGameContent(),
    clock: () => clock.now,
    ...(opts.planTurn ? { planTurn: opts.planTurn } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.battleFault ? { battleFault: opts.battleFault } : {}),
  });
  return { app, db, clock };
}

/** Signs up a guest and returns its bearer header and user. */
export async function newGuest(app: FastifyInstance) {
  const res = await app.inject({ method: "POST", url: "/api/play-new-player" });
  if (res.statusCode !== 200) throw new Error(`play-new-player failed: ${res.body}`);
  const data = res.json().data as { id: number; jwtToken: string; silver: number };
  return { user: data, auth: { authorization: `Bearer ${data.jwtToken}` } };
}

/** PUT /api/player/edit: gives the bearer's player a login and password (the raw answer). */
export function setCredentials(
  app: FastifyInstance,
  auth: Record<string, string>,
  login: string,
  password: string,
) {
  return app.inject({
    method: "PUT",
    url: "/api/player/edit",
    headers: auth,
    payload: { login, password },
  });
}

/** GET /api/player-details for a bearer header: the answer's `data`. */
export async function playerDetails(
  app: FastifyInstance,
  auth: Record<string, string>,
): Promise<User> {
  const res = await app.inject({ method: "GET", url: "/api/player-details", headers: auth });
  if (res.statusCode !== 200) throw new Error(`player-details failed: ${res.body}`);
  return res.json().data as User;
}

/** Opens box `id` (the Default box by default) and expects it opened: the answer's `data`. */
export async function openBoxOk(
  app: FastifyInstance,
  auth: Record<string, string>,
  id = 4,
): Promise<Record<string, unknown> & { user: User }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/boxes/open",
    headers: auth,
    payload: { id },
  });
  if (res.statusCode !== 200)
    throw new Error(`box ${id} not opened (${res.statusCode}): ${res.body}`);
  return res.json().data;
}

/**
 * A new, empty PostgreSQL database beside DATABASE_URL's (for tests that
 * start several server processes, which each migrate it), and its URL;
 * null without DATABASE_URL. Drop it with `dropScratchDatabase`.
 */
export async function scratchDatabase(
  prefix: string,
): Promise<{ name: string; url: string } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

export async function dropScratchDatabase(name: string | null): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!name || !base) return;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}

/** Gems granted through the ledger (idempotent per key), as an operator or a payment would. */
export const grantGems = (db: Db, userId: number, gems: number, key: string) =>
  db.kysely.transaction().execute((trx) =>
    applyGemChange(trx, {
      userId,
      delta: gems,
      reason: "test_grant",
      idempotencyKey: key,
      now: new Date().toISOString(),
    }),
  );

/** A game's engine state as its row stands in the database. */
export async function battleState(db: Db, gameId: string): Promise<BattleState> {
  const row = await db.kysely
    .selectFrom("battles")
    .select("state")
    .where("id", "=", gameId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.state) as BattleState;
}
