import { randomBytes } from "node:crypto";
import {
  type ChallengeView,
  type ChannelData,
  DECK_MIN_CARDS,
  FRIENDS,
  type FriendlyStart,
  MESSAGES,
  type RematchResult,
} from "@cardrealm/protocol";
import type { ArenaBattles } from "../battles/arena-battles.ts";
import type { FriendlySeat } from "../battles/arena-start.ts";
import type { Db } from "../db/database.ts";
import { decksOf } from "../db/repositories/collection-repo.ts";
import { areFriends, blockedEitherWay } from "../db/repositories/friends-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import type { ChallengeRecord, ChallengeStore } from "../matchmaking/challenge-store.ts";
import type { RoomClock } from "../realtime/room-clock.ts";
import { Refused } from "../services/outcome.ts";

export interface ChallengesDeps {
  db: Db;
  room: RoomClock;
  store: ChallengeStore;
  pvp: ArenaBattles;
  send: (userId: number, data: ChannelData) => void;
  isConnected: (userId: number) => Promise<boolean>;
  log: { error(obj: unknown, msg: string): void };
}

const gone = () => new Refused("not_found", "This challenge has expired or was withdrawn.");
const notFriend = () => new Refused("not_found", "That player is not your friend.");

/**
 * Challenges and rematches (issue 24): a player challenges a friend (or
 * anyone holding the link); its addressee accepts within 60 s with a deck
 * slot and a friendly game starts on the arena's battle core
 * (battles/arena-start.ts, mode friendly). After a friendly game, Rematch
 * starts another once both pressed it, exactly once.
 */
export function createChallenges(deps: ChallengesDeps) {
  const { db, room, store, pvp, send, log } = deps;
  const k = db.kysely;

  async function nicknameOf(userId: number): Promise<string> {
    const u = await findUserById(k, userId);
    if (!u) throw new Refused("unknown_player", "Please sign in again.");
    return u.nickname;
  }

  /** Refuses a deck slot that cannot play (fewer than the battle's minimum). */
  async function assertDeck(userId: number, slot: number): Promise<void> {
    const deck = (await decksOf(k, userId)).get(slot) ?? [];
    const cards = deck.reduce((n, c) => n + c.amount, 0);
    if (cards < DECK_MIN_CARDS)
      throw new Refused("deck_too_small", `Deck ${slot}: ${MESSAGES.deckTooSmall}`);
  }

  async function viewOf(c: ChallengeRecord): Promise<ChallengeView> {
    return {
      id: c.id,
      from: { id: c.from, nickname: await nicknameOf(c.from) },
      to: c.to === null ? null : { id: c.to, nickname: await nicknameOf(c.to) },
      expires_at: c.expiresAt,
      link: `/?challenge=${c.id}`,
    };
  }

  async function create(
    userId: number,
    body: { friend_id?: number | undefined; deck: number },
  ): Promise<ChallengeView> {
    const to = body.friend_id ?? null;
    if (to === userId) throw new Refused("invalid", "You cannot challenge yourself.");
    await assertDeck(userId, body.deck);
    if (!(await pvp.isFree(userId)))
      throw new Refused("conflict", "Finish or surrender your current battle first.");
    if (to !== null) {
      // A blocker is no friend (a block ends the friendship): the same answer.
      if (!(await areFriends(k, userId, to)) || (await blockedEitherWay(k, userId, to)))
        throw notFriend();
      const name = await nicknameOf(to);
      if (!(await deps.isConnected(to)))
        throw new Refused("conflict", `${name} is offline. Challenge them when they are online.`);
      if (!(await pvp.isFree(to)))
        throw new Refused("conflict", `${name} is in a battle. Try again when it is over.`);
    }
    const now = room.now();
    const c: ChallengeRecord = {
      id: randomBytes(16).toString("base64url"),
      from: userId,
      fromDeck: body.deck,
      to,
      expiresAt: now + FRIENDS.challengeMs,
    };
    await store.put(c, now);
    const view = await viewOf(c);
    if (to !== null) {
      send(to, { type: "challenge", id: c.id, from: view.from, expires_at: c.expiresAt });
    }
    // Unanswered: both hear it expired (the process that made it keeps the timer).
    room.after(FRIENDS.challengeMs, () => {
      store
        .take(c.id, c.expiresAt - 1)
        .then((left) => {
          if (!left) return;
          const closed: ChannelData = { type: "challenge_closed", id: c.id, reason: "expired" };
          send(left.from, closed);
          if (left.to !== null) send(left.to, closed);
        })
        .catch((err: unknown) => log.error({ err }, "challenge expiry failed"));
    });
    return view;
  }

  /** A live challenge as its sender, its addressee or (a link challenge) anyone else sees it. */
  async function view(userId: number, id: string): Promise<ChallengeView> {
    const c = await store.get(id, room.now());
    if (!c) throw gone();
    if (c.to !== null && c.to !== userId && c.from !== userId)
      throw new Refused("forbidden", "This challenge is for another player.");
    // Whoever blocked or is blocked: the answer of a challenge that is gone.
    if (c.from !== userId && (await blockedEitherWay(k, c.from, userId))) throw gone();
    return viewOf(c);
  }

  async function accept(userId: number, id: string, deck: number): Promise<FriendlyStart> {
    const c = await store.get(id, room.now());
    if (!c) throw gone();
    if (c.from === userId) throw new Refused("invalid", "You cannot accept your own challenge.");
    if (c.to !== null && c.to !== userId)
      throw new Refused("forbidden", "This challenge is for another player.");
    if (await blockedEitherWay(k, c.from, userId)) throw gone();
    await assertDeck(userId, deck);
    if (!(await pvp.isFree(userId)))
      throw new Refused("conflict", "Finish or surrender your current battle first.");
    // One accept takes it (two tabs, two processes: the other finds it gone).
    if (!(await store.take(id, room.now()))) throw gone();
    return start(
      { userId: c.from, deck: c.fromDeck },
      { userId, deck },
      async () => `${await nicknameOf(c.from)} is busy now; the challenge is off.`,
    );
  }

  /** Starts the friendly game; the other player hears start_game, the caller gets it answered. */
  async function start(
    other: FriendlySeat,
    caller: FriendlySeat,
    busyText: () => Promise<string>,
  ): Promise<FriendlyStart> {
    let started: Awaited<ReturnType<ArenaBattles["startFriendly"]>>;
    try {
      started = await pvp.startFriendly(other, caller);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      // The caller was checked just before: it is the other who cannot play now.
      throw new Refused("conflict", await busyText());
    }
    send(other.userId, {
      type: "start_game",
      players: "friendly",
      game_id: started.gameId,
      seq: started.seq,
      messages: started.openings.get(other.userId) ?? [],
    });
    return {
      result: "start_game",
      game_id: started.gameId,
      messages: started.openings.get(caller.userId) ?? [],
    };
  }

  async function decline(userId: number, id: string): Promise<{ declined: true }> {
    const c = await store.get(id, room.now());
    if (!c || c.from === userId) throw gone();
    if (c.to !== userId) throw new Refused("forbidden", "This challenge is for another player.");
    if (await store.take(id, room.now()))
      send(c.from, { type: "challenge_closed", id, reason: "declined" });
    return { declined: true };
  }

  async function cancel(userId: number, id: string): Promise<{ cancelled: true }> {
    const c = await store.get(id, room.now());
    if (!c || c.from !== userId) throw gone();
    if ((await store.take(id, room.now())) && c.to !== null)
      send(c.to, { type: "challenge_closed", id, reason: "cancelled" });
    return { cancelled: true };
  }

  async function rematch(userId: number, gameId: string): Promise<RematchResult> {
    const f = await pvp.finishedFriendly(gameId);
    const side = f ? f.players.indexOf(userId) : -1;
    if (!f || side < 0)
      throw new Refused("not_found", "No finished friendly game of yours has that id.");
    const other = side === 0 ? f.players[1] : f.players[0];
    if (await blockedEitherWay(k, userId, other))
      throw new Refused("conflict", "No rematch with this player.");
    await assertFree(userId);
    const press = await store.pressRematch(gameId, userId, room.now());
    if (press.kind === "waiting") {
      send(other, { type: "rematch", game_id: gameId });
      return { result: "waiting" };
    }
    if (press.kind === "started") {
      const messages = await pvp.current(userId);
      if (messages.ok && messages.value)
        return { result: "start_game", game_id: press.gameId, messages: messages.value };
      return { result: "waiting" };
    }
    try {
      const mine: FriendlySeat = { userId, deck: side === 0 ? f.decks[0] : f.decks[1] };
      const theirs: FriendlySeat = { userId: other, deck: side === 0 ? f.decks[1] : f.decks[0] };
      const answer = await start(
        theirs,
        mine,
        async () => `${await nicknameOf(other)} is busy now; no rematch.`,
      );
      await store.rematchStarted(gameId, answer.game_id, room.now());
      return answer;
    } catch (err) {
      await store.rematchFailed(gameId);
      throw err;
    }
  }

  async function assertFree(userId: number): Promise<void> {
    if (!(await pvp.isFree(userId)))
      throw new Refused("conflict", "Finish or surrender your current battle first.");
  }

  return { create, view, accept, decline, cancel, rematch };
}

export type Challenges = ReturnType<typeof createChallenges>;
