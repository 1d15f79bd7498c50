import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** Repositories take either the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export const nowIso = (clock: () => number): string => new Date(clock()).toISOString();

/** True when an error is a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}
