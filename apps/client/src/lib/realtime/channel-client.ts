/**
 * The realtime channel (product.md section 4 "Realtime channel";
 * docs/realtime.md): one websocket to /wss on the API host.
 *
 * - On open it sends `register {action, version, clear_state, data.user_id}`
 *   (clear_state true on the first connection, false on a reconnection so the
 *   server resends what we have not confirmed).
 * - Every received message is confirmed by hash; a message whose hash was
 *   seen before is confirmed again (our first confirm was lost, or the server
 *   would not resend it) but not handed on: duplicates are dropped.
 * - 2 s after a close it connects again, except when the server said the
 *   token is bad (4401), the user is not the token's (4403), a newer socket
 *   of the player took over (4409) or the player's session ended (4410: a
 *   password change elsewhere, an operator). A server restarting on purpose (1012)
 *   is answered at once (within RESTART_RECONNECT_MS, spread so a whole
 *   server's players do not arrive at the other in one instant).
 * - Outgoing messages go through one queue drained one message per 200 ms;
 *   an empty queue is looked at again every 100 ms.
 *
 * Framework-free; the socket is injected so tests drive it with a fake and
 * fake timers.
 */

export const RECONNECT_MS = 2000;
/** After a 1012 (service restart) close: reconnect within this many ms, at a random point. */
export const RESTART_RECONNECT_MS = 500;
const RESTART_CLOSE = 1012;
export const SEND_GAP_MS = 200;
export const IDLE_TICK_MS = 100;
/** Hashes remembered for de-duplication (the server keeps at most 64 unconfirmed). */
export const SEEN_LIMIT = 512;
/** Close codes after which reconnecting cannot help. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([4401, 4403, 4409, 4410]);

const OPEN = 1;

/** The part of the browser's WebSocket the channel uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** A server message's data: `type` says which (docs/realtime.md table). */
export interface ChannelPayload {
  type: string;
  [key: string]: unknown;
}

export interface ChannelMessage {
  hash: string;
  data: ChannelPayload;
}

export type ChannelStatus = "connecting" | "open" | "closed" | "stopped";

export interface ChannelClientOptions {
  /** The socket address (see channelUrl); the token is not in it. */
  url: string;
  /** The bearer token, sent in the register message (never in the URL, which servers log). */
  token: string;
  userId: number;
  version: string;
  /** Each new (not duplicate) message, in arrival order. */
  onMessage(message: ChannelMessage): void;
  onStatus?(status: ChannelStatus, closeCode?: number): void;
  createSocket?: SocketFactory;
}

export interface ChannelClient {
  start(): void;
  /** Closes the socket for good (logout); no reconnection. */
  stop(): void;
  status(): ChannelStatus;
  /** Messages waiting in the send queue (tests, diagnostics). */
  pending(): number;
}

/** ws:// on http, wss:// on https, to /wss on the page's host (the token goes in the register). */
export function channelUrl(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/wss`;
}

function parse(raw: unknown): ChannelMessage | null {
  if (typeof raw !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { hash, data } = value as { hash?: unknown; data?: unknown };
  if (typeof hash !== "string" || !data || typeof data !== "object") return null;
  if (typeof (data as { type?: unknown }).type !== "string") return null;
  return { hash, data: data as ChannelPayload };
}

/**
 * The server resends what we have not confirmed: a hash seen among the last
 * `limit` is a repeat. Returns whether this is the hash's first sight.
 */
function firstSight(limit: number): (hash: string) => boolean {
  const seen = new Set<string>();
  return (hash) => {
    if (seen.has(hash)) return false;
    seen.add(hash);
    if (seen.size > limit) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  };
}

export function createChannelClient(options: ChannelClientOptions): ChannelClient {
  const createSocket: SocketFactory =
    options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let state: ChannelStatus = "closed";
  let running = false;
  let connectedOnce = false;
  let registered = false;
  const outbox: string[] = [];
  const remember = firstSight(SEEN_LIMIT);
  let pumpTimer: ReturnType<typeof setTimeout> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (next: ChannelStatus, code?: number) => {
    state = next;
    options.onStatus?.(next, code);
  };

  /** One message per SEND_GAP_MS while there is something to send; IDLE_TICK_MS otherwise. */
  function pump(): void {
    pumpTimer = null;
    if (!running) return;
    let sent = false;
    if (socket && socket.readyState === OPEN && outbox.length > 0) {
      const next = outbox.shift();
      if (next !== undefined) {
        socket.send(next);
        sent = true;
      }
    }
    pumpTimer = setTimeout(pump, sent ? SEND_GAP_MS : IDLE_TICK_MS);
  }

  function confirm(hash: string): void {
    outbox.push(
      JSON.stringify({
        action: "confirm",
        version: options.version,
        data: { user_id: options.userId, hash },
      }),
    );
  }

  function connect(): void {
    reconnectTimer = null;
    if (!running) return;
    setStatus("connecting");
    registered = false;
    let ws: SocketLike;
    try {
      ws = createSocket(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      // Register goes first; confirms of an older socket are not worth sending
      // (the server resends what it still holds, and we confirm it then).
      outbox.length = 0;
      outbox.push(
        JSON.stringify({
          action: "register",
          version: options.version,
          clear_state: !connectedOnce,
          data: { user_id: options.userId, token: options.token },
        }),
      );
      connectedOnce = true;
      registered = true;
      setStatus("open");
      // Send the register now rather than on the next tick.
      if (pumpTimer !== null) clearTimeout(pumpTimer);
      pump();
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      const message = parse(event.data);
      if (!message) return;
      if (registered) confirm(message.hash);
      if (!remember(message.hash)) return;
      options.onMessage(message);
    };
    ws.onerror = () => {
      // The close that follows does the work.
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      registered = false;
      outbox.length = 0;
      if (!running) return;
      if (FINAL_CLOSE_CODES.has(event.code)) {
        running = false;
        if (pumpTimer !== null) clearTimeout(pumpTimer);
        pumpTimer = null;
        setStatus("stopped", event.code);
        return;
      }
      setStatus("closed", event.code);
      scheduleReconnect(
        event.code === RESTART_CLOSE ? Math.random() * RESTART_RECONNECT_MS : RECONNECT_MS,
      );
    };
  }

  function scheduleReconnect(delayMs = RECONNECT_MS): void {
    if (!running || reconnectTimer !== null) return;
    reconnectTimer = setTimeout(connect, delayMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      pumpTimer = setTimeout(pump, IDLE_TICK_MS);
      connect();
    },
    stop() {
      running = false;
      if (pumpTimer !== null) clearTimeout(pumpTimer);
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      pumpTimer = reconnectTimer = null;
      outbox.length = 0;
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
        try {
          ws.close(1000, "bye");
        } catch {
          // already closing
        }
      }
      setStatus("stopped");
    },
    status: () => state,
    pending: () => outbox.length,
  };
}
