/**
 * The players' view numbers (player_view_versions, bumped by triggers on
 * every write of a player's view tables, migration 0008) as the box's view
 * patch reads them (economy/box-view.ts). The view itself reads the number
 * with the users row (users-repo.ts findUserWithViewVersion).
 */
import { sql } from "kysely";
import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";

const versionOf = prepared((db) =>
  db.selectFrom("player_view_versions").select("version").where("user_id", "=", 0),
);
/** The player's view number; undefined before any write bumped it. */
export async function viewVersion(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await versionOf(db, [userId]);
  return row?.version;
}

/**
 * PostgreSQL only (migration 0016): locks the player's view number row until
 * the commit, runs the transaction's deferred bumps (deferred to the commit by
 * migration 0008), and answers the number before them (`held`) and after
 * (`version`: the one the commit publishes). One round trip for the three.
 * Undefined when the player has none yet.
 */
export async function holdViewVersion(
  trx: Executor,
  userId: number,
): Promise<{ held: number; version: number } | undefined> {
  const { rows } = await sql<{
    held: number | null;
    version: number | null;
  }>`select held, version from hold_player_view_version(${userId})`.execute(trx);
  const [row] = rows;
  return row && row.held !== null && row.version !== null
    ? { held: row.held, version: row.version }
    : undefined;
}
