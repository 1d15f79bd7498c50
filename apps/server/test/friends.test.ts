import type { FriendsList } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  areFriends,
  blockedEitherWay,
  deleteFriendship,
  insertBlock,
  insertFriendship,
} from "../src/db/repositories/friends-repo.ts";
import { newFriendCode } from "../src/friends/friend-code.ts";
import { type FriendsWorld, friendsWorld, type Player } from "./friends-support.ts";
import { announceDialects, DIALECTS } from "./harness.ts";

announceDialects();

const listOf = async (p: Player) =>
  (await p.get<FriendsList>("/api/friends")).body.data as FriendsList;

describe.each(DIALECTS)("friends on %s", (dialect) => {
  let w: FriendsWorld;
  let ann: Player;
  let bob: Player;
  beforeEach(async () => {
    w = await friendsWorld(dialect);
    ann = await w.player();
    bob = await w.player();
  });
  afterEach(async () => {
    await w.close();
  });

  it("the repository: a friendship reads from both sides, a block either way", async () => {
    const k = w.db.kysely;
    const [a, b] = [ann.id, bob.id];
    expect(await areFriends(k, a, b)).toBe(false);
    await insertFriendship(k, a, b, "2026-11-21T12:00:00.000Z");
    expect(await areFriends(k, b, a)).toBe(true);
    expect(await deleteFriendship(k, b, a)).toBe(true);
    expect(await areFriends(k, a, b)).toBe(false);
    await insertBlock(k, b, a, "2026-11-21T12:00:00.000Z");
    expect(await blockedEitherWay(k, a, b)).toBe(true);
    expect(await blockedEitherWay(k, b, a)).toBe(true);
  });

  it("adds a friend by code: a request the other side hears and accepts; both see the other with presence", async () => {
    const mine = await listOf(ann);
    expect(mine.code).toMatch(/^[A-Z2-7]{16}$/);
    expect(mine.link).toBe(`/?friend=${mine.code}`);
    expect((await listOf(ann)).code).toBe(mine.code);
    expect((await listOf(bob)).code).not.toBe(mine.code);

    // Typed in lower case with spaces around: the same code.
    const asked = await bob.post("/api/friends/request", { code: ` ${mine.code.toLowerCase()} ` });
    expect(asked.body.data).toEqual({ result: "requested", nickname: expect.any(String) });
    const heard = await ann.c?.waitType("friends_changed");
    expect(heard?.data.reason).toBe("request");
    expect((await listOf(ann)).incoming.map((r) => r.id)).toEqual([bob.id]);
    expect((await listOf(bob)).outgoing.map((r) => r.id)).toEqual([ann.id]);

    const accepted = await ann.post<FriendsList>("/api/friends/accept", { user_id: bob.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data?.friends).toEqual([
      { id: bob.id, nickname: expect.any(String), status: "online" },
    ]);
    expect(accepted.body.data?.incoming).toEqual([]);
    expect((await listOf(bob)).friends.map((f) => [f.id, f.status])).toEqual([[ann.id, "online"]]);

    // Offline once the socket is gone; in a battle (not watchable) in a story battle.
    ann.c?.kill();
    await expect.poll(async () => (await listOf(bob)).friends[0]?.status).toBe("offline");
    const story = await ann.post("/api/game/cpu/start", { cpu_id: 6 });
    expect(story.status).toBe(200);
    expect((await listOf(bob)).friends[0]).toEqual({
      id: ann.id,
      nickname: expect.any(String),
      status: "in_battle",
    });
  });

  it("two requests meeting make a friendship; remove ends it on both sides", async () => {
    const annCode = (await listOf(ann)).code;
    const bobCode = (await listOf(bob)).code;
    expect((await ann.post("/api/friends/request", { code: bobCode })).body.data).toMatchObject({
      result: "requested",
    });
    expect((await bob.post("/api/friends/request", { code: annCode })).body.data).toMatchObject({
      result: "friends",
    });
    expect((await listOf(ann)).friends.map((f) => f.id)).toEqual([bob.id]);
    const removed = await ann.post<FriendsList>("/api/friends/remove", { user_id: bob.id });
    expect(removed.body.data?.friends).toEqual([]);
    expect((await listOf(bob)).friends).toEqual([]);
    await bob.c?.waitFor((m) => m.data.type === "friends_changed" && m.data.reason === "removed");
  });

  it("bad input gets a clear error and changes nothing", async () => {
    const own = (await listOf(ann)).code;
    const cases: [unknown, number, string][] = [
      [{ code: own }, 400, "That is your own friend code: send it to a friend instead."],
      [{ code: newFriendCode() }, 404, "No player has that friend code."],
      [{ code: "not-a-code" }, 400, "A friend code is 16 letters and digits."],
      [{ code: 12 }, 400, "code"],
      [{}, 400, "code"],
    ];
    for (const [body, status, text] of cases) {
      const r = await ann.post("/api/friends/request", body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error?.message).toContain(text);
    }
    for (const path of ["accept", "decline", "remove", "unblock"]) {
      const r = await ann.post(`/api/friends/${path}`, { user_id: bob.id });
      expect(r.status, path).toBe(404);
    }
    expect((await ann.post("/api/friends/block", { user_id: ann.id })).status).toBe(400);
    expect((await ann.post("/api/friends/block", { user_id: 999_999 })).status).toBe(404);
    expect((await ann.post("/api/friends/accept", { user_id: "x" })).status).toBe(400);
    await w.befriend(ann, bob);
    const again = await ann.post("/api/friends/request", { code: (await listOf(bob)).code });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toContain("is already your friend");
    const list = await listOf(ann);
    expect(list.friends.map((f) => f.id)).toEqual([bob.id]);
    expect([list.incoming, list.outgoing, list.blocked]).toEqual([[], [], []]);
  });

  it("a blocked player gets a stranger's answers: their request goes nowhere, the blocker leaves their list", async () => {
    await w.befriend(ann, bob);
    const blocked = await ann.post<FriendsList>("/api/friends/block", { user_id: bob.id });
    expect(blocked.body.data?.blocked.map((b) => b.id)).toEqual([bob.id]);
    expect(blocked.body.data?.friends).toEqual([]);
    // Bob hears the same notice as a remove, and ann is simply gone from his list.
    await bob.c?.waitFor((m) => m.data.type === "friends_changed" && m.data.reason === "removed");
    const bobs = await listOf(bob);
    expect(bobs.friends).toEqual([]);
    expect(bobs).not.toHaveProperty("blocked_by");
    // His request answers as any request does, and reaches nobody.
    const asked = await bob.post("/api/friends/request", { code: (await listOf(ann)).code });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ result: "requested" });
    expect((await listOf(ann)).incoming).toEqual([]);
    // Ann must unblock before asking him herself.
    const mine = await ann.post("/api/friends/request", { code: bobs.code });
    expect(mine.status).toBe(409);
    expect((await ann.post("/api/friends/unblock", { user_id: bob.id })).status).toBe(200);
    expect((await ann.post("/api/friends/request", { code: bobs.code })).status).toBe(200);
  });

  it(`at most 200 friends: a request or an accept past it is refused`, async () => {
    const k = w.db.kysely;
    const now = "2026-11-21T12:00:00.000Z";
    // 200 friends for ann, made directly (each a real player row).
    const others = await k
      .insertInto("users")
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          nickname: `Pal ${i}`,
          guest: 1,
          level: 1,
          silver: 0,
          premium: 0,
          tutorial_active: 0,
          tutorial_step: "",
          active_deck: 1,
          rank_score: 0,
          season_xp: 0,
          created_at: now,
          updated_at: now,
          login: null,
          password_hash: null,
          partner_id: null,
          device_key_hash: null,
          suspended_at: null,
          suspended_reason: null,
        })),
      )
      .returning("id")
      .execute();
    for (const o of others) await insertFriendship(k, ann.id, o.id, now);
    const full = await ann.post("/api/friends/request", { code: (await listOf(bob)).code });
    expect(full.status).toBe(409);
    expect(full.body.error?.message).toBe("You already have 200 friends.");
    expect(
      (await bob.post("/api/friends/request", { code: (await listOf(ann)).code })).status,
    ).toBe(200);
    const accept = await ann.post("/api/friends/accept", { user_id: bob.id });
    expect(accept.status).toBe(409);
    expect(await areFriends(k, ann.id, bob.id)).toBe(false);
    expect((await listOf(ann)).incoming.map((r) => r.id)).toEqual([bob.id]);
  });
});

describe("friend request throttle", () => {
  it("a player's requests per hour are limited (429 with Retry-After), guesses included", async () => {
    const w = await friendsWorld("sqlite", { FRIEND_REQUESTS_PER_HOUR: "2" });
    try {
      const ann = await w.player({ online: false });
      for (let i = 0; i < 2; i++) {
        expect((await ann.post("/api/friends/request", { code: newFriendCode() })).status).toBe(
          404,
        );
      }
      const third = await ann.post("/api/friends/request", { code: newFriendCode() });
      expect(third.status).toBe(429);
      expect(third.body.error?.message).toMatch(/^Too many friend requests/);
    } finally {
      await w.close();
    }
  });
});
