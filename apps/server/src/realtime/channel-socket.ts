/**
 * The channel's sockets: accepting one (its token checked, a deadline to
 * register), its messages parsed and handed to the sessions in order, its
 * close starting the player's reconnection window, and the heartbeat that
 * finds dead connections. The handlers are made once per channel and bound
 * to each socket as `this` (no closure per socket).
 */
import { ChannelClientMessage, ChannelConfirm, PVP } from "@cardrealm/protocol";
import type { RawData, WebSocket } from "ws";
import { confirm, dispose, register } from "./channel-sessions.ts";
import { type ChannelState, CLOSED, type Conn, sendBare, sendError } from "./channel-state.ts";

/** How long a socket closed for not registering may take to answer the close. */
const UNANSWERED_CLOSE_MS = 1000;
/** How often a slice of the heartbeat's pings goes out (see startHeartbeat). */
const HEARTBEAT_SLICE_MS = 250;

type Handler<A extends unknown[]> = (this: WebSocket, ...args: A) => void;

export interface SocketHandlers {
  onMessage: Handler<[RawData, boolean]>;
  onClose: Handler<[]>;
  onPong: Handler<[]>;
  onSocketError: Handler<[Error]>;
}

/** Whether a parsed message says it is a confirm (ChannelConfirm then checks the rest). */
function isConfirm(x: unknown): boolean {
  return typeof x === "object" && x !== null && (x as { action?: unknown }).action === "confirm";
}

/** A client message, or what is wrong with it. */
function parseMessage(
  raw: RawData,
  isBinary: boolean,
): { ok: true; parsed: unknown } | { ok: false; message: string } {
  if (isBinary) return { ok: false, message: "Send JSON text, not binary frames" };
  try {
    return { ok: true, parsed: JSON.parse(raw.toString()) };
  } catch {
    return { ok: false, message: "The message is not valid JSON" };
  }
}

function messageHandler(st: ChannelState): Handler<[RawData, boolean]> {
  return function onMessage(this: WebSocket, raw: RawData, isBinary: boolean): void {
    const conn = st.conns.get(this);
    if (!conn) return;
    const bad = (message: string) => {
      const s = conn.userId === null ? undefined : st.sessions.get(conn.userId);
      if (s && s.ws === this) sendError(st, s, "bad_message", message);
      else sendBare(st, this, "bad_message", message);
    };
    const read = parseMessage(raw, isBinary);
    if (!read.ok) {
      bad(read.message);
      return;
    }
    const parsed = read.parsed;
    // A confirm follows every message the server sends (one per move per
    // player): with no register in progress, a well-formed one is checked by
    // its own schema (not the union's) and skips the promise chain. Anything
    // else takes the full path below.
    if (conn.queued === 0 && isConfirm(parsed)) {
      const c = ChannelConfirm.safeParse(parsed);
      if (c.success) {
        confirm(st, this, conn, c.data);
        return;
      }
    }
    const r = ChannelClientMessage.safeParse(parsed);
    if (!r.success) {
      const detail = r.error.issues
        .slice(0, 3)
        .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
        .join("; ");
      bad(`Unknown or malformed message: ${detail}`);
      return;
    }
    const msg = r.data;
    conn.queued++;
    const done = () => {
      conn.queued--;
    };
    if (msg.action === "register") {
      conn.chain = conn.chain
        .then(() => register(st, this, conn, msg))
        .catch((err: unknown) => st.log.error({ err }, "register failed"))
        .finally(done);
    } else {
      // Confirms wait for a register in progress, so one sent right after it counts.
      conn.chain = conn.chain.then(() => confirm(st, this, conn, msg)).finally(done);
    }
  };
}

function closeHandler(st: ChannelState): Handler<[]> {
  return function onClose(this: WebSocket): void {
    st.sockets.delete(this);
    const conn = st.conns.get(this);
    st.conns.delete(this);
    conn?.authTimer?.cancel();
    if (!conn || conn.userId === null) return;
    const s = st.sessions.get(conn.userId);
    if (!s || s.ws !== this) return; // replaced, or never attached
    s.ws = null;
    st.connected--;
    st.bus.clearConnected(s.userId);
    if (st.closing) return;
    const until = st.clock.now() + st.reconnectMs;
    s.gone = st.clock.after(st.reconnectMs, () => {
      if (s.ws || st.sessions.get(s.userId) !== s) return;
      dispose(st, s, false);
    });
    try {
      st.hooks.onDrop(s.userId, until);
    } catch (err) {
      st.log.error({ err }, "drop hook failed");
    }
  };
}

export function socketHandlers(st: ChannelState): SocketHandlers {
  return {
    onMessage: messageHandler(st),
    onClose: closeHandler(st),
    onPong(this: WebSocket) {
      st.awaitingPong.delete(this);
    },
    onSocketError(this: WebSocket, err: Error) {
      st.log.warn({ err: err.message }, "websocket error");
    },
  };
}

/** A new socket: checked, watched, and closed if it has not registered in time. */
export function accept(
  st: ChannelState,
  h: SocketHandlers,
  ws: WebSocket,
  token: string | undefined,
): void {
  if (st.closing) {
    ws.close(PVP.closeRestart, "Server restarting: reconnect");
    return;
  }
  const conn: Conn = {
    userId: null,
    token: token ?? null,
    verifying: null,
    authTimer: null,
    chain: Promise.resolve(),
    queued: 0,
  };
  st.conns.set(ws, conn);
  st.sockets.add(ws);
  ws.on("message", h.onMessage);
  ws.on("close", h.onClose);
  ws.on("pong", h.onPong);
  ws.on("error", h.onSocketError);
  if (token) {
    conn.verifying = st.tokens.verify(token);
    conn.verifying.then(
      (id) => {
        if (id === null) ws.close(PVP.closeUnauthorized, "Invalid or expired token");
      },
      () => ws.close(PVP.closeUnauthorized, "Invalid or expired token"),
    );
  }
  conn.authTimer = st.clock.after(st.authTimeoutMs, () => {
    if (conn.userId !== null) return;
    ws.close(PVP.closeUnauthorized, "Register with a valid token first");
    // A peer that never answers the close would hold the socket for ws's
    // own 30 s close timeout: it gets a second, then the socket goes.
    setTimeout(() => {
      if (ws.readyState !== CLOSED) ws.terminate();
    }, UNANSWERED_CLOSE_MS).unref();
  });
}

/**
 * Pings every socket each `heartbeatMs` (real time); a socket that has not
 * answered the previous round's ping by its turn is closed. The pings of one
 * interval go out in slices, one every HEARTBEAT_SLICE_MS: pinging 10,000
 * sockets in one go held the event loop about half a second (every
 * play-card answer in that window waited for it; bench/pvp). A round starts
 * at most once per interval: with few sockets a round is over in a few
 * slices, and starting the next one at once pinged each socket every
 * (sockets + 1) x 250 ms and closed any whose pong took longer (a busy
 * browser's, through nginx), so its player reconnected, maybe to the other
 * process (docs/decisions.md, issue 24's cluster journey). A round pings the
 * sockets open when it starts, at the pace its size sets; sockets that come
 * later wait for the next round (at most two intervals, 60 s, under nginx's
 * 75 s read timeout). It used to walk the live set at the pace of the sockets
 * open at its start: a round begun while players were still connecting
 * reached the late ones minutes later, and nginx closed 3,406 of 4,000 idle
 * sockets after 75 s without a byte (bench/RESULTS.md, session 21).
 * Answers the timer to clear.
 */
export function startHeartbeat(st: ChannelState, heartbeatMs: number): NodeJS.Timeout {
  const slices = Math.max(1, Math.round(heartbeatMs / HEARTBEAT_SLICE_MS));
  let round: WebSocket[] | null = null;
  let at = 0;
  let perSlice = 0;
  /** Slices since the current (or last) round started. */
  let sinceRound = slices;
  const timer = setInterval(() => {
    sinceRound++;
    if (!round) {
      // No socket, no round: starting one here would leave perSlice at 0
      // and the round never ending, so no socket would ever be pinged again.
      if (st.sockets.size === 0 || sinceRound < slices) return;
      round = [...st.sockets];
      at = 0;
      perSlice = Math.ceil(round.length / slices);
      sinceRound = 0;
    }
    for (let i = 0; i < perSlice; i++) {
      const ws = round[at++];
      if (!ws) {
        round = null;
        return;
      }
      if (!st.sockets.has(ws)) continue; // closed since the round began
      if (st.awaitingPong.has(ws)) {
        ws.terminate();
        continue;
      }
      st.awaitingPong.add(ws);
      ws.ping();
    }
  }, heartbeatMs / slices);
  timer.unref();
  return timer;
}
