import { randomBytes } from "node:crypto";
import { ChannelClientMessage, ChannelConfirm, type ChannelData, PVP } from "@cardrealm/protocol";
import type {} from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { TokenService } from "../auth/tokens.ts";
import { websocketOnly } from "../http/error-handler.ts";
import { type Bus, type BusEnvelope, tokenDigest } from "./bus.ts";
import { every, type RoomClock, type TimerHandle } from "./room-clock.ts";

/**
 * The realtime channel at /wss (product.md section 4, docs/realtime.md).
 *
 * A socket authenticates with the player's bearer token (?token= on the URL,
 * or data.token in the first register) and registers. Every server message is
 * `{ hash, data }` and stays in the player's outbox until the client confirms
 * its hash; unconfirmed ones are sent again every resendMs. A dropped player
 * keeps their session (outbox included) for the reconnection window; a new
 * socket that registers in time takes it over.
 *
 * Memory: an idle connected player costs the ws socket, one small Conn and
 * one Session; outbox and dedupe ring exist only while messages are unconfirmed.
 */

export interface ChannelHooks {
  /** After a register: what to send the player (their game's snapshot, a pending match). */
  onRegister(userId: number): Promise<ChannelData[]>;
  /** The player's socket closed; they may come back until `until`. */
  onDrop(userId: number, until: number): void;
  /** The reconnection window passed and the player did not come back to this process. */
  onGone(userId: number): void;
}

export interface ChannelOptions {
  tokens: TokenService;
  clock: RoomClock;
  bus: Bus;
  log: {
    warn(obj: unknown, msg: string): void;
    error(obj: unknown, msg: string): void;
  };
  reconnectMs?: number;
  resendMs?: number;
  /** Unconfirmed messages kept per player; the oldest go first beyond it. */
  maxPending?: number;
  /** A socket that has not registered by then is closed (4401). */
  authTimeoutMs?: number;
  /** Ping interval (real time) that finds dead TCP connections; 0 = off. */
  heartbeatMs?: number;
}

interface Pending {
  hash: string;
  text: string;
  sentAt: number;
}

interface Session {
  userId: number;
  ws: WebSocket | null;
  outbox: Pending[] | null;
  /** Recently confirmed hashes: a repeated confirm is a duplicate, not a forgery. */
  recent: string[] | null;
  gone: TimerHandle | null;
}

interface Conn {
  userId: number | null;
  /** The token the socket signed in with (re-checked when the player's sessions end). */
  token: string | null;
  /** The query token's verification, when the URL carried one. */
  verifying: Promise<number | null> | null;
  authTimer: TimerHandle | null;
  /** Registers are handled one at a time. */
  chain: Promise<void>;
  /** Messages waiting on `chain`; at 0 a confirm is handled at once. */
  queued: number;
}

const OPEN = 1;
const CLOSED = 3;
/** How long a socket closed for not registering may take to answer the close. */
const UNANSWERED_CLOSE_MS = 1000;

/** Whether a parsed message says it is a confirm (ChannelConfirm then checks the rest). */
function isConfirm(x: unknown): boolean {
  return typeof x === "object" && x !== null && (x as { action?: unknown }).action === "confirm";
}

const RECENT_KEEP = 16;
/** How often a slice of the heartbeat's pings goes out (see heartbeat below). */
const HEARTBEAT_SLICE_MS = 250;

export interface Channel {
  /** Sends data to a player wherever their socket is (resent until confirmed). */
  send(userId: number, data: ChannelData): void;
  /**
   * The player's sessions ended: on every process, their socket closes with
   * 4410 unless its token still signs in (or is `spareToken`, the session
   * that changed the password).
   */
  endSessions(userId: number, spareToken?: string): void;
  /** Players with a session on this process (connected or inside their window). */
  readonly sessionCount: number;
  readonly connectedCount: number;
  /** Registers the /wss route (the @fastify/websocket plugin must be registered). */
  route(app: FastifyInstance): void;
  setHooks(hooks: ChannelHooks): void;
  close(): Promise<void>;
}

export function createChannel(opts: ChannelOptions): Channel {
  const { tokens, clock, bus, log } = opts;
  const reconnectMs = opts.reconnectMs ?? PVP.reconnectMs;
  const resendMs = opts.resendMs ?? PVP.resendMs;
  const maxPending = opts.maxPending ?? 64;
  const authTimeoutMs = opts.authTimeoutMs ?? 10_000;
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  let hooks: ChannelHooks = {
    onRegister: async () => [],
    onDrop: () => {},
    onGone: () => {},
  };

  const sessions = new Map<number, Session>();
  const conns = new WeakMap<WebSocket, Conn>();
  const unconfirmed = new Set<Session>();
  const sockets = new Set<WebSocket>();
  const awaitingPong = new WeakSet<WebSocket>();
  let connected = 0;
  let closing = false;

  const hashPrefix = randomBytes(3).toString("hex");
  let hashCounter = 0;
  const nextHash = () => `${hashPrefix}${(++hashCounter).toString(36)}`;

  function rawSend(ws: WebSocket, text: string): void {
    if (ws.readyState === OPEN) ws.send(text);
  }

  /** An error to a socket that has no session yet: sent once. */
  function sendBare(ws: WebSocket, code: string, message: string): void {
    rawSend(ws, JSON.stringify({ hash: nextHash(), data: { type: "error", code, message } }));
  }

  function push(s: Session, data: ChannelData): void {
    const hash = nextHash();
    const text = JSON.stringify({ hash, data });
    if (!s.outbox) s.outbox = [];
    if (s.outbox.length >= maxPending) s.outbox.shift();
    s.outbox.push({ hash, text, sentAt: clock.now() });
    unconfirmed.add(s);
    if (s.ws) rawSend(s.ws, text);
  }

  function error(s: Session, code: string, message: string): void {
    push(s, { type: "error", code, message });
  }

  const resendTimer = every(clock, Math.max(50, Math.floor(resendMs / 2)), () => {
    const now = clock.now();
    for (const s of unconfirmed) {
      if (!s.outbox || s.outbox.length === 0) {
        unconfirmed.delete(s);
        continue;
      }
      if (!s.ws) continue;
      for (const p of s.outbox) {
        if (now - p.sentAt >= resendMs) {
          p.sentAt = now;
          rawSend(s.ws, p.text);
        }
      }
    }
  });

  function onEnvelope(s: Session, env: BusEnvelope): void {
    if (sessions.get(s.userId) !== s) return;
    if (env.t === "msg") push(s, env.data);
    else if (env.t === "takeover" && env.tag !== bus.tag) dispose(s, true);
    else if (env.t === "ended") void closeIfSignedOut(s, env.spare);
    else if (env.t === "resync" && s.ws) void resume(s, s.ws);
  }

  /** What a register sends after `registered`: the game's snapshot or a waiting match. */
  async function resume(session: Session, ws: WebSocket): Promise<void> {
    let data: ChannelData[] = [];
    try {
      data = await hooks.onRegister(session.userId);
    } catch (err) {
      log.error({ err, userId: session.userId }, "resume failed");
    }
    if (sessions.get(session.userId) === session && session.ws === ws)
      for (const d of data) push(session, d);
  }

  /** Closes the session's socket (4410) when its token no longer signs in. */
  async function closeIfSignedOut(s: Session, spare: string | undefined): Promise<void> {
    const ws = s.ws;
    const token = ws ? conns.get(ws)?.token : null;
    if (!ws || !token || (spare && tokenDigest(token) === spare)) return;
    let still: number | null;
    try {
      still = await tokens.verify(token);
    } catch (err) {
      log.error({ err, userId: s.userId }, "re-checking a token after sessions ended failed");
      return;
    }
    if (still === s.userId) return;
    // A drop like any other (the reconnection window): the player may sign in again.
    ws.close(PVP.closeSignedOut, "Signed out: sign in again");
  }

  /** Forgets a session; `quiet`: the player is alive elsewhere, so no onGone. */
  function dispose(s: Session, quiet: boolean): void {
    s.gone?.cancel();
    s.gone = null;
    if (sessions.get(s.userId) === s) {
      sessions.delete(s.userId);
      bus.unsubscribe(s.userId);
    }
    unconfirmed.delete(s);
    const ws = s.ws;
    s.ws = null;
    if (ws) {
      connected--;
      ws.close(PVP.closeReplaced, "Replaced by a newer connection");
    }
    if (!quiet) hooks.onGone(s.userId);
  }

  async function register(ws: WebSocket, conn: Conn, msg: ChannelClientMessage): Promise<void> {
    if (msg.action !== "register") return;
    // Checked again at every register, not only when the socket opened: a
    // session that ended meanwhile (password change, operator) must not register.
    const token = conn.token ?? msg.data.token ?? null;
    const signedInBefore = conn.verifying ? await conn.verifying : conn.userId;
    const userId = token === null ? null : await tokens.verify(token);
    if (userId === null) {
      if (signedInBefore === null)
        ws.close(PVP.closeUnauthorized, "A valid token is needed: ?token= or data.token");
      else ws.close(PVP.closeSignedOut, "Signed out: sign in again");
      return;
    }
    if (msg.data.user_id !== userId) {
      sendBare(ws, "forbidden", "data.user_id is not the signed-in player");
      ws.close(PVP.closeForbidden, "user_id does not match the token");
      return;
    }
    if (ws.readyState !== OPEN || closing) return;
    conn.userId = userId;
    conn.token = token;
    conn.authTimer?.cancel();
    conn.authTimer = null;

    let s = sessions.get(userId);
    if (!s) {
      const fresh: Session = { userId, ws: null, outbox: null, recent: null, gone: null };
      sessions.set(userId, fresh);
      bus.subscribe(userId, (env) => onEnvelope(fresh, env));
      s = fresh;
    }
    if (s.ws !== ws) {
      const old = s.ws;
      s.ws = ws;
      if (old) old.close(PVP.closeReplaced, "Replaced by a newer connection");
      else connected++;
    }
    s.gone?.cancel();
    s.gone = null;
    if (msg.clear_state) {
      s.outbox = null;
      s.recent = null;
      unconfirmed.delete(s);
    }
    bus.setConnected(userId);
    bus.publish(userId, { t: "takeover", tag: bus.tag });

    // What was waiting goes out first (its hashes unchanged: a client that
    // already has one drops it), then the registration and the resume.
    const now = clock.now();
    for (const p of s.outbox ?? []) {
      p.sentAt = now;
      rawSend(ws, p.text);
    }
    push(s, { type: "registered", user_id: userId, server_time: now });
    await resume(s, ws);
  }

  function confirm(ws: WebSocket, conn: Conn, msg: ChannelClientMessage): void {
    if (msg.action !== "confirm") return;
    const userId = conn.userId;
    const s = userId === null ? undefined : sessions.get(userId);
    if (userId === null || !s || s.ws !== ws) {
      sendBare(ws, "not_registered", "Send register before confirm");
      return;
    }
    if (msg.data.user_id !== userId) {
      error(s, "forbidden", "data.user_id is not the signed-in player");
      return;
    }
    const hash = msg.data.hash;
    const at = s.outbox ? s.outbox.findIndex((p) => p.hash === hash) : -1;
    if (at >= 0 && s.outbox) {
      s.outbox.splice(at, 1);
      if (s.outbox.length === 0) {
        s.outbox = null;
        unconfirmed.delete(s);
      }
      if (!s.recent) s.recent = [];
      s.recent.push(hash);
      if (s.recent.length > RECENT_KEEP) s.recent.shift();
      return;
    }
    if (s.recent?.includes(hash)) return; // a duplicate confirm: tolerated
    error(s, "unknown_hash", "No message with that hash is waiting for a confirm");
  }

  function onMessage(this: WebSocket, raw: RawData, isBinary: boolean): void {
    const conn = conns.get(this);
    if (!conn) return;
    const bad = (message: string) => {
      const s = conn.userId === null ? undefined : sessions.get(conn.userId);
      if (s && s.ws === this) error(s, "bad_message", message);
      else sendBare(this, "bad_message", message);
    };
    if (isBinary) {
      bad("Send JSON text, not binary frames");
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString());
    } catch {
      bad("The message is not valid JSON");
      return;
    }
    // A confirm follows every message the server sends (one per move per
    // player): with no register in progress, a well-formed one is checked by
    // its own schema (not the union's) and skips the promise chain. Anything
    // else takes the full path below.
    if (conn.queued === 0 && isConfirm(parsed)) {
      const c = ChannelConfirm.safeParse(parsed);
      if (c.success) {
        confirm(this, conn, c.data);
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
        .then(() => register(this, conn, msg))
        .catch((err: unknown) => log.error({ err }, "register failed"))
        .finally(done);
    } else {
      // Confirms wait for a register in progress, so one sent right after it counts.
      conn.chain = conn.chain.then(() => confirm(this, conn, msg)).finally(done);
    }
  }

  function onClose(this: WebSocket): void {
    sockets.delete(this);
    const conn = conns.get(this);
    conns.delete(this);
    conn?.authTimer?.cancel();
    if (!conn || conn.userId === null) return;
    const s = sessions.get(conn.userId);
    if (!s || s.ws !== this) return; // replaced, or never attached
    s.ws = null;
    connected--;
    bus.clearConnected(s.userId);
    if (closing) return;
    const until = clock.now() + reconnectMs;
    s.gone = clock.after(reconnectMs, () => {
      if (s.ws || sessions.get(s.userId) !== s) return;
      dispose(s, false);
    });
    try {
      hooks.onDrop(s.userId, until);
    } catch (err) {
      log.error({ err }, "drop hook failed");
    }
  }

  function onPong(this: WebSocket): void {
    awaitingPong.delete(this);
  }

  function onSocketError(this: WebSocket, err: Error): void {
    log.warn({ err: err.message }, "websocket error");
  }

  // The pings of one interval go out in slices, one every HEARTBEAT_SLICE_MS:
  // pinging 10,000 sockets in one go held the event loop about half a second
  // (every play-card answer in that window waited for it; bench/pvp). A socket
  // that has not answered the previous round's ping by its turn is closed.
  // A round starts at most once per interval: with few sockets a round is
  // over in a few slices, and starting the next one at once pinged each
  // socket every (sockets + 1) x 250 ms and closed any whose pong took longer
  // (a busy browser's, through nginx), so its player reconnected, maybe to
  // the other process (docs/decisions.md, issue 24's cluster journey).
  let heartbeat: NodeJS.Timeout | null = null;
  if (heartbeatMs > 0) {
    const slices = Math.max(1, Math.round(heartbeatMs / HEARTBEAT_SLICE_MS));
    let round: Iterator<WebSocket> | null = null;
    let perSlice = 0;
    /** Slices since the current (or last) round started. */
    let sinceRound = slices;
    heartbeat = setInterval(() => {
      sinceRound++;
      if (!round) {
        // No socket, no round: starting one here would leave perSlice at 0
        // and the round never ending, so no socket would ever be pinged again.
        if (sockets.size === 0 || sinceRound < slices) return;
        round = sockets.values();
        perSlice = Math.ceil(sockets.size / slices);
        sinceRound = 0;
      }
      for (let i = 0; i < perSlice; i++) {
        const next = round.next();
        if (next.done) {
          round = null;
          return;
        }
        const ws = next.value;
        if (awaitingPong.has(ws)) {
          ws.terminate();
          continue;
        }
        awaitingPong.add(ws);
        ws.ping();
      }
    }, heartbeatMs / slices);
    heartbeat.unref();
  }

  function accept(ws: WebSocket, token: string | undefined): void {
    if (closing) {
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
    conns.set(ws, conn);
    sockets.add(ws);
    ws.on("message", onMessage);
    ws.on("close", onClose);
    ws.on("pong", onPong);
    ws.on("error", onSocketError);
    if (token) {
      conn.verifying = tokens.verify(token);
      conn.verifying.then(
        (id) => {
          if (id === null) ws.close(PVP.closeUnauthorized, "Invalid or expired token");
        },
        () => ws.close(PVP.closeUnauthorized, "Invalid or expired token"),
      );
    }
    conn.authTimer = clock.after(authTimeoutMs, () => {
      if (conn.userId !== null) return;
      ws.close(PVP.closeUnauthorized, "Register with a valid token first");
      // A peer that never answers the close would hold the socket for ws's
      // own 30 s close timeout: it gets a second, then the socket goes.
      setTimeout(() => {
        if (ws.readyState !== CLOSED) ws.terminate();
      }, UNANSWERED_CLOSE_MS).unref();
    });
  }

  return {
    send(userId, data) {
      bus.publish(userId, { t: "msg", data });
    },
    endSessions(userId, spareToken) {
      bus.publish(
        userId,
        spareToken ? { t: "ended", spare: tokenDigest(spareToken) } : { t: "ended" },
      );
    },
    get sessionCount() {
      return sessions.size;
    },
    get connectedCount() {
      return connected;
    },
    route(app) {
      app.route({
        method: "GET",
        url: "/wss",
        handler: websocketOnly,
        wsHandler: (socket, request) => {
          const query = request.query as Record<string, unknown> | undefined;
          const token = typeof query?.token === "string" ? query.token : undefined;
          accept(socket, token);
        },
      });
    },
    setHooks(h) {
      hooks = h;
    },
    async close() {
      closing = true;
      resendTimer.cancel();
      if (heartbeat) clearInterval(heartbeat);
      for (const s of sessions.values()) s.gone?.cancel();
      for (const ws of sockets) ws.close(PVP.closeRestart, "Server restarting: reconnect");
      sessions.clear();
      unconfirmed.clear();
    },
  };
}
