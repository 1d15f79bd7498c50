import { type ChannelData, PVP } from "@cardrealm/protocol";
import type {} from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { TokenService } from "../auth/tokens.ts";
import { websocketOnly } from "../http/error-handler.ts";
import { type Bus, tokenDigest } from "./bus.ts";
import { accept, socketHandlers, startHeartbeat } from "./channel-socket.ts";
import {
  type ChannelHooks,
  type ChannelLog,
  type ChannelState,
  hashMaker,
  resendDue,
} from "./channel-state.ts";
import { every, type RoomClock } from "./room-clock.ts";

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
 *
 * The parts: channel-state.ts (the state, the outbox and resends),
 * channel-sessions.ts (register, confirm, takeover, dispose) and
 * channel-socket.ts (a socket's messages and close, the heartbeat).
 */

export type { ChannelHooks } from "./channel-state.ts";

export interface ChannelOptions {
  tokens: TokenService;
  clock: RoomClock;
  bus: Bus;
  log: ChannelLog;
  reconnectMs?: number;
  resendMs?: number;
  /** Unconfirmed messages kept per player; the oldest go first beyond it. */
  maxPending?: number;
  /** A socket that has not registered by then is closed (4401). */
  authTimeoutMs?: number;
  /** Ping interval (real time) that finds dead TCP connections; 0 = off. */
  heartbeatMs?: number;
}

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
  const st: ChannelState = {
    tokens: opts.tokens,
    clock: opts.clock,
    bus: opts.bus,
    log: opts.log,
    reconnectMs: opts.reconnectMs ?? PVP.reconnectMs,
    resendMs: opts.resendMs ?? PVP.resendMs,
    maxPending: opts.maxPending ?? 64,
    authTimeoutMs: opts.authTimeoutMs ?? 10_000,
    hooks: {
      onRegister: async () => [],
      onDrop: () => {},
      onGone: () => {},
    },
    sessions: new Map(),
    conns: new WeakMap(),
    unconfirmed: new Set(),
    sockets: new Set(),
    awaitingPong: new WeakSet(),
    connected: 0,
    closing: false,
    nextHash: hashMaker(),
  };
  const bus = st.bus;
  const handlers = socketHandlers(st);
  const resendTimer = every(st.clock, Math.max(50, Math.floor(st.resendMs / 2)), () =>
    resendDue(st),
  );
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const heartbeat = heartbeatMs > 0 ? startHeartbeat(st, heartbeatMs) : null;

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
      return st.sessions.size;
    },
    get connectedCount() {
      return st.connected;
    },
    route(app) {
      app.route({
        method: "GET",
        url: "/wss",
        handler: websocketOnly,
        wsHandler: (socket, request) => {
          const query = request.query as Record<string, unknown> | undefined;
          const token = typeof query?.token === "string" ? query.token : undefined;
          accept(st, handlers, socket, token);
        },
      });
    },
    setHooks(h) {
      st.hooks = h;
    },
    async close() {
      st.closing = true;
      resendTimer.cancel();
      if (heartbeat) clearInterval(heartbeat);
      for (const s of st.sessions.values()) s.gone?.cancel();
      for (const ws of st.sockets) ws.close(PVP.closeRestart, "Server restarting: reconnect");
      st.sessions.clear();
      st.unconfirmed.clear();
    },
  };
}
