import { FRIENDS, type FriendsList } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FriendsWorld, friendsWorld, type Player } from "./friends-support.ts";
import { announceDialects, DIALECTS } from "./harness.ts";

announceDialects();

interface Start {
  result: string;
  game_id: string;
  messages: { game_data?: { friendly?: boolean; isPvP?: boolean; version: number } }[];
}
interface View {
  id: string;
  link: string;
  expires_at: number;
}

describe.each(DIALECTS)("challenges and rematches on %s", (dialect) => {
  let w: FriendsWorld;
  let ann: Player;
  let bob: Player;
  beforeEach(async () => {
    w = await friendsWorld(dialect);
    ann = await w.player();
    bob = await w.player();
    await w.befriend(ann, bob);
  });
  afterEach(async () => {
    await w.close();
  });

  const progressOf = async (id: number) =>
    w.db.kysely
      .selectFrom("users")
      .select(["silver", "rank_score", "season_xp"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const friendlyGames = async () =>
    (
      await w.db.kysely
        .selectFrom("arena_games")
        .select("id")
        .where("mode", "=", "friendly")
        .execute()
    ).length;

  /** Ann challenges Bob, Bob accepts with deck 1: the started game. */
  async function challengeAccepted(): Promise<string> {
    const sent = await ann.post<View>("/api/challenges", { friend_id: bob.id, deck: 1 });
    expect(sent.status).toBe(200);
    const id = sent.body.data?.id as string;
    expect(sent.body.data?.link).toBe(`/?challenge=${id}`);
    expect(sent.body.data?.expires_at).toBe(w.clock.now() + FRIENDS.challengeMs);
    const heard = await bob.c?.waitType("challenge");
    expect(heard?.data).toMatchObject({ id, from: { id: ann.id } });
    const accepted = await bob.post<Start>(`/api/challenges/${id}/accept`, { deck: 1 });
    expect(accepted.status).toBe(200);
    const gameId = accepted.body.data?.game_id as string;
    expect(accepted.body.data?.messages.at(-1)?.game_data).toMatchObject({
      friendly: true,
      isPvP: true,
    });
    const pushed = await ann.c?.waitType("start_game");
    expect(pushed?.data).toMatchObject({ players: "friendly", game_id: gameId });
    return gameId;
  }

  it("a challenge accepted is a friendly game: it pays nothing, moves no rank, is kept as a replay; a rematch both pressed starts another", async () => {
    const before = [await progressOf(ann.id), await progressOf(bob.id)];
    const gameId = await challengeAccepted();
    // A friend can see (and watch) the game they are in.
    const list = (await bob.get<FriendsList>("/api/friends")).body.data;
    expect(list?.friends[0]).toMatchObject({ status: "in_battle", game_id: gameId });
    // A second accept of the same challenge finds it gone.
    const ended = await ann.post<Start["messages"]>("/api/game/pvp/giveup", { game_id: gameId });
    expect(ended.status).toBe(200);
    expect([await progressOf(ann.id), await progressOf(bob.id)]).toEqual(before);
    const replays = await bob.get<{ id: string; mode: string }[]>("/api/replays");
    expect(replays.body.data).toEqual([expect.objectContaining({ id: gameId, mode: "friendly" })]);
    expect((await bob.get(`/api/replays/${gameId}`)).status).toBe(200);

    const first = await ann.post<Start>("/api/game/friendly/rematch", { game_id: gameId });
    expect(first.body.data).toEqual({ result: "waiting" });
    expect((await bob.c?.waitType("rematch"))?.data.game_id).toBe(gameId);
    const second = await bob.post<Start>("/api/game/friendly/rematch", { game_id: gameId });
    expect(second.body.data?.result).toBe("start_game");
    const next = second.body.data?.game_id as string;
    expect(next).not.toBe(gameId);
    const pushed = await ann.c?.waitFor(
      (m) => m.data.type === "start_game" && m.data.game_id === next,
    );
    expect(pushed?.data.players).toBe("friendly");
    // Pressing again while the rematch is on makes no third game.
    const late = await ann.post<Start>("/api/game/friendly/rematch", { game_id: gameId });
    expect(late.status).toBe(409);
    expect(await friendlyGames()).toBe(2);
  });

  it("a friend of a player watches their friendly game, as the friends list's Watch offers", async () => {
    const carl = await w.player();
    await w.befriend(carl, bob);
    const gameId = await challengeAccepted();
    const list = (await carl.get<FriendsList>("/api/friends")).body.data;
    expect(list?.friends[0]).toMatchObject({ id: bob.id, game_id: gameId });
    const watched = await carl.post<{ game_id: string; watchers: number }>("/api/game/pvp/watch", {
      game_id: gameId,
    });
    expect(watched.status, JSON.stringify(watched.body)).toBe(200);
    expect(watched.body.data).toMatchObject({ game_id: gameId, watchers: 1 });
    expect((await ann.c?.waitType("watchers"))?.data).toMatchObject({ game_id: gameId, count: 1 });
    // The end reaches the spectator too.
    await ann.post("/api/game/pvp/giveup", { game_id: gameId });
    const end = await carl.c?.waitFor((m) => m.data.type === "spectate");
    expect(end?.data).toMatchObject({ view: { game_id: gameId, over: true } });
  });

  it("both pressing Rematch at the same moment makes exactly one game", async () => {
    const gameId = await challengeAccepted();
    await ann.post("/api/game/pvp/giveup", { game_id: gameId });
    const [a, b] = await Promise.all([
      ann.post<Start>("/api/game/friendly/rematch", { game_id: gameId }),
      bob.post<Start>("/api/game/friendly/rematch", { game_id: gameId }),
    ]);
    const results = [a.body.data?.result, b.body.data?.result].sort();
    expect(results).toEqual(["start_game", "waiting"]);
    expect(await friendlyGames()).toBe(2);
  });

  it("only its addressee accepts, once; it expires after 60 s and both hear it", async () => {
    const carl = await w.player();
    const sent = await ann.post<View>("/api/challenges", { friend_id: bob.id, deck: 1 });
    const id = sent.body.data?.id as string;
    const other = await carl.post(`/api/challenges/${id}/accept`, { deck: 1 });
    expect(other.status).toBe(403);
    expect(other.body.error?.message).toBe("This challenge is for another player.");
    const own = await ann.post(`/api/challenges/${id}/accept`, { deck: 1 });
    expect(own.status).toBe(400);
    w.clock.advance(FRIENDS.challengeMs);
    expect((await ann.c?.waitType("challenge_closed"))?.data).toEqual({
      type: "challenge_closed",
      id,
      reason: "expired",
    });
    expect((await bob.c?.waitType("challenge_closed"))?.data.reason).toBe("expired");
    const late = await bob.post(`/api/challenges/${id}/accept`, { deck: 1 });
    expect(late.status).toBe(404);
    expect(late.body.error?.message).toBe("This challenge has expired or was withdrawn.");
    expect(await friendlyGames()).toBe(0);
  });

  it("decline and cancel close it for the other side", async () => {
    const one = (await ann.post<View>("/api/challenges", { friend_id: bob.id, deck: 1 })).body.data
      ?.id as string;
    expect((await bob.post(`/api/challenges/${one}/decline`)).status).toBe(200);
    expect((await ann.c?.waitType("challenge_closed"))?.data).toMatchObject({
      id: one,
      reason: "declined",
    });
    const two = (await ann.post<View>("/api/challenges", { friend_id: bob.id, deck: 1 })).body.data
      ?.id as string;
    expect((await ann.post(`/api/challenges/${two}/cancel`)).status).toBe(200);
    await bob.c?.waitFor(
      (m) =>
        m.data.type === "challenge_closed" && m.data.id === two && m.data.reason === "cancelled",
    );
    expect((await bob.post(`/api/challenges/${two}/accept`, { deck: 1 })).status).toBe(404);
  });

  it("a link challenge is accepted by whoever opens it, a new guest too", async () => {
    const sent = await ann.post<View>("/api/challenges", { deck: 1 });
    const id = sent.body.data?.id as string;
    const guest = await w.player({ online: false });
    const seen = await guest.get<View>(`/api/challenges/${id}`);
    expect(seen.body.data).toMatchObject({ id, from: { id: ann.id }, to: null });
    const accepted = await guest.post<Start>(`/api/challenges/${id}/accept`, { deck: 1 });
    expect(accepted.body.data?.result).toBe("start_game");
    expect((await bob.post(`/api/challenges/${id}/accept`, { deck: 1 })).status).toBe(404);
  });

  it("bad input: strangers, offline friends, busy friends, blocked players, bad decks and ids change nothing", async () => {
    const carl = await w.player();
    const dora = await w.player({ online: false });
    await w.befriend(ann, dora);
    const tries: [Player, string, unknown, number, string][] = [
      [
        ann,
        "/api/challenges",
        { friend_id: carl.id, deck: 1 },
        404,
        "That player is not your friend.",
      ],
      [
        ann,
        "/api/challenges",
        { friend_id: ann.id, deck: 1 },
        400,
        "You cannot challenge yourself.",
      ],
      [ann, "/api/challenges", { friend_id: dora.id, deck: 1 }, 409, "is offline"],
      [ann, "/api/challenges", { friend_id: bob.id, deck: 2 }, 400, "Deck 2"],
      [ann, "/api/challenges", { friend_id: bob.id, deck: 9 }, 400, "deck"],
      [ann, "/api/challenges", { friend_id: "bob", deck: 1 }, 400, "friend_id"],
      [bob, "/api/challenges/short/accept", { deck: 1 }, 400, "No such challenge."],
      [bob, `/api/challenges/${"A".repeat(22)}/accept`, { deck: 1 }, 404, "expired"],
      [
        bob,
        "/api/game/friendly/rematch",
        { game_id: "0".repeat(36) },
        404,
        "No finished friendly game",
      ],
    ];
    for (const [who, path, body, status, text] of tries) {
      const r = await who.post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(r.body.error?.message).toContain(text);
    }
    // A busy friend: in a story battle.
    expect((await bob.post("/api/game/cpu/start", { cpu_id: 6 })).status).toBe(200);
    const busy = await ann.post("/api/challenges", { friend_id: bob.id, deck: 1 });
    expect(busy.status).toBe(409);
    expect(busy.body.error?.message).toContain("is in a battle");
    // Blocked: the same answer as a stranger, and a link challenge of theirs is "gone".
    expect((await ann.post("/api/friends/block", { user_id: carl.id })).status).toBe(200);
    const link = (await ann.post<View>("/api/challenges", { deck: 1 })).body.data?.id as string;
    const refused = await carl.post(`/api/challenges/${link}/accept`, { deck: 1 });
    expect(refused.status).toBe(404);
    expect(refused.body.error?.message).toBe("This challenge has expired or was withdrawn.");
    expect((await carl.get(`/api/challenges/${link}`)).status).toBe(404);
    expect(await friendlyGames()).toBe(0);
  });
});
