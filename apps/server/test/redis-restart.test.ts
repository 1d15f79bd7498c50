import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import type { Side } from "@cardrealm/engine";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChannelClient, call, newGuest } from "../../../bench/pvp/arena-client.ts";
import { passivePlanner } from "./battle-play.ts";
import { battleState } from "./harness.ts";
import { exited, type ServerProcess } from "./process.ts";
import { arenaLevel, type SharedProcesses, startSharedProcesses } from "./shared-processes.ts";

/**
 * Item 8 of issue 23: a server process survives its Redis restarting empty
 * (the compose Redis keeps nothing). This test starts ITS OWN redis-server
 * (never the shared one) and restarts it during a queue and during a game.
 * Without redis-server it is skipped, except in CI (CI=true), where it fails.
 * Every wait is for the thing itself, with deadlines meant for a busy
 * machine (other tests' processes on the same two cores).
 */
const REDIS_PORT = Number(process.env.REDIS_RESTART_PORT ?? 4417);
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const haveRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
if (!haveRedisServer) {
  if (process.env.CI === "true")
    throw new Error("redis-server is needed for redis-restart.test.ts");
  console.warn("redis-server not installed: the Redis restart test does not run.");
}

/** A throwaway redis-server that keeps nothing on disk, like the compose one. */
async function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const probe = new Redis(REDIS_URL, { retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on("error", () => {});
    const up = await probe.ping().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (up) break;
    if (child.exitCode !== null) throw new Error("redis-server exited (is the port taken?)");
    if (Date.now() > deadline) throw new Error("redis-server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  child.kill("SIGKILL");
  await exited(child);
}

/** Waits for `check` to answer something other than undefined (polling every 100 ms). */
async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!haveRedisServer)("a Redis restart, survived", () => {
  let redisServer: ChildProcess;
  let shared: SharedProcesses;
  let server: ServerProcess;
  let redis: Redis;
  const clients: ChannelClient[] = [];

  beforeAll(async () => {
    redisServer = await startRedis();
    shared = await startSharedProcesses(REDIS_URL, { count: 1, scratch: "t_restart" });
    server = shared.servers[0] as ServerProcess;
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redis.on("error", () => {});
  }, 150_000);

  afterAll(async () => {
    for (const c of clients) c.kill();
    redis?.disconnect();
    await shared?.stop();
    if (redisServer) await stopRedis(redisServer);
  }, 30_000);

  const restartRedis = async () => {
    await stopRedis(redisServer);
    redisServer = await startRedis();
  };

  it("a queued player is put back in the queue with their join time: a second join is 409 again", async () => {
    const a = await newGuest(server.url);
    await arenaLevel(shared.db, [a.id]);
    const queue = () => call(server.url, a.token, "POST", "/api/game/pvp/queue", { version: 1 });
    expect((await queue()).status).toBe(200);
    const joinedAt = await redis.hget(`${shared.prefix}qt`, String(a.id));
    expect(joinedAt).not.toBeNull();
    expect((await queue()).status).toBe(409);

    await redis.set(`${shared.prefix}test-marker`, "1");
    // Straight after the server started: a wipe before its first epoch check
    // must be seen too (it was not, and the player was forgotten).
    await restartRedis();
    expect(await redis.exists(`${shared.prefix}test-marker`)).toBe(0); // it came back empty

    // The server notices on its own (no call of the player's needed) and puts them back.
    await until(
      async () =>
        (await redis.zscore(`${shared.prefix}q`, String(a.id))) === null ? undefined : true,
      30_000,
    );
    expect(await redis.hget(`${shared.prefix}qt`, String(a.id))).toBe(joinedAt);
    expect((await queue()).status).toBe(409);
    // Out of the queue again, so the next case's players are paired with each other.
    expect((await call(server.url, a.token, "POST", "/api/game/pvp/cancel-queue")).status).toBe(
      200,
    );
  }, 120_000);

  it("players whose match was waiting for confirmation are told the queue was reset", async () => {
    const players = [await newGuest(server.url), await newGuest(server.url)];
    await arenaLevel(
      shared.db,
      players.map((p) => p.id),
    );
    const sockets: ChannelClient[] = [];
    for (const p of players) {
      const socket = await ChannelClient.open(server.url, p);
      clients.push(socket);
      sockets.push(socket);
      await socket.waitType("registered", 30_000);
    }
    for (const p of players) {
      const joined = await call(server.url, p.token, "POST", "/api/game/pvp/queue", { version: 1 });
      expect(joined.status).toBe(200);
    }
    const offers = await Promise.all(sockets.map((s) => s.waitType("confirm_start_game", 30_000)));
    const matchId = offers[0]?.data.players;
    expect(typeof matchId).toBe("string");
    expect(offers[1]?.data.players).toBe(matchId);

    // Who confirmed is lost with Redis: the match cannot be put back, so both are told.
    await restartRedis();
    for (const socket of sockets) {
      const told = await socket.waitFor(
        (m) => m.data.type === "queue_reset" && m.data.players === matchId,
        45_000,
      );
      expect(told.data.players).toBe(matchId);
    }
    const first = players[0] as { id: number; token: string };
    const confirm = await call(
      server.url,
      first.token,
      "POST",
      "/api/game/pvp/confirm-start-game",
      {
        players: matchId,
      },
    );
    expect(confirm.status).toBe(404);
    for (const p of players)
      expect(await redis.zscore(`${shared.prefix}q`, String(p.id))).toBeNull();
  }, 180_000);

  it("a player whose game messages were lost while Redis was away gets a resync when it returns", async () => {
    const b = await newGuest(server.url);
    await arenaLevel(shared.db, [b.id]);
    const socket = await ChannelClient.open(server.url, b);
    clients.push(socket);
    await socket.waitType("registered");
    const started = await call<{ game_data?: { game_id: string } }[]>(
      server.url,
      b.token,
      "POST",
      "/api/game/pvp/bot",
    );
    expect(started.status).toBe(200);
    const gameId = (started.body.data ?? []).find((m) => m.game_data)?.game_data?.game_id as string;
    const stateOf = () => battleState(shared.db, gameId);

    // The human (side 0) may not open: the bot's first player is drawn from the
    // seed (issue 24 item 7), so wait for the human's turn (a whole bot turn
    // is at most the 50 s turn). Redis goes away first, then the human ends
    // the turn: every move after it is made while Redis is away, however
    // slowly this test runs (the bot's first wait is only 0.6 s or more).
    const human: Side = 0;
    const opening = await until(async () => {
      const s = await stateOf();
      return s.active === human ? s : undefined;
    }, 90_000);
    const end = passivePlanner(opening, human)[0];
    if (end?.type !== "end_turn") throw new Error("no end_turn");
    await stopRedis(redisServer);
    const ended = await call(server.url, b.token, "POST", "/api/game/pvp/end-turn", {
      game_id: gameId,
      version: opening.version,
      player_attack: end.attack,
      ...(end.discard !== undefined ? { discard_card: end.discard } : {}),
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);

    // The bot plays its turn while Redis is away: its moves reach the database, not the player.
    const back = await until(async () => {
      const s = await stateOf();
      return s.active === human || s.over ? s : undefined;
    }, 90_000);
    const heard = () =>
      socket.messages.some((m) => m.data.type === "state" && m.data.seq === back.version);
    expect(heard()).toBe(false);

    redisServer = await startRedis();
    const resync = await socket.waitFor(
      (m) => m.data.type === "state" && m.data.resume === true && m.data.seq === back.version,
      45_000,
    );
    expect(resync.data.game_id).toBe(gameId);
  }, 300_000);
});
