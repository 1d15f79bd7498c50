import { sql } from "kysely";
import type { Executor } from "../executor.ts";

/** One round trip to the database (readiness: /healthz); throws when it is unreachable. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
