import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { startCheckpointer } from "./sqlite-checkpointer.ts";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema holding the tables (tests use a fresh one each). */
  schema?: string;
  /**
   * SQLite only: the raw connection, for the few hot paths that run
   * precompiled statements (arena moves: battles/pvp-writer.ts). Use it only
   * inside `kysely.connection().execute(...)`: that holds Kysely's lock on the
   * one connection, so no Kysely transaction is open around the raw work.
   */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

/** Prepared statements kept per SQL text (see withStatementCache). */
export const STATEMENT_CACHE_SIZE = 512;

/**
 * better-sqlite3 as Kysely sees it, with each SQL text prepared once: Kysely
 * calls prepare() on every query, and compiling the SQL again each time was
 * 11 % of the server's CPU in bench/pvp at 2,000 games. A statement that is
 * busy (iterating a stream) is not shared: that call gets a fresh one. The
 * oldest texts are forgotten beyond `max` (lists of `in (?, ?, ...)` vary).
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, SQLite.Statement>();
  const database: SqliteDatabase = {
    close: () => sqlite.close(),
    prepare(sql) {
      const hit = statements.get(sql);
      if (hit && !hit.busy) return hit;
      const fresh = sqlite.prepare(sql);
      if (!hit) {
        statements.set(sql, fresh);
        if (statements.size > max) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      return fresh;
    },
  };
  return { database, size: () => statements.size };
}

// PostgreSQL returns int8 (count(*), bigint sums) as strings; every such value
// here fits a JS number, so parse them as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openSqlite(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a commit is on disk before the answer leaves, so an answered purchase
  // or sign-up survives a SIGKILL or a power cut right after it.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const { database } = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const checkpointer = path === ":memory:" ? null : startCheckpointer(sqlite, path);
  return {
    kysely,
    dialect: "sqlite",
    sqlite,
    close: async () => {
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
}

/** `schema` sets the search_path (tests use a fresh schema each). */
export function openPostgres(
  connectionString: string,
  opts: { max?: number; schema?: string } = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: "postgres",
    schema: opts.schema ?? "public",
    close: () => kysely.destroy(),
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; sqlitePath: string }): Db {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openSqlite(opts.sqlitePath);
}
