import type { Executor } from "../executor.ts";

/**
 * The friends' SQL (issue 24; migration 0015): friend codes, requests,
 * friendships (two rows, one per side) and blocks. Queries only; the rules
 * (limits, what a blocked player may learn) live in friends/.
 */

/** A player as a friends list shows them. */
export interface FriendPerson {
  id: number;
  nickname: string;
  since: string;
}

/** True when `a` and `b` are friends. */
export async function areFriends(db: Executor, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom("friendships")
    .select("user_id")
    .where("user_id", "=", a)
    .where("friend_id", "=", b)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when either player has blocked the other. */
export async function blockedEitherWay(db: Executor, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom("blocks")
    .select("blocker")
    .where((eb) =>
      eb.or([
        eb.and([eb("blocker", "=", a), eb("blocked", "=", b)]),
        eb.and([eb("blocker", "=", b), eb("blocked", "=", a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** True when `blocker` has blocked `blocked` (one direction). */
export async function hasBlocked(db: Executor, blocker: number, blocked: number): Promise<boolean> {
  const row = await db
    .selectFrom("blocks")
    .select("blocker")
    .where("blocker", "=", blocker)
    .where("blocked", "=", blocked)
    .executeTakeFirst();
  return row !== undefined;
}

export async function codeOf(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("friend_codes")
    .select("code")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.code;
}

/** Inserts a player's code; false when they already have one (another request made it first). */
export async function insertCode(
  db: Executor,
  userId: number,
  code: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto("friend_codes")
    .values({ user_id: userId, code, created_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The player a friend code belongs to, with their nickname. */
export async function ownerOfCode(
  db: Executor,
  code: string,
): Promise<{ id: number; nickname: string } | undefined> {
  return db
    .selectFrom("friend_codes")
    .innerJoin("users", "users.id", "friend_codes.user_id")
    .select(["users.id", "users.nickname"])
    .where("friend_codes.code", "=", code)
    .executeTakeFirst();
}

export async function friendsOf(db: Executor, userId: number): Promise<FriendPerson[]> {
  return db
    .selectFrom("friendships")
    .innerJoin("users", "users.id", "friendships.friend_id")
    .select(["users.id", "users.nickname", "friendships.created_at as since"])
    .where("friendships.user_id", "=", userId)
    .orderBy("users.nickname")
    .orderBy("users.id")
    .execute();
}

export async function friendCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("friendships")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Both rows of a friendship (the caller's transaction). */
export async function insertFriendship(
  trx: Executor,
  a: number,
  b: number,
  now: string,
): Promise<void> {
  await trx
    .insertInto("friendships")
    .values([
      { user_id: a, friend_id: b, created_at: now },
      { user_id: b, friend_id: a, created_at: now },
    ])
    .onConflict((oc) => oc.columns(["user_id", "friend_id"]).doNothing())
    .execute();
}

/** Removes both rows of a friendship; true when there was one. */
export async function deleteFriendship(trx: Executor, a: number, b: number): Promise<boolean> {
  const result = await trx
    .deleteFrom("friendships")
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", a), eb("friend_id", "=", b)]),
        eb.and([eb("user_id", "=", b), eb("friend_id", "=", a)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Requests to a player (incoming) or from them (outgoing), oldest first. */
export async function requestsOf(
  db: Executor,
  userId: number,
  direction: "incoming" | "outgoing",
): Promise<FriendPerson[]> {
  const [mine, theirs] =
    direction === "incoming"
      ? (["friend_requests.to_user", "friend_requests.from_user"] as const)
      : (["friend_requests.from_user", "friend_requests.to_user"] as const);
  return db
    .selectFrom("friend_requests")
    .innerJoin("users", "users.id", theirs)
    .select(["users.id", "users.nickname", "friend_requests.created_at as since"])
    .where(mine, "=", userId)
    .orderBy("friend_requests.created_at")
    .execute();
}

export async function requestExists(db: Executor, from: number, to: number): Promise<boolean> {
  const row = await db
    .selectFrom("friend_requests")
    .select("from_user")
    .where("from_user", "=", from)
    .where("to_user", "=", to)
    .executeTakeFirst();
  return row !== undefined;
}

/** A request from `from` to `to`; false when it was already there. */
export async function insertRequest(
  db: Executor,
  from: number,
  to: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto("friend_requests")
    .values({ from_user: from, to_user: to, created_at: now })
    .onConflict((oc) => oc.columns(["from_user", "to_user"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Deletes the request from `from` to `to`; true when there was one. */
export async function deleteRequest(db: Executor, from: number, to: number): Promise<boolean> {
  const result = await db
    .deleteFrom("friend_requests")
    .where("from_user", "=", from)
    .where("to_user", "=", to)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the requests between two players, either way. */
export async function deleteRequestsBetween(db: Executor, a: number, b: number): Promise<void> {
  await db
    .deleteFrom("friend_requests")
    .where((eb) =>
      eb.or([
        eb.and([eb("from_user", "=", a), eb("to_user", "=", b)]),
        eb.and([eb("from_user", "=", b), eb("to_user", "=", a)]),
      ]),
    )
    .execute();
}

export async function insertBlock(
  db: Executor,
  blocker: number,
  blocked: number,
  now: string,
): Promise<void> {
  await db
    .insertInto("blocks")
    .values({ blocker, blocked, created_at: now })
    .onConflict((oc) => oc.columns(["blocker", "blocked"]).doNothing())
    .execute();
}

/** Lifts a block; true when there was one. */
export async function deleteBlock(
  db: Executor,
  blocker: number,
  blocked: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom("blocks")
    .where("blocker", "=", blocker)
    .where("blocked", "=", blocked)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The players a player has blocked (only the blocker ever reads this). */
export async function blocksOf(db: Executor, blocker: number): Promise<FriendPerson[]> {
  return db
    .selectFrom("blocks")
    .innerJoin("users", "users.id", "blocks.blocked")
    .select(["users.id", "users.nickname", "blocks.created_at as since"])
    .where("blocks.blocker", "=", blocker)
    .orderBy("blocks.created_at")
    .execute();
}
