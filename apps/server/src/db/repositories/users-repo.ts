import type { Selectable } from "kysely";
import type { Executor } from "../executor.ts";
import type { UsersTable } from "../schema.ts";

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  login: string | null;
  passwordHash: string | null;
  partnerId: string | null;
  nickname: string;
  guest: boolean;
  now: string;
}

export async function insertUser(db: Executor, u: NewUser): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({
      login: u.login,
      password_hash: u.passwordHash,
      partner_id: u.partnerId,
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

/** Sets login and password; the unique index on login refuses a taken one. */
export async function setCredentials(
  db: Executor,
  id: number,
  login: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ login, password_hash: passwordHash, guest: 0, updated_at: now })
    .where("id", "=", id)
    .execute();
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
