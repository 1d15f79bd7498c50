/**
 * A small client of the arena: the HTTP calls and the /wss channel (register,
 * confirm, dedupe by hash), used by the server's realtime tests and by
 * bench/pvp. Plain `ws` and fetch; no client-app code.
 */
import WebSocket from "ws";

export interface ServerMessage {
  hash: string;
  data: { type: string } & Record<string, unknown>;
}

export interface HttpAnswer<T = unknown> {
  status: number;
  body: { data?: T; error?: { code: string; message: string } };
}

export async function call<T = unknown>(
  base: string,
  token: string | null,
  method: "GET" | "POST" | "PUT",
  path: string,
  body?: unknown,
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as HttpAnswer<T>["body"]) : {} };
}

export async function newGuest(base: string): Promise<{ id: number; token: string }> {
  const r = await call<{ id: number; jwtToken: string }>(
    base,
    null,
    "POST",
    "/api/play-new-player",
  );
  if (r.status !== 200 || !r.body.data) throw new Error(`sign-up failed: ${r.status}`);
  return { id: r.body.data.id, token: r.body.data.jwtToken };
}

export interface ChannelOptions {
  /** Put the token on the URL (default) or in the register message. */
  tokenIn?: "query" | "register";
  /** Send register on open (default true). */
  register?: boolean;
  clearState?: boolean;
  /** Confirm every new message (default true). */
  autoConfirm?: boolean;
}

/** One player's socket on /wss. */
export class ChannelClient {
  readonly received: ServerMessage[] = [];
  /** New messages only (duplicates by hash dropped), in arrival order. */
  readonly messages: ServerMessage[] = [];
  private readonly seen = new Set<string>();
  private waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] =
    [];
  readonly closed: Promise<{ code: number; reason: string }>;
  autoConfirm: boolean;

  private constructor(
    readonly ws: WebSocket,
    readonly userId: number,
    opts: ChannelOptions,
  ) {
    this.autoConfirm = opts.autoConfirm ?? true;
    this.closed = new Promise((resolve) => {
      ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    ws.on("message", (raw) => this.onMessage(raw.toString()));
    ws.on("error", () => {});
  }

  static open(
    base: string,
    user: { id: number; token: string },
    opts: ChannelOptions = {},
  ): Promise<ChannelClient> {
    const wsBase = base.replace(/^http/, "ws");
    const tokenIn = opts.tokenIn ?? "query";
    const url =
      tokenIn === "query"
        ? `${wsBase}/wss?token=${encodeURIComponent(user.token)}`
        : `${wsBase}/wss`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const client = new ChannelClient(ws, user.id, opts);
    return new Promise((resolve, reject) => {
      ws.once("open", () => {
        if (opts.register !== false) {
          client.send({
            action: "register",
            version: "1.21-p",
            clear_state: opts.clearState ?? true,
            data: { user_id: user.id, ...(tokenIn === "register" ? { token: user.token } : {}) },
          });
        }
        resolve(client);
      });
      ws.once("error", reject);
    });
  }

  send(message: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  confirm(hash: string): void {
    this.send({ action: "confirm", version: "1.21-p", data: { user_id: this.userId, hash } });
  }

  private onMessage(text: string): void {
    const m = JSON.parse(text) as ServerMessage;
    this.received.push(m);
    if (this.seen.has(m.hash)) {
      if (this.autoConfirm) this.confirm(m.hash);
      return;
    }
    this.seen.add(m.hash);
    this.messages.push(m);
    if (this.autoConfirm) this.confirm(m.hash);
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (w.pred(m)) w.resolve(m);
      else still.push(w);
    }
    this.waiters = still;
  }

  /** The first message (already received, from index `from`, or to come) that matches. */
  waitFor(
    pred: (m: ServerMessage) => boolean,
    timeoutMs = 10_000,
    from = 0,
  ): Promise<ServerMessage> {
    const have = this.messages.slice(from).find(pred);
    if (have) return Promise.resolve(have);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`timed out waiting for a message; got ${this.types().join(",")}`));
      }, timeoutMs);
      const done = (m: ServerMessage) => {
        clearTimeout(timer);
        resolve(m);
      };
      this.waiters.push({ pred, resolve: done });
    });
  }

  waitType(type: string, timeoutMs = 10_000, from = 0): Promise<ServerMessage> {
    return this.waitFor((m) => m.data.type === type, timeoutMs, from);
  }

  types(): string[] {
    return this.messages.map((m) => m.data.type);
  }

  /** The close code, and how many ms after `since` (a Date.now()) the close came. */
  async closedAfter(since: number): Promise<{ code: number; ms: number }> {
    const { code } = await this.closed;
    return { code, ms: Date.now() - since };
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }

  /** Drops the TCP connection without a close handshake (a lost network). */
  kill(): void {
    this.ws.terminate();
  }
}
