import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from "kysely";
import type { Db } from "./database.ts";
import { initial } from "./migrations/0001-initial.ts";
import { battles } from "./migrations/0002-battles.ts";
import { economy } from "./migrations/0003-economy.ts";
import { arena } from "./migrations/0004-arena.ts";
import { progression } from "./migrations/0005-progression.ts";
import { trust } from "./migrations/0006-trust.ts";
import { battleVersions } from "./migrations/0007-battle-versions.ts";
import { viewVersions } from "./migrations/0008-view-versions.ts";
import { operators } from "./migrations/0009-operators.ts";
import { replays } from "./migrations/0010-replays.ts";
import { viewGlobals } from "./migrations/0011-view-globals.ts";
import { paidBattles } from "./migrations/0012-paid-battles.ts";
import { operatorAccountability } from "./migrations/0013-operator-accountability.ts";
import { friends } from "./migrations/0015-friends.ts";
import { viewBumpsOnce } from "./migrations/0016-view-bumps-once.ts";
import { finishedAt } from "./migrations/0017-finished-at.ts";
import { sessionNotices } from "./migrations/0018-session-notices.ts";
import type { Database } from "./schema.ts";

/** Numbered migrations, in order. Add a file under migrations/ and a line here. */
function migrations(db: Db): Record<string, Migration> {
  return {
    "0001-initial": initial(db.dialect),
    "0002-battles": battles(),
    "0003-economy": economy(),
    "0004-arena": arena(),
    "0005-progression": progression(),
    "0006-trust": trust(),
    "0007-battle-versions": battleVersions(),
    "0008-view-versions": viewVersions(db.dialect),
    "0009-operators": operators(db.dialect),
    "0010-replays": replays(),
    "0011-view-globals": viewGlobals(db.dialect),
    "0012-paid-battles": paidBattles(),
    "0013-operator-accountability": operatorAccountability(db.dialect),
    "0015-friends": friends(),
    "0016-view-bumps-once": viewBumpsOnce(db.dialect),
    "0017-finished-at": finishedAt(db.dialect),
    "0018-session-notices": sessionNotices(db.dialect),
  };
}

/**
 * Brings the database to the newest schema; safe to run on every start.
 *
 * On PostgreSQL it runs on one connection with the statement timeout lifted
 * (and reset after): a migration may run far longer than a request may (an
 * index over a big table), and so may Kysely's own catalogue queries on a
 * busy server.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (db.dialect !== "postgres") return migrateOn(db, db.kysely);
  return db.kysely.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      return await migrateOn(db, conn);
    } finally {
      await sql`reset statement_timeout`.execute(conn);
    }
  });
}

async function migrateOn(db: Db, kysely: Kysely<Database>): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db) };
  // Trap: on PostgreSQL Kysely looks for its own bookkeeping tables in every
  // schema, so name ours, or another schema's tables make it skip creating them.
  const migrator = new Migrator({
    db: kysely,
    provider,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Names of the migrations this build knows that the database has not run yet (readiness).
 *
 * Reads our own bookkeeping table rather than asking Kysely's migrator: on
 * PostgreSQL the migrator lists the tables of every schema, so a schema
 * another tenant drops meanwhile failed the check ("schema ... does not
 * exist") and /readyz said 503 on a healthy server (CI on stop 22).
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const table = db.schema ? `${db.schema}.${DEFAULT_MIGRATION_TABLE}` : DEFAULT_MIGRATION_TABLE;
  let done: Set<string>;
  try {
    const rows = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(
      db.kysely,
    );
    done = new Set(rows.rows.map((r) => r.name));
  } catch (err) {
    // A database never migrated has no bookkeeping table: everything is pending.
    if (isMissingTable(err)) done = new Set();
    else throw err;
  }
  return Object.keys(migrations(db)).filter((name) => !done.has(name));
}

function isMissingTable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (err as { code?: string }).code === "42P01" || /no such table/.test(err.message);
}
