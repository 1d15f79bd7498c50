/**
 * Database failures a caller can do nothing about but retry, told apart from
 * bugs so the error handler answers them in the usual shape instead of a
 * bare 500:
 * - unavailable (503): the connection died or could not be had (PostgreSQL
 *   restarted, a backend terminated, the pool's wait ran out), a statement
 *   ran past DATABASE_STATEMENT_TIMEOUT_MS, SQLite stayed busy;
 * - conflict (409): the database refused one of two racing transactions
 *   (deadlock, serialization failure, a unique key taken at the same moment).
 */
export type DatabaseFault = "unavailable" | "conflict";

/** SQLSTATE classes and codes (PostgreSQL) and driver codes (pg, better-sqlite3). */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "57014", // query_canceled: statement_timeout
  "25P03", // idle_in_transaction_session_timeout
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "SQLITE_BUSY",
  "SQLITE_BUSY_SNAPSHOT",
  "SQLITE_BUSY_TIMEOUT",
]);

const CONFLICT_CODES = new Set([
  "40001", // serialization_failure
  "40P01", // deadlock_detected
  "23505", // unique_violation that no caller turned into an answer
  "SQLITE_CONSTRAINT_UNIQUE",
  "SQLITE_CONSTRAINT_PRIMARYKEY",
]);

/** pg reports a dropped socket without a code, by these messages. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "terminating connection",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection is closed",
];

export function databaseFault(err: unknown): DatabaseFault | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return "unavailable";
    if (CONFLICT_CODES.has(code)) return "conflict";
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
    return "unavailable";
  return undefined;
}
