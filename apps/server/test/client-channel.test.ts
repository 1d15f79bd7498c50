import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { newGuest } from "../../../bench/pvp/arena-client.ts";
import {
  type ChannelClient,
  type ChannelMessage,
  type ChannelStatus,
  channelUrl,
  createChannelClient,
  type SocketLike,
} from "../../client/src/lib/realtime/channel-client.ts";
import { buildApp } from "../src/app.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import { ManualClock } from "../src/realtime/room-clock.ts";
import { freshDb, testConfig } from "./harness.ts";

/**
 * The browser's channel client (apps/client/src/lib/realtime) against the
 * real /wss: it registers, confirms (so the server stops resending),
 * reconnects after a dropped connection, and stops when a newer socket of
 * the same player takes over. A `ws` socket stands in for the browser's.
 */
async function until(cond: () => boolean, what: string, ms = 6_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the client's realtime channel against the server", () => {
  let app: FastifyInstance;
  let host = "";
  const clock = new ManualClock();

  beforeAll(async () => {
    const db = await freshDb("sqlite");
    app = await buildApp({
      config: testConfig(),
      db,
      content: loadGameContent(),
      clock: () => clock.now(),
      seasonSchedule: false,
      arena: { roomClock: clock, heartbeatMs: 0 },
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    host = new URL(base).host;
  });
  afterAll(async () => {
    await app.close();
  });

  function open(user: { id: number; token: string }) {
    const sockets: WebSocket[] = [];
    const frames: string[] = [];
    const messages: ChannelMessage[] = [];
    const statuses: ChannelStatus[] = [];
    const client: ChannelClient = createChannelClient({
      url: channelUrl({ protocol: "http:", host }),
      token: user.token,
      userId: user.id,
      version: "1.21-p",
      onMessage: (m) => messages.push(m),
      onStatus: (s) => statuses.push(s),
      createSocket: (url) => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        ws.on("message", (raw) => frames.push(String(raw)));
        sockets.push(ws);
        return ws as unknown as SocketLike;
      },
    });
    client.start();
    return { client, sockets, frames, messages, statuses };
  }

  it("registers, confirms what it gets (no more resends) and reconnects after a drop", async () => {
    const base = `http://${host}`;
    const me = await newGuest(base);
    const c = open(me);
    await until(() => c.messages.some((m) => m.data.type === "registered"), "registered");
    // Let the confirm go out (the send queue), then move the server's resend clock on.
    await until(() => c.client.pending() === 0, "the confirm sent");
    await new Promise((r) => setTimeout(r, 150));
    const before = c.frames.length;
    clock.advance(6_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.frames.length).toBe(before);

    // The connection dies without a close frame: 2 s later a new socket registers again.
    c.sockets[0]?.terminate();
    await until(() => c.statuses.includes("closed"), "closed");
    await until(() => c.sockets.length === 2 && c.client.status() === "open", "reconnected", 5_000);
    await until(
      () => c.messages.filter((m) => m.data.type === "registered").length === 2,
      "registered again",
    );
    c.client.stop();
  });

  it("stops for good when a newer socket of the same player takes over (4409)", async () => {
    const base = `http://${host}`;
    const me = await newGuest(base);
    const first = open(me);
    await until(() => first.client.status() === "open", "first open");
    await until(() => first.messages.length > 0, "first registered");
    const second = open(me);
    await until(() => first.client.status() === "stopped", "first stopped");
    expect(first.statuses.at(-1)).toBe("stopped");
    await new Promise((r) => setTimeout(r, 2_300));
    expect(first.sockets).toHaveLength(1);
    expect(second.client.status()).toBe("open");
    second.client.stop();
  });
});
