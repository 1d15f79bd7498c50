/**
 * The realtime channel's shared state and its outbox (channel.ts creates one
 * per server): sessions by player, the sockets, and what each player has not
 * confirmed yet. channel-sessions.ts and channel-socket.ts act on it.
 */
import { randomBytes } from "node:crypto";
import type { ChannelData } from "@cardrealm/protocol";
import type { WebSocket } from "ws";
import type { TokenService } from "../auth/tokens.ts";
import type { Bus } from "./bus.ts";
import type { RoomClock, TimerHandle } from "./room-clock.ts";

export interface ChannelHooks {
  /** After a register: what to send the player (their game's snapshot, a pending match). */
  onRegister(userId: number): Promise<ChannelData[]>;
  /** The player's socket closed; they may come back until `until`. */
  onDrop(userId: number, until: number): void;
  /** The reconnection window passed and the player did not come back to this process. */
  onGone(userId: number): void;
}

export interface ChannelLog {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface Pending {
  hash: string;
  text: string;
  sentAt: number;
}

export interface Session {
  userId: number;
  ws: WebSocket | null;
  outbox: Pending[] | null;
  /** Recently confirmed hashes: a repeated confirm is a duplicate, not a forgery. */
  recent: string[] | null;
  gone: TimerHandle | null;
}

export interface Conn {
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

export interface ChannelState {
  readonly tokens: TokenService;
  readonly clock: RoomClock;
  readonly bus: Bus;
  readonly log: ChannelLog;
  readonly reconnectMs: number;
  readonly resendMs: number;
  /** Unconfirmed messages kept per player; the oldest go first beyond it. */
  readonly maxPending: number;
  readonly authTimeoutMs: number;
  hooks: ChannelHooks;
  readonly sessions: Map<number, Session>;
  readonly conns: WeakMap<WebSocket, Conn>;
  /** Sessions with an outbox: the resend timer walks only these. */
  readonly unconfirmed: Set<Session>;
  readonly sockets: Set<WebSocket>;
  readonly awaitingPong: WeakSet<WebSocket>;
  /** Sessions with a socket attached. */
  connected: number;
  closing: boolean;
  readonly nextHash: () => string;
}

export const OPEN = 1;
export const CLOSED = 3;
const RECENT_KEEP = 16;

/** Hashes unique to this process: a random prefix and a counter. */
export function hashMaker(): () => string {
  const hashPrefix = randomBytes(3).toString("hex");
  let hashCounter = 0;
  return () => `${hashPrefix}${(++hashCounter).toString(36)}`;
}

export function rawSend(ws: WebSocket, text: string): void {
  if (ws.readyState === OPEN) ws.send(text);
}

/** An error to a socket that has no session yet: sent once. */
export function sendBare(st: ChannelState, ws: WebSocket, code: string, message: string): void {
  rawSend(ws, JSON.stringify({ hash: st.nextHash(), data: { type: "error", code, message } }));
}

/** Sends to the session's socket (if any) and keeps the message until it is confirmed. */
export function push(st: ChannelState, s: Session, data: ChannelData): void {
  const hash = st.nextHash();
  const text = JSON.stringify({ hash, data });
  if (!s.outbox) s.outbox = [];
  if (s.outbox.length >= st.maxPending) s.outbox.shift();
  s.outbox.push({ hash, text, sentAt: st.clock.now() });
  st.unconfirmed.add(s);
  if (s.ws) rawSend(s.ws, text);
}

export function sendError(st: ChannelState, s: Session, code: string, message: string): void {
  push(st, s, { type: "error", code, message });
}

/** Sends again what has waited resendMs for its confirm. */
export function resendDue(st: ChannelState): void {
  const now = st.clock.now();
  for (const s of st.unconfirmed) {
    if (!s.outbox || s.outbox.length === 0) {
      st.unconfirmed.delete(s);
      continue;
    }
    if (!s.ws) continue;
    for (const p of s.outbox) {
      if (now - p.sentAt >= st.resendMs) {
        p.sentAt = now;
        rawSend(s.ws, p.text);
      }
    }
  }
}

/**
 * A confirm of `hash`: "taken" off the outbox, "duplicate" of a recent
 * confirm (tolerated), or "unknown".
 */
export function acknowledge(
  st: ChannelState,
  s: Session,
  hash: string,
): "taken" | "duplicate" | "unknown" {
  const at = s.outbox ? s.outbox.findIndex((p) => p.hash === hash) : -1;
  if (at >= 0 && s.outbox) {
    s.outbox.splice(at, 1);
    if (s.outbox.length === 0) {
      s.outbox = null;
      st.unconfirmed.delete(s);
    }
    if (!s.recent) s.recent = [];
    s.recent.push(hash);
    if (s.recent.length > RECENT_KEEP) s.recent.shift();
    return "taken";
  }
  return s.recent?.includes(hash) ? "duplicate" : "unknown";
}
