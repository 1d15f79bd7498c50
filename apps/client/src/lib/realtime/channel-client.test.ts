import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ChannelMessage,
  type ChannelStatus,
  channelUrl,
  createChannelClient,
  IDLE_TICK_MS,
  RECONNECT_MS,
  RESTART_RECONNECT_MS,
  SEND_GAP_MS,
  type SocketLike,
} from "./channel-client.ts";

/** A socket the test opens, feeds and closes by hand; it records what the client sent. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  /** When each frame was sent (fake-timer ms). */
  readonly sentAt: number[] = [];
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  closedByClient = false;
  constructor(readonly url: string) {}
  send(data: string): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
    this.sentAt.push(Date.now());
  }
  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const received: ChannelMessage[] = [];
  const statuses: ChannelStatus[] = [];
  const client = createChannelClient({
    url: "ws://game.test/wss",
    token: "abc",
    userId: 17,
    version: "1.21-p",
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  const last = () => {
    const s = sockets[sockets.length - 1];
    if (!s) throw new Error("no socket");
    return s;
  };
  return { client, sockets, received, statuses, last };
}

const msg = (hash: string, type = "state") => ({ hash, data: { type, game_id: "g", seq: 1 } });

describe("the realtime channel client", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("builds ws:// on http and wss:// on https, to /wss without the token (servers log URLs)", () => {
    expect(channelUrl({ protocol: "http:", host: "localhost:3000" })).toBe(
      "ws://localhost:3000/wss",
    );
    expect(channelUrl({ protocol: "https:", host: "cardrealm.example" })).toBe(
      "wss://cardrealm.example/wss",
    );
  });

  it("registers on open with clear_state true, and with false after a reconnection", () => {
    const { client, last } = setup();
    client.start();
    const first = last();
    expect(first.url).toBe("ws://game.test/wss");
    first.open();
    expect(first.sent[0]).toEqual({
      action: "register",
      version: "1.21-p",
      clear_state: true,
      data: { user_id: 17, token: "abc" },
    });
    first.drop();
    vi.advanceTimersByTime(RECONNECT_MS);
    const second = last();
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent[0]).toMatchObject({ action: "register", clear_state: false });
    client.stop();
  });

  it("hands on each new message once and confirms every copy by hash", () => {
    const { client, last, received } = setup();
    client.start();
    const s = last();
    s.open();
    s.receive(msg("h1"));
    s.receive(msg("h2"));
    s.receive(msg("h1")); // the server resent it: our confirm was lost
    expect(received.map((m) => m.hash)).toEqual(["h1", "h2"]);
    vi.advanceTimersByTime(SEND_GAP_MS * 5);
    const confirms = s.sent.filter((m) => m.action === "confirm");
    expect(confirms).toEqual([
      { action: "confirm", version: "1.21-p", data: { user_id: 17, hash: "h1" } },
      { action: "confirm", version: "1.21-p", data: { user_id: 17, hash: "h2" } },
      { action: "confirm", version: "1.21-p", data: { user_id: 17, hash: "h1" } },
    ]);
    client.stop();
  });

  it("keeps dropping a duplicate that arrives on a new socket after a reconnection", () => {
    const { client, last, received } = setup();
    client.start();
    last().open();
    last().receive(msg("h1"));
    last().drop();
    vi.advanceTimersByTime(RECONNECT_MS);
    last().open();
    last().receive(msg("h1"));
    last().receive(msg("h3"));
    expect(received.map((m) => m.hash)).toEqual(["h1", "h3"]);
    client.stop();
  });

  it("ignores frames that are not {hash, data: {type}}", () => {
    const { client, last, received } = setup();
    client.start();
    const s = last();
    s.open();
    s.onmessage?.({ data: "not json" });
    s.receive({ hash: 5, data: { type: "state" } });
    s.receive({ hash: "x", data: { nope: 1 } });
    expect(received).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(s.sent.filter((m) => m.action === "confirm")).toEqual([]);
    client.stop();
  });

  it("drains the send queue one message per 200 ms, checking an empty queue every 100 ms", () => {
    const { client, last } = setup();
    client.start();
    const s = last();
    const t0 = Date.now();
    s.open(); // register goes out at once
    for (const h of ["a", "b", "c"]) s.receive(msg(h));
    expect(client.pending()).toBe(3);
    vi.advanceTimersByTime(SEND_GAP_MS * 3);
    expect(s.sentAt.map((t) => t - t0)).toEqual([0, 200, 400, 600]);
    expect(client.pending()).toBe(0);
    // The gap after the last send passes with nothing to send: the queue is idle.
    vi.advanceTimersByTime(SEND_GAP_MS);
    // Idle: a message that arrives now waits at most one idle tick.
    vi.advanceTimersByTime(30);
    const before = Date.now();
    s.receive(msg("d"));
    vi.advanceTimersByTime(IDLE_TICK_MS);
    expect(s.sent).toHaveLength(5);
    expect(s.sentAt[4] ?? 0).toBeLessThanOrEqual(before + IDLE_TICK_MS);
    client.stop();
  });

  it("reconnects 2 s after a close, and again after a failed attempt", () => {
    const { client, sockets, statuses } = setup();
    client.start();
    sockets[0]?.open();
    sockets[0]?.drop(1006);
    expect(statuses).toEqual(["connecting", "open", "closed"]);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop(1006); // never opened
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(sockets).toHaveLength(3);
    client.stop();
  });

  it("reconnects at once (within half a second) when the server restarts on purpose (1012)", () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]?.open();
    sockets[0]?.drop(1012);
    vi.advanceTimersByTime(RESTART_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
    // Back to the usual pace when the next attempt fails too.
    sockets[1]?.drop(1006);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    client.stop();
  });

  it("does not send confirms of an old socket on the new one", () => {
    const { client, last } = setup();
    client.start();
    last().open();
    for (const h of ["a", "b", "c"]) last().receive(msg(h));
    last().drop();
    vi.advanceTimersByTime(RECONNECT_MS);
    const fresh = last();
    fresh.open();
    vi.advanceTimersByTime(SEND_GAP_MS * 4);
    expect(fresh.sent.map((m) => m.action)).toEqual(["register"]);
    client.stop();
  });

  it.each([4401, 4403, 4409, 4410])("stops for good on close code %i", (code) => {
    const { client, sockets, statuses } = setup();
    client.start();
    sockets[0]?.open();
    sockets[0]?.drop(code);
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe("stopped");
    expect(client.status()).toBe("stopped");
  });

  it("stop (logout) closes the socket and never reconnects", () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]?.open();
    client.stop();
    expect(sockets[0]?.closedByClient).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(sockets).toHaveLength(1);
  });
});
