import type { FastifyInstance } from "fastify";
import { ChannelClient, call, type HttpAnswer, newGuest } from "../../../bench/pvp/arena-client.ts";
import { buildApp } from "../src/app.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import type { Db } from "../src/db/database.ts";
import { ManualClock } from "../src/realtime/room-clock.ts";
import { type DialectUnderTest, freshDb, testConfig } from "./harness.ts";

/** A signed-in guest with an open channel, or none (offline). */
export interface Player {
  id: number;
  token: string;
  c: ChannelClient | null;
  get: <T = unknown>(path: string) => Promise<HttpAnswer<T>>;
  post: <T = unknown>(path: string, body?: unknown) => Promise<HttpAnswer<T>>;
}

/** A listening server on a manual room clock, for the friends and challenge tests. */
export interface FriendsWorld {
  app: FastifyInstance;
  db: Db;
  base: string;
  clock: ManualClock;
  player(opts?: { online?: boolean }): Promise<Player>;
  /** Makes two players friends through a code request and its accept. */
  befriend(a: Player, b: Player): Promise<void>;
  close(): Promise<void>;
}

export async function friendsWorld(
  dialect: DialectUnderTest,
  env: Record<string, string> = {},
  opts: { db?: Db } = {},
): Promise<FriendsWorld> {
  const clock = new ManualClock();
  const db = opts.db ?? (await freshDb(dialect));
  const app = await buildApp({
    config: testConfig(env),
    db,
    content: loadGameContent(),
    clock: () => clock.now(),
    seasonSchedule: false,
    arena: { roomClock: clock, heartbeatMs: 0 },
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const sockets: ChannelClient[] = [];
  async function player(o: { online?: boolean } = {}): Promise<Player> {
    const g = await newGuest(base);
    let c: ChannelClient | null = null;
    if (o.online !== false) {
      c = await ChannelClient.open(base, g);
      await c.waitType("registered");
      sockets.push(c);
    }
    return {
      ...g,
      c,
      get: (path) => call(base, g.token, "GET", path),
      post: (path, body) => call(base, g.token, "POST", path, body ?? {}),
    };
  }
  async function befriend(a: Player, b: Player): Promise<void> {
    const code = (await b.get<{ code: string }>("/api/friends")).body.data?.code;
    const asked = await a.post("/api/friends/request", { code });
    if (asked.status !== 200) throw new Error(`request failed: ${JSON.stringify(asked.body)}`);
    const ok = await b.post("/api/friends/accept", { user_id: a.id });
    if (ok.status !== 200) throw new Error(`accept failed: ${JSON.stringify(ok.body)}`);
  }
  return {
    app,
    db,
    base,
    clock,
    player,
    befriend,
    async close() {
      for (const s of sockets) s.kill();
      await app.close();
    },
  };
}
