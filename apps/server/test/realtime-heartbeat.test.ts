import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ChannelClient, newGuest } from "../../../bench/pvp/arena-client.ts";
import { buildApp } from "../src/app.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import { freshDb, testConfig } from "./harness.ts";

/** A registered socket that never answers pings (a peer whose TCP connection died silently). */
async function mutedSocket(
  base: string,
  me: { id: number; token: string },
  onPing?: (ws: WebSocket, data: Buffer) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace("http", "ws")}/wss?token=${me.token}`, {
    autoPong: false,
  });
  // Listening from the start: the server may ping a socket before it has
  // registered (the first round starts within one slice of a socket
  // arriving), and a ping nobody heard is never answered.
  if (onPing) ws.on("ping", (data: Buffer) => onPing(ws, data));
  await new Promise<void>((resolve, reject) => {
    ws.on("open", () => {
      ws.send(JSON.stringify({ action: "register", version: "t", data: { user_id: me.id } }));
    });
    ws.on("message", (raw) => {
      const m = JSON.parse(raw.toString()) as { data: { type: string } };
      if (m.data.type === "registered") resolve();
    });
    ws.on("error", reject);
  });
  return ws;
}

describe("the channel's heartbeat (pings spread over the interval)", () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig(),
      db: await freshDb("sqlite"),
      content: loadGameContent(),
      seasonSchedule: false,
      arena: { heartbeatMs: 500 },
    });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("closes sockets that stop answering pings and keeps the ones that answer", async () => {
    // Players arrive after a few heartbeat slices found no socket at all (a
    // freshly started server): the heartbeat must still reach them.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const alive = await Promise.all([1, 2, 3].map(async () => newGuest(base)));
    const clients = await Promise.all(alive.map((me) => ChannelClient.open(base, me)));
    await Promise.all(clients.map((c) => c.waitType("registered")));
    const muted = await Promise.all(
      [1, 2].map(async () => mutedSocket(base, await newGuest(base))),
    );
    const closedCodes = await Promise.all(
      muted.map((ws) => new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)))),
    );
    expect(closedCodes).toHaveLength(2);
    for (const c of clients) expect(c.ws.readyState).toBe(WebSocket.OPEN);
    await Promise.all(clients.map((c) => c.close()));
  });
});

describe("the channel's heartbeat with a few sockets (one round per interval)", () => {
  // 6 s: a pong 1.2 s late still has 4.8 s before the socket's next turn,
  // room for a busy machine's timer lag (3 s failed once at load 30).
  const HEARTBEAT_MS = 6000;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig(),
      db: await freshDb("sqlite"),
      content: loadGameContent(),
      seasonSchedule: false,
      arena: { heartbeatMs: HEARTBEAT_MS },
    });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("pings each of few sockets once per interval and keeps one whose pongs come 1.2 s late", async () => {
    // A round over two sockets ends after three 250 ms slices; the next one
    // used to start at once, so a pong slower than 750 ms closed the socket
    // (a busy browser through nginx: it reconnected, maybe to another process).
    // The ping handler is attached as the socket is made: a loaded machine
    // once took longer than one 250 ms slice to sign the second guest up,
    // the first ping went unheard, and the next round closed the socket (1006).
    const [lateGuest, otherGuest] = [await newGuest(base), await newGuest(base)];
    const pings: number[] = [];
    const late = await mutedSocket(base, lateGuest, (ws, data) => {
      pings.push(Date.now());
      setTimeout(() => ws.pong(data), 1200);
    });
    const other = await ChannelClient.open(base, otherGuest);
    await other.waitType("registered");
    let closed: number | null = null;
    late.on("close", (code) => {
      closed = code;
    });
    // Three intervals and a half: at most four rounds can start in it.
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3.5));
    expect(closed).toBeNull();
    expect(late.readyState).toBe(WebSocket.OPEN);
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(pings.length).toBeLessThanOrEqual(4);
    late.close();
    await other.close();
  }, 60_000);
});
