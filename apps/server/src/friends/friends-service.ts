import {
  type ChannelData,
  FRIENDS,
  type FriendEntry,
  type FriendRequestResult,
  type FriendsList,
} from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import {
  areFriends,
  battlesOf,
  blocksOf,
  codeOf,
  deleteBlock,
  deleteFriendship,
  deleteRequest,
  deleteRequestsBetween,
  friendCount,
  friendsOf,
  hasBlocked,
  insertBlock,
  insertCode,
  insertFriendship,
  insertRequest,
  ownerOfCode,
  requestExists,
  requestsOf,
} from "../db/repositories/friends-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { Refused } from "../services/outcome.ts";
import { newFriendCode } from "./friend-code.ts";

/** battles.mode of the games a friend may watch (ranked and friendly PvP). */
const WATCHABLE = new Set(["pvp", "friendly"]);

export interface FriendsDeps {
  db: Db;
  clock: () => number;
  send: (userId: number, data: ChannelData) => void;
  isConnected: (userId: number) => Promise<boolean>;
}

const notFound = () => new Refused("not_found", "No player has that friend code.");
const full = (who: string) =>
  new Refused(
    "conflict",
    `${who} already ${who === "You" ? "have" : "has"} ${FRIENDS.maxFriends} friends.`,
  );

/**
 * Friends (issue 24): codes, requests, the list with presence, remove and
 * block. A player who is blocked gets a stranger's answers: their request
 * is "requested" and goes nowhere, and the blocker never shows in their list.
 */
export function createFriends(deps: FriendsDeps) {
  const { db, clock, send } = deps;
  const k = db.kysely;

  /** The player's friend code, made on first use. */
  async function codeFor(userId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const have = await codeOf(k, userId);
      if (have) return have;
      try {
        await insertCode(k, userId, newFriendCode(), nowIso(clock));
      } catch (err) {
        // 80 random bits meeting another's: try another.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new Error("no friend code after 5 attempts");
  }

  async function list(userId: number): Promise<FriendsList> {
    const code = await codeFor(userId);
    const [friends, incoming, outgoing, blocked] = await Promise.all([
      friendsOf(k, userId),
      requestsOf(k, userId, "incoming"),
      requestsOf(k, userId, "outgoing"),
      blocksOf(k, userId),
    ]);
    const playing = await battlesOf(
      k,
      friends.map((f) => f.id),
    );
    const entries: FriendEntry[] = await Promise.all(
      friends.map(async (f): Promise<FriendEntry> => {
        const battle = playing.get(f.id);
        if (battle) {
          return {
            id: f.id,
            nickname: f.nickname,
            status: "in_battle",
            ...(WATCHABLE.has(battle.mode) ? { game_id: battle.gameId } : {}),
          };
        }
        const online = await deps.isConnected(f.id);
        return { id: f.id, nickname: f.nickname, status: online ? "online" : "offline" };
      }),
    );
    return {
      code,
      link: `/?friend=${code}`,
      friends: entries,
      incoming,
      outgoing,
      blocked,
      max_friends: FRIENDS.maxFriends,
    };
  }

  /** A friend request by code; becomes a friendship at once when they had asked first. */
  async function request(userId: number, code: string): Promise<FriendRequestResult> {
    const target = await ownerOfCode(k, code);
    if (!target) throw notFound();
    if (target.id === userId)
      throw new Refused("invalid", "That is your own friend code: send it to a friend instead.");
    if (await hasBlocked(k, userId, target.id))
      throw new Refused("conflict", `You blocked ${target.nickname}. Unblock them first.`);
    const now = nowIso(clock);
    const outcome = await k.transaction().execute(async (trx) => {
      // Whoever blocked the caller: a stranger's answer, and nothing stored.
      if (await hasBlocked(trx, target.id, userId)) return "requested" as const;
      if (await areFriends(trx, userId, target.id))
        throw new Refused("conflict", `${target.nickname} is already your friend.`);
      if ((await friendCount(trx, userId)) >= FRIENDS.maxFriends) throw full("You");
      if (await deleteRequest(trx, target.id, userId)) {
        if ((await friendCount(trx, target.id)) >= FRIENDS.maxFriends) throw full(target.nickname);
        await insertFriendship(trx, userId, target.id, now);
        return "friends" as const;
      }
      await insertRequest(trx, userId, target.id, now);
      return "requested" as const;
    });
    if (outcome === "friends") {
      send(target.id, { type: "friends_changed", reason: "accepted" });
    } else if (await requestExists(k, userId, target.id)) {
      const me = await findUserById(k, userId);
      send(target.id, { type: "friends_changed", reason: "request", nickname: me?.nickname ?? "" });
    }
    return { result: outcome, nickname: target.nickname };
  }

  async function accept(userId: number, fromId: number): Promise<FriendsList> {
    const now = nowIso(clock);
    await k.transaction().execute(async (trx) => {
      if (!(await deleteRequest(trx, fromId, userId)))
        throw new Refused("not_found", "No friend request from that player.");
      if ((await friendCount(trx, userId)) >= FRIENDS.maxFriends) throw full("You");
      if ((await friendCount(trx, fromId)) >= FRIENDS.maxFriends)
        throw full((await findUserById(trx, fromId))?.nickname ?? "They");
      await deleteRequestsBetween(trx, userId, fromId);
      await insertFriendship(trx, userId, fromId, now);
    });
    send(fromId, { type: "friends_changed", reason: "accepted" });
    return list(userId);
  }

  async function decline(userId: number, fromId: number): Promise<FriendsList> {
    if (!(await deleteRequest(k, fromId, userId)))
      throw new Refused("not_found", "No friend request from that player.");
    // The sender is not told (a declined request just stays unanswered for them).
    return list(userId);
  }

  async function remove(userId: number, friendId: number): Promise<FriendsList> {
    const removed = await k.transaction().execute(async (trx) => {
      const was = await deleteFriendship(trx, userId, friendId);
      // Withdrawing one's own pending request is a remove too.
      const withdrew = await deleteRequest(trx, userId, friendId);
      return was || withdrew;
    });
    if (!removed) throw new Refused("not_found", "That player is not your friend.");
    send(friendId, { type: "friends_changed", reason: "removed" });
    return list(userId);
  }

  /** Blocks a player: ends the friendship and requests either way; they are not told. */
  async function block(userId: number, otherId: number): Promise<FriendsList> {
    if (otherId === userId) throw new Refused("invalid", "You cannot block yourself.");
    if (!(await findUserById(k, otherId))) throw new Refused("not_found", "No such player.");
    const now = nowIso(clock);
    const wasFriend = await k.transaction().execute(async (trx) => {
      const was = await deleteFriendship(trx, userId, otherId);
      await deleteRequestsBetween(trx, userId, otherId);
      await insertBlock(trx, userId, otherId, now);
      return was;
    });
    // The same notice as a plain remove: nothing tells them it was a block.
    if (wasFriend) send(otherId, { type: "friends_changed", reason: "removed" });
    return list(userId);
  }

  async function unblock(userId: number, otherId: number): Promise<FriendsList> {
    if (!(await deleteBlock(k, userId, otherId)))
      throw new Refused("not_found", "You have not blocked that player.");
    return list(userId);
  }

  return { codeFor, list, request, accept, decline, remove, block, unblock };
}

export type Friends = ReturnType<typeof createFriends>;
