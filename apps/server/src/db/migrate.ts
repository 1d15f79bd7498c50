import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Db } from "./database.ts";
import { initial } from "./migrations/0001-initial.ts";
import { battles } from "./migrations/0002-battles.ts";
import { economy } from "./migrations/0003-economy.ts";
import { arena } from "./migrations/0004-arena.ts";
import { progression } from "./migrations/0005-progression.ts";

/** Numbered migrations, in order. Add a file under migrations/ and a line here. */
function migrations(db: Db): Record<string, Migration> {
  return {
    "0001-initial": initial(db.dialect),
    "0002-battles": battles(),
    "0003-economy": economy(),
    "0004-arena": arena(),
    "0005-progression": progression(),
  };
}

/** Brings the database to the newest schema; safe to run on every start. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      db.dialect === "postgres"
        ? Object.fromEntries(
            Object.entries(migrations(db)).map(([name, m]) => [name, withoutStatementTimeout(m)]),
          )
        : migrations(db),
  };
  // Trap: on PostgreSQL Kysely looks for its own bookkeeping tables in every
  // schema, so name ours, or another schema's tables make it skip creating them.
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * A migration may run far longer than a request may (an index over a big
 * table), so on PostgreSQL it lifts DATABASE_STATEMENT_TIMEOUT_MS for its own
 * transaction (Kysely runs PostgreSQL migrations in one; `set local` ends
 * with it).
 */
function withoutStatementTimeout(m: Migration): Migration {
  return {
    ...m,
    async up(trx) {
      await sql`set local statement_timeout = 0`.execute(trx);
      await m.up(trx);
    },
  };
}
