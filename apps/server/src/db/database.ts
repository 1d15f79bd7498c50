import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema holding the tables (tests use a fresh one each). */
  schema?: string;
  close(): Promise<void>;
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
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
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
