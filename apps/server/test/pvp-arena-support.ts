/**
 * The PvP arena's test bed, shared by pvp-arena.test.ts (matching and whole
 * games) and pvp-arena-clock.test.ts (turn clocks, drops, endings, the bot):
 * a server per test on a manual room clock, players with a channel, a match.
 */
import { chooseTurn } from "@cardrealm/ai";
import { CATALOGUE } from "@cardrealm/content";
import type { Action, BattleState, Side } from "@cardrealm/engine";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, expect } from "vitest";
import { ChannelClient, call, type HttpAnswer, newGuest } from "../../../bench/pvp/arena-client.ts";
import { buildApp } from "../src/app.ts";
import type { ArenaGameFinished } from "../src/battles/arena-battles.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import type { Db } from "../src/db/database.ts";
import { ManualClock } from "../src/realtime/room-clock.ts";
import { battleState, type DialectUnderTest, freshDb, testConfig } from "./harness.ts";

export interface Msg {
  game_data?: {
    game_id: string;
    version: number;
    active: string;
    isPvP?: boolean;
    cpu_id?: number;
    turn?: number;
    turn_deadline?: number;
    server_time?: number;
    idle_left?: number;
    cpuName?: string;
    player_rank?: string;
    cpu_rank?: string;
  };
  player?: { hand: Record<string, number>; hp: number };
  cpu?: Record<string, unknown>;
  skip_turn?: boolean;
  end_game?: {
    winner: string | null;
    reason: string;
    result?: { rewards: { silver: number }; rank_delta?: number; season_xp?: number };
  };
}

export interface Player {
  id: number;
  token: string;
  c: ChannelClient;
  post: <T = unknown>(path: string, body?: unknown) => Promise<HttpAnswer<T>>;
}

export const last = (list: Msg[]) => list[list.length - 1] as Msg;

/** Moves whose bodies the PvP calls take, chosen by packages/ai from the true state. */
export function bodiesFor(state: BattleState, side: Side, gameId: string, seed: number) {
  const plan: Action[] = chooseTurn(state, side, CATALOGUE, { tier: "easy", seed });
  // Each accepted move advances the version by one: the i-th move acts on version + i.
  return plan.map((a, i) => {
    const version = state.version + i;
    if (a.type === "play_card") {
      return {
        path: "/api/game/pvp/play-card",
        body: {
          game_id: gameId,
          version,
          hand_key: a.handKey,
          ...(a.cell !== undefined ? { cell: a.cell } : {}),
          ...(a.target ? { key: a.target.key, value: a.target.value, side: a.target.side } : {}),
        },
      };
    }
    if (a.type === "end_turn") {
      return {
        path: "/api/game/pvp/end-turn",
        body: {
          game_id: gameId,
          version,
          player_attack: a.attack,
          ...(a.discard !== undefined ? { discard_card: a.discard } : {}),
        },
      };
    }
    return { path: "/api/game/pvp/giveup", body: { game_id: gameId } };
  });
}

/** One test's server: made fresh before each test, closed after it. */
export interface ArenaBed {
  app: FastifyInstance;
  db: Db;
  base: string;
  clock: ManualClock;
  /** Every arena game's finish hook call, in order. */
  finished: ArenaGameFinished[];
  /** The players' channels, closed after the test. */
  players: Player[];
  player(level?: number): Promise<Player>;
  match(a: Player, b: Player): Promise<Match>;
  stateOf(gameId: string): Promise<BattleState>;
}

export interface Match {
  gameId: string;
  players: string;
  state: BattleState;
  bySide: Map<Side, Player>;
  openingA: Msg;
  openingB: Msg;
}

/**
 * Registers a fresh server for each test of the calling describe block;
 * `env` gives the server's settings when it starts (the paid-battle tests set
 * the rule's production values).
 */
export function arenaBed(
  dialect: DialectUnderTest,
  env: () => Record<string, string> = () => ({}),
): ArenaBed {
  const t = { players: [] as Player[], finished: [] as ArenaGameFinished[] } as ArenaBed;

  beforeEach(async () => {
    t.clock = new ManualClock();
    t.finished = [];
    t.db = await freshDb(dialect);
    t.app = await buildApp({
      config: testConfig(env()),
      db: t.db,
      content: loadGameContent(),
      clock: () => t.clock.now(),
      seasonSchedule: false,
      arena: {
        roomClock: t.clock,
        heartbeatMs: 0,
        botDelays: () => ({ beforePlayMs: 1_500, beforeEndTurnMs: 2_000 }),
        onArenaGameFinished: (e) => {
          t.finished.push(e);
        },
      },
    });
    t.base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(async () => {
    for (const p of t.players.splice(0)) p.c.kill();
    await t.app.close();
  });

  t.player = async function player(level = 3): Promise<Player> {
    const g = await newGuest(t.base);
    await t.db.kysely.updateTable("users").set({ level }).where("id", "=", g.id).execute();
    const c = await ChannelClient.open(t.base, g);
    await c.waitType("registered");
    const p: Player = {
      ...g,
      c,
      post: (path, body) => call(t.base, g.token, "POST", path, body ?? {}),
    };
    t.players.push(p);
    return p;
  };

  t.stateOf = (gameId: string) => battleState(t.db, gameId);

  /** Both queue, both hear confirm_start_game, both confirm: the started game. */
  t.match = async function match(a: Player, b: Player): Promise<Match> {
    // Only what this match brings (the players may have played before).
    const fromA = a.c.messages.length;
    const fromB = b.c.messages.length;
    expect((await a.post("/api/game/pvp/queue", { version: "1.21-p" })).status).toBe(200);
    expect((await b.post("/api/game/pvp/queue", { version: "1.21-p" })).status).toBe(200);
    const ca = await a.c.waitType("confirm_start_game", 10_000, fromA);
    const cb = await b.c.waitType("confirm_start_game", 10_000, fromB);
    expect(ca.data.players).toBe(cb.data.players);
    const players = ca.data.players as string;
    const first = await a.post<{ result: string }>("/api/game/pvp/confirm-start-game", { players });
    expect(first.body.data?.result).toBe("waiting");
    const second = await b.post<{ result: string; game_id: string; messages: Msg[] }>(
      "/api/game/pvp/confirm-start-game",
      { players },
    );
    expect(second.body.data?.result).toBe("start_game");
    const gameId = second.body.data?.game_id as string;
    // The first confirmer hears it over the channel, and at its next poll.
    const pushed = await a.c.waitType("start_game", 10_000, fromA);
    expect(pushed.data.game_id).toBe(gameId);
    const polled = await a.post<{ result: string; messages: Msg[] }>(
      "/api/game/pvp/confirm-start-game",
      { players },
    );
    expect(polled.body.data?.result).toBe("start_game");
    const state = await t.stateOf(gameId);
    const sideOf = async (p: Player) =>
      (
        await t.db.kysely
          .selectFrom("arena_seats")
          .select("side")
          .where("user_id", "=", p.id)
          .executeTakeFirstOrThrow()
      ).side as Side;
    return {
      gameId,
      players,
      state,
      bySide: new Map<Side, Player>([
        [await sideOf(a), a],
        [await sideOf(b), b],
      ]),
      openingA: last(polled.body.data?.messages ?? []),
      openingB: last(second.body.data?.messages ?? []),
    };
  };

  return t;
}
