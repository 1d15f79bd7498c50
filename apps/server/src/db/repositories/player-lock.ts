import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";

/**
 * Takes the player's row lock for the rest of the caller's transaction and
 * says whether the player exists. Every read-decide-write of one player's
 * collection or purchases (deck editor, boxes, season pass) calls this first,
 * so on PostgreSQL two such transactions of the same player run one after the
 * other, exactly as SQLite runs every writer: the second one's reads (each
 * statement sees what committed before it, READ COMMITTED) then see the
 * first one's result.
 *
 * Why an UPDATE and not `SELECT ... FOR UPDATE`: it is one statement for both
 * databases (SQLite has no FOR UPDATE) and it takes the same row lock on
 * PostgreSQL as an UPDATE of the balance would (FOR NO KEY UPDATE strength,
 * so inserts that merely reference the player are not blocked). On SQLite it
 * makes the transaction a writer from its first statement, so it never has
 * to upgrade a read lock later. `updated_at` is the time of the change the
 * caller is about to make.
 *
 * Trap: lock the player before any other row of theirs. Taking this lock
 * after, say, a deck row invites a deadlock with a caller that did it the
 * other way round.
 */
export async function lockPlayer(trx: Executor, userId: number, now: string): Promise<boolean> {
  const r = await trx
    .updateTable("users")
    .set({ updated_at: now })
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const lockWithBalance = prepared((db) =>
  db
    .updateTable("users")
    .set({ updated_at: "" })
    .where("id", "=", 0)
    .returning((eb) => [
      "silver",
      eb
        .selectFrom("player_view_versions")
        .select("player_view_versions.version")
        .whereRef("player_view_versions.user_id", "=", "users.id")
        .as("view_version"),
    ]),
);

/**
 * `lockPlayer` that also answers the balance as it is under the lock (no
 * other transaction can change it before the caller's commit: any balance
 * change updates the same row), and the player's view number
 * (`player_view_versions`, null before the first bump); undefined when the
 * player does not exist. On SQLite the view number is the one this
 * transaction's writes start from (the lock makes it the only writer); on
 * PostgreSQL it may be older (its snapshot is the statement's start), which
 * economy/box-view.ts checks under the version row's lock.
 */
export async function lockPlayerWithBalance(
  trx: Executor,
  userId: number,
  now: string,
): Promise<{ silver: number; viewVersion: number | null } | undefined> {
  const [r] = await lockWithBalance(trx, [now, userId]);
  return r ? { silver: r.silver, viewVersion: r.view_version ?? null } : undefined;
}
