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
const versionHeld = prepared((db) =>
  db.selectFrom("player_view_versions").select("version").where("user_id", "=", 0).forUpdate(),
);

/** The player's view number; undefined before any write bumped it. */
export async function viewVersion(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await versionOf(db, [userId]);
  return row?.version;
}

/**
 * PostgreSQL only: locks the player's view number row until the commit and
 * answers the number; undefined when the player has none yet.
 */
export async function holdViewVersion(trx: Executor, userId: number): Promise<number | undefined> {
  const [row] = await versionHeld(trx, [userId]);
  return row?.version;
}

/**
 * PostgreSQL only: runs the transaction's deferred triggers now (the view
 * number bumps, deferred to the commit by migration 0008), so a number read
 * next is the one the commit publishes.
 */
export async function fireDeferredBumps(trx: Executor): Promise<void> {
  await sql`set constraints all immediate`.execute(trx);
}
