import { type Selectable, sql } from "kysely";
import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";
import type { UsersTable } from "../schema.ts";

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  login: string | null;
  passwordHash: string | null;
  partnerId: string | null;
  nickname: string;
  guest: boolean;
  now: string;
  /** sha256 (hex) of a local-play device key, for a guest created by local play. */
  deviceKeyHash?: string;
}

export async function insertUser(db: Executor, u: NewUser): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({
      login: u.login,
      password_hash: u.passwordHash,
      partner_id: u.partnerId,
      device_key_hash: u.deviceKeyHash ?? null,
      nickname: u.nickname,
      guest: u.guest ? 1 : 0,
      level: 1,
      silver: 0,
      premium: 0,
      tutorial_active: 1,
      tutorial_step: "intro",
      active_deck: 1,
      rank_score: 0,
      season_xp: 0,
      created_at: u.now,
      updated_at: u.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("login", "=", login).executeTakeFirst();
}

export function findUserByPartnerId(db: Executor, partnerId: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("partner_id", "=", partnerId).executeTakeFirst();
}

export async function updateNickname(db: Executor, id: number, nickname: string, now: string) {
  await db.updateTable("users").set({ nickname, updated_at: now }).where("id", "=", id).execute();
}

export function findUserByDeviceKeyHash(
  db: Executor,
  deviceKeyHash: string,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("users")
    .select("id")
    .where("device_key_hash", "=", deviceKeyHash)
    .executeTakeFirst();
}

/**
 * The users row with the player's view number (player_view_versions, bumped
 * by triggers on every write of the view's other tables; 0 before any).
 */
export async function findUserWithViewVersion(
  db: Executor,
  id: number,
): Promise<
  | (UserRow & {
      view_version: number | null;
      globals_version: number | null;
      champions_floor: number | null;
    })
  | undefined
> {
  return (await userWithViewVersion(db, [id]))[0];
}
const userWithViewVersion = prepared((db) =>
  db
    .selectFrom("users")
    .leftJoin("player_view_versions", "player_view_versions.user_id", "users.id")
    // The views' global number (migration 0011) in the same statement.
    .leftJoin("view_globals", (join) => join.on(sql<boolean>`view_globals.id = 1`))
    .selectAll("users")
    .select([
      "player_view_versions.version as view_version",
      "view_globals.version as globals_version",
      "view_globals.champions_floor",
    ])
    .where("users.id", "=", 0),
);

/** What a token check needs: the user exists, and its current session version. */
export async function findSession(
  db: Executor,
  id: number,
): Promise<
  | { session_version: number; suspended_at: string | null; suspended_reason: string | null }
  | undefined
> {
  return (await sessionOf(db, [id]))[0];
}
/** A user's session columns, with the user's id (auth/session-reads.ts reads many at once). */
export interface SessionRow {
  id: number;
  session_version: number;
  suspended_at: string | null;
  suspended_reason: string | null;
}

/** The session columns of many users in one statement (absent users are left out). */
export async function findSessions(db: Executor, ids: readonly number[]): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  if (ids.length === 1) {
    const row = await findSession(db, ids[0] as number);
    return row ? [{ id: ids[0] as number, ...row }] : [];
  }
  return db
    .selectFrom("users")
    .select(["id", "session_version", "suspended_at", "suspended_reason"])
    .where("id", "in", [...ids])
    .execute();
}
// Every authenticated call runs it: compiled once (db/prepared.ts).
const sessionOf = prepared((db) =>
  db
    .selectFrom("users")
    .select(["session_version", "suspended_at", "suspended_reason"])
    .where("id", "=", 0),
);

/**
 * Sets login and password and ends every session issued before (the session
 * version goes up) and the local-play device key, in one statement. With `expectedHash` the change applies
 * only while the stored hash is still the one the caller verified the current
 * password against: of two concurrent changes, one wins and the other finds
 * no row (false). The unique index on login refuses a taken one (throws).
 */
export async function setCredentials(
  db: Executor,
  id: number,
  change: { login: string; passwordHash: string; expectedHash: string | null; now: string },
): Promise<boolean> {
  let q = db
    .updateTable("users")
    .set((eb) => ({
      login: change.login,
      password_hash: change.passwordHash,
      guest: 0,
      device_key_hash: null,
      session_version: eb("session_version", "+", 1),
      updated_at: change.now,
    }))
    .where("id", "=", id);
  q =
    change.expectedHash === null
      ? q.where("password_hash", "is", null)
      : q.where("password_hash", "=", change.expectedHash);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records a signed partner launch; false when it was already used (a replay). */
export async function claimPartnerLaunch(
  db: Executor,
  launch: { signature: string; partnerUser: string; now: string },
): Promise<boolean> {
  const r = await db
    .insertInto("partner_launches")
    .values({ signature: launch.signature, partner_user: launch.partnerUser, used_at: launch.now })
    .onConflict((oc) => oc.column("signature").doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Forgets launches older than `before` (they are refused as stale anyway). */
export async function forgetPartnerLaunches(db: Executor, before: string): Promise<void> {
  await db.deleteFrom("partner_launches").where("used_at", "<", before).execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const r = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Makes the player a season pass holder (premium). */
export async function setPremium(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable("users").set({ premium: 1, updated_at: now }).where("id", "=", id).execute();
}
