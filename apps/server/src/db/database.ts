import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import { type Listener, type ListenHandlers, listenOn } from "./pg-listener.ts";
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
   * precompiled statements (arena moves: battles/arena-writer.ts). Use it only
   * inside `kysely.connection().execute(...)`: that holds Kysely's lock on the
   * one connection, so no Kysely transaction is open around the raw work.
   */
  sqlite?: SQLite.Database;
  /** PostgreSQL only: connections of the pool by state (GET /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own
   * (db/pg-listener.ts); closed with the database.
   */
  listen?: (channel: string, handlers: ListenHandlers) => Listener;
  /**
   * PostgreSQL only: a Kysely over a pool of its own of `max` connections,
   * for a hot path whose statements must not queue behind the main pool's
   * transactions (the arena's move writer); one per name, closed with the
   * database.
   */
  lane?: (name: string, max: number) => Kysely<Database>;
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

export interface PostgresOptions {
  /** Connections kept open at most (DATABASE_POOL_SIZE). */
  max?: number;
  /** Sets the search_path (tests use a fresh schema each). */
  schema?: string;
  /** Cancels a statement, lock waits included, after this long (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** PostgreSQL ends a session idle this long inside a transaction (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  idleInTransactionTimeoutMs?: number;
  /** Shown in pg_stat_activity (tests find their own backends by it). */
  applicationName?: string;
  /** Told when a connection dies (a restart, pg_terminate_backend). */
  onConnectionError?: (err: Error) => void;
}

/** How long a request waits for a free connection before it gets a 503. */
const CONNECT_TIMEOUT_MS = 10_000;

export function openPostgres(connectionString: string, opts: PostgresOptions = {}): Db {
  const poolConfig = (max: number): pg.PoolConfig => ({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: opts.applicationName ?? "cardrealm",
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    ...(opts.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs }
      : {}),
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  const pool = new pg.Pool(poolConfig(opts.max ?? 10));
  // Trap: a pg connection that dies (PostgreSQL restarted, a backend
  // terminated) emits "error" on its client, besides failing the query in
  // flight; pg-pool re-emits it on the pool for idle clients only. Unheard,
  // either event is an uncaught exception that kills the process. Heard, the
  // failed query answers 503 (db/db-errors.ts), the pool drops the dead
  // client when it is released or idle, and the next query opens a fresh
  // connection: the server recovers without a restart.
  const heard = (err: Error) => opts.onConnectionError?.(err);
  pool.on("error", heard);
  pool.on("connect", (client) => client.on("error", heard));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Set<Listener>();
  const lanes = new Map<string, Kysely<Database>>();
  return {
    kysely,
    dialect: "postgres",
    schema: opts.schema ?? "public",
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen(channel, handlers) {
      const config = {
        connectionString,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        application_name: `${opts.applicationName ?? "cardrealm"}-listen`,
      };
      const l = listenOn(config, channel, handlers, heard);
      listeners.add(l);
      return {
        close: async () => {
          listeners.delete(l);
          await l.close();
        },
      };
    },
    lane(name, max) {
      let lane = lanes.get(name);
      if (!lane) {
        const own = new pg.Pool(poolConfig(max));
        own.on("error", heard);
        own.on("connect", (client) => client.on("error", heard));
        lane = new Kysely<Database>({ dialect: new PostgresDialect({ pool: own }) });
        lanes.set(name, lane);
      }
      return lane;
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()));
      listeners.clear();
      await Promise.all([...lanes.values()].map((l) => l.destroy()));
      lanes.clear();
      await kysely.destroy();
    },
  };
}

export function openDatabase(
  opts: {
    databaseUrl?: string | undefined;
    sqlitePath: string;
    databasePoolSize?: number;
    statementTimeoutMs?: number;
    idleInTransactionTimeoutMs?: number;
  },
  onConnectionError?: (err: Error) => void,
): Db {
  if (!opts.databaseUrl) return openSqlite(opts.sqlitePath);
  return openPostgres(opts.databaseUrl, {
    ...(opts.databasePoolSize ? { max: opts.databasePoolSize } : {}),
    ...(opts.statementTimeoutMs ? { statementTimeoutMs: opts.statementTimeoutMs } : {}),
    ...(opts.idleInTransactionTimeoutMs
      ? { idleInTransactionTimeoutMs: opts.idleInTransactionTimeoutMs }
      : {}),
    ...(onConnectionError ? { onConnectionError } : {}),
  });
}
