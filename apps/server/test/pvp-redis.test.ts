import { chooseTurn } from "@cardrealm/ai";
import { CATALOGUE } from "@cardrealm/content";
import type { Side } from "@cardrealm/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChannelClient, call, newGuest } from "../../../bench/pvp/arena-client.ts";
import type { Db } from "../src/db/database.ts";
import { insertFriendship } from "../src/db/repositories/friends-repo.ts";
import { battleState } from "./harness.ts";
import type { ServerProcess } from "./process.ts";
import { arenaLevel, type SharedProcesses, startSharedProcesses } from "./shared-processes.ts";

/**
 * Two real server processes sharing one Redis and one database: two players,
 * each connected to a different process, are matched and play a whole game;
 * one drops and comes back on the other process. Runs only with REDIS_URL.
 */
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  console.warn("REDIS_URL unset: the two-process Redis arena test does not run.");
}

interface Msg {
  game_data?: { active: string };
  end_game?: { winner: string | null; result?: { rewards: { silver: number } } };
}

describe.skipIf(!REDIS_URL)("two server processes sharing Redis", () => {
  let shared: SharedProcesses;
  let servers: ServerProcess[] = [];
  const clients: ChannelClient[] = [];
  let db: Db;

  beforeAll(async () => {
    shared = await startSharedProcesses(REDIS_URL ?? "", { count: 2, scratch: "t_redis" });
    ({ servers, db } = shared);
  }, 150_000); // two processes start one after the other; each may take a minute under load

  afterAll(async () => {
    for (const c of clients) c.kill();
    await shared?.stop();
  }, 30_000);

  const stateOf = (gameId: string) => battleState(db, gameId);

  it("matches players connected to different processes and they play a whole game", async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const a = await newGuest(one.url);
    const b = await newGuest(two.url);
    await arenaLevel(db, [a.id, b.id]);
    const ca = await ChannelClient.open(one.url, a);
    const cb = await ChannelClient.open(two.url, b);
    clients.push(ca, cb);
    await ca.waitType("registered");
    await cb.waitType("registered");

    expect(
      (await call(one.url, a.token, "POST", "/api/game/pvp/queue", { version: 1 })).status,
    ).toBe(200);
    expect(
      (await call(two.url, b.token, "POST", "/api/game/pvp/queue", { version: 1 })).status,
    ).toBe(200);
    const ma = await ca.waitType("confirm_start_game");
    const mb = await cb.waitType("confirm_start_game");
    expect(ma.data.players).toBe(mb.data.players);
    const players = ma.data.players as string;
    await call(one.url, a.token, "POST", "/api/game/pvp/confirm-start-game", { players });
    const started = await call<{ result: string; game_id: string }>(
      two.url,
      b.token,
      "POST",
      "/api/game/pvp/confirm-start-game",
      { players },
    );
    expect(started.body.data?.result).toBe("start_game");
    const gameId = started.body.data?.game_id as string;
    await ca.waitType("start_game");

    const seat = async (id: number) =>
      (
        await db.kysely
          .selectFrom("arena_seats")
          .select("side")
          .where("user_id", "=", id)
          .executeTakeFirstOrThrow()
      ).side as Side;
    const who = new Map<Side, { token: string; url: string; id: number }>([
      [await seat(a.id), { token: a.token, url: one.url, id: a.id }],
      [await seat(b.id), { token: b.token, url: two.url, id: b.id }],
    ]);

    let state = await stateOf(gameId);
    let seed = 11;
    let dropped = false;
    for (let guard = 0; guard < 400 && !state.over; guard++) {
      // Half way, b drops from process two and comes back on process one.
      if (!dropped && state.turn >= 6) {
        dropped = true;
        // a's moves (answered by process one) reached b on process two through Redis.
        expect(cb.messages.some((m) => m.data.type === "state" && m.data.resume === false)).toBe(
          true,
        );
        cb.kill();
        await ca.waitType("opponent_drop");
        const back = await ChannelClient.open(one.url, b, { clearState: false });
        clients.push(back);
        await back.waitFor((m) => m.data.type === "state" && m.data.resume === true);
        await ca.waitType("opponent_back");
        who.set(await seat(b.id), { token: b.token, url: one.url, id: b.id });
      }
      const side = state.active;
      const mover = who.get(side) as { token: string; url: string };
      const plan = chooseTurn(state, side, CATALOGUE, { tier: "easy", seed: seed++ });
      for (const [i, act] of plan.entries()) {
        // Each accepted move advances the version by one.
        const version = state.version + i;
        const body =
          act.type === "play_card"
            ? {
                game_id: gameId,
                version,
                hand_key: act.handKey,
                ...(act.cell !== undefined ? { cell: act.cell } : {}),
                ...(act.target
                  ? { key: act.target.key, value: act.target.value, side: act.target.side }
                  : {}),
              }
            : act.type === "end_turn"
              ? {
                  game_id: gameId,
                  version,
                  player_attack: act.attack,
                  ...(act.discard !== undefined ? { discard_card: act.discard } : {}),
                }
              : { game_id: gameId };
        const path =
          act.type === "play_card" ? "play-card" : act.type === "end_turn" ? "end-turn" : "giveup";
        const r = await call<Msg[]>(mover.url, mover.token, "POST", `/api/game/pvp/${path}`, body);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      state = await stateOf(gameId);
    }
    expect(state.over).toBe(true);
    expect(dropped).toBe(true);

    // Both hear the end over the channel or in an answer; the one who did not move
    // last got it through Redis from the other process.
    const lastMover = who.get(state.active) as { id: number };
    const listener = lastMover.id === a.id ? (clients[clients.length - 1] as ChannelClient) : ca;
    const end = await listener.waitFor(
      (m) => m.data.type === "state" && (m.data.messages as Msg[]).some((x) => x.end_game),
      10_000,
    );
    const endMsg = (end.data.messages as Msg[]).find((x) => x.end_game) as Msg;
    expect(endMsg.end_game?.result?.rewards.silver).toBeGreaterThan(0);
  }, 60_000);

  it("a spectator on the other process gets the turns a turn late and the players hear 'watching'; two emotes at once on two processes: exactly one passes", async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const a = await newGuest(one.url);
    const b = await newGuest(one.url);
    const fan = await newGuest(two.url);
    await db.kysely
      .updateTable("users")
      .set({ level: 3 })
      .where("id", "in", [a.id, b.id])
      .execute();
    await insertFriendship(db.kysely, fan.id, b.id, "2026-11-21T12:00:00.000Z");
    const ca = await ChannelClient.open(one.url, a);
    const cb = await ChannelClient.open(one.url, b);
    const cf = await ChannelClient.open(two.url, fan);
    clients.push(ca, cb, cf);
    for (const c of [ca, cb, cf]) await c.waitType("registered");
    await call(one.url, a.token, "POST", "/api/game/pvp/queue", { version: 1 });
    await call(one.url, b.token, "POST", "/api/game/pvp/queue", { version: 1 });
    const players = (await ca.waitType("confirm_start_game")).data.players as string;
    await call(one.url, a.token, "POST", "/api/game/pvp/confirm-start-game", { players });
    const started = await call<{ game_id: string }>(
      one.url,
      b.token,
      "POST",
      "/api/game/pvp/confirm-start-game",
      { players },
    );
    const gameId = started.body.data?.game_id as string;

    const watched = await call(two.url, fan.token, "POST", "/api/game/pvp/watch", {
      game_id: gameId,
    });
    expect(watched.status).toBe(200);
    expect((await ca.waitType("watchers")).data.count).toBe(1);

    // Turn 2 starts on process one: the spectator on process two sees turn 1's start.
    const s1 = await stateOf(gameId);
    const side0 = await db.kysely
      .selectFrom("arena_seats")
      .select("user_id")
      .where("game_id", "=", gameId)
      .where("side", "=", s1.active)
      .executeTakeFirstOrThrow();
    const mover = side0.user_id === a.id ? a : b;
    const ended = await call(one.url, mover.token, "POST", "/api/game/pvp/end-turn", {
      game_id: gameId,
      version: s1.version,
      player_attack: [0, 0, 0, 0, 0],
    });
    expect(ended.status).toBe(200);
    const view = (await cf.waitType("spectate")).data.view as {
      live_turn: number;
      shown_turn: number;
      messages: { player?: { hand: Record<string, number> } }[];
    };
    expect(view).toMatchObject({ live_turn: 2, shown_turn: 1 });
    expect(view.messages[0]?.player?.hand).toEqual({});

    // The same player's two emotes, one to each process, at the same moment.
    const both = await Promise.all(
      [one, two].map((s) =>
        call(s.url, a.token, "POST", "/api/game/pvp/emote", { game_id: gameId, emote: "wow" }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect((await cb.waitType("emote")).data.emote).toBe("wow");
  }, 60_000);
});
