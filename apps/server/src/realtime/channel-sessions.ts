/**
 * The channel's sessions: a register attaches a socket to the player's
 * session (taking it over from any other socket or process), a confirm
 * takes a message off the outbox, the bus's envelopes reach the session, and
 * a session is disposed of when its player is gone or alive elsewhere.
 */
import { type ChannelClientMessage, PVP } from "@cardrealm/protocol";
import type { WebSocket } from "ws";
import { type BusEnvelope, tokenDigest } from "./bus.ts";
import {
  acknowledge,
  type ChannelState,
  type Conn,
  OPEN,
  push,
  rawSend,
  type Session,
  sendBare,
  sendError,
} from "./channel-state.ts";

function onEnvelope(st: ChannelState, s: Session, env: BusEnvelope): void {
  if (st.sessions.get(s.userId) !== s) return;
  if (env.t === "msg") push(st, s, env.data);
  else if (env.t === "takeover" && env.tag !== st.bus.tag) dispose(st, s, true);
  else if (env.t === "ended") void closeIfSignedOut(st, s, env.spare);
  else if (env.t === "resync" && s.ws) void resume(st, s, s.ws);
}

/** What a register sends after `registered`: the game's snapshot or a waiting match. */
async function resume(st: ChannelState, session: Session, ws: WebSocket): Promise<void> {
  let data: Awaited<ReturnType<ChannelState["hooks"]["onRegister"]>> = [];
  try {
    data = await st.hooks.onRegister(session.userId);
  } catch (err) {
    st.log.error({ err, userId: session.userId }, "resume failed");
  }
  if (st.sessions.get(session.userId) === session && session.ws === ws)
    for (const d of data) push(st, session, d);
}

/** Closes the session's socket (4410) when its token no longer signs in. */
async function closeIfSignedOut(
  st: ChannelState,
  s: Session,
  spare: string | undefined,
): Promise<void> {
  const ws = s.ws;
  const token = ws ? st.conns.get(ws)?.token : null;
  if (!ws || !token || (spare && tokenDigest(token) === spare)) return;
  let still: number | null;
  // The `ended` may arrive before PostgreSQL's notice of the change: read the session afresh.
  st.tokens.forget?.(s.userId);
  try {
    still = await st.tokens.verify(token);
  } catch (err) {
    st.log.error({ err, userId: s.userId }, "re-checking a token after sessions ended failed");
    return;
  }
  if (still === s.userId) return;
  // A drop like any other (the reconnection window): the player may sign in again.
  ws.close(PVP.closeSignedOut, "Signed out: sign in again");
}

/** Forgets a session; `quiet`: the player is alive elsewhere, so no onGone. */
export function dispose(st: ChannelState, s: Session, quiet: boolean): void {
  s.gone?.cancel();
  s.gone = null;
  if (st.sessions.get(s.userId) === s) {
    st.sessions.delete(s.userId);
    st.bus.unsubscribe(s.userId);
  }
  st.unconfirmed.delete(s);
  const ws = s.ws;
  s.ws = null;
  if (ws) {
    st.connected--;
    ws.close(PVP.closeReplaced, "Replaced by a newer connection");
  }
  if (!quiet) st.hooks.onGone(s.userId);
}

/** The signed-in player of a register, or null once the socket was closed for it. */
async function signedIn(
  st: ChannelState,
  ws: WebSocket,
  conn: Conn,
  token: string | null,
): Promise<number | null> {
  const signedInBefore = conn.verifying ? await conn.verifying : conn.userId;
  const userId = token === null ? null : await st.tokens.verify(token);
  if (userId === null) {
    if (signedInBefore === null)
      ws.close(PVP.closeUnauthorized, "A valid token is needed: ?token= or data.token");
    else ws.close(PVP.closeSignedOut, "Signed out: sign in again");
  }
  return userId;
}

/** The player's session with `ws` attached (made if there is none, an older socket replaced). */
function attach(st: ChannelState, userId: number, ws: WebSocket): Session {
  let s = st.sessions.get(userId);
  if (!s) {
    const fresh: Session = { userId, ws: null, outbox: null, recent: null, gone: null };
    st.sessions.set(userId, fresh);
    st.bus.subscribe(userId, (env) => onEnvelope(st, fresh, env));
    s = fresh;
  }
  if (s.ws !== ws) {
    const old = s.ws;
    s.ws = ws;
    if (old) old.close(PVP.closeReplaced, "Replaced by a newer connection");
    else st.connected++;
  }
  s.gone?.cancel();
  s.gone = null;
  return s;
}

export async function register(
  st: ChannelState,
  ws: WebSocket,
  conn: Conn,
  msg: ChannelClientMessage,
): Promise<void> {
  if (msg.action !== "register") return;
  // Checked again at every register, not only when the socket opened: a
  // session that ended meanwhile (password change, operator) must not register.
  const token = conn.token ?? msg.data.token ?? null;
  const userId = await signedIn(st, ws, conn, token);
  if (userId === null) return;
  if (msg.data.user_id !== userId) {
    sendBare(st, ws, "forbidden", "data.user_id is not the signed-in player");
    ws.close(PVP.closeForbidden, "user_id does not match the token");
    return;
  }
  if (ws.readyState !== OPEN || st.closing) return;
  conn.userId = userId;
  conn.token = token;
  conn.authTimer?.cancel();
  conn.authTimer = null;

  const s = attach(st, userId, ws);
  if (msg.clear_state) {
    s.outbox = null;
    s.recent = null;
    st.unconfirmed.delete(s);
  }
  st.bus.setConnected(userId);
  st.bus.publish(userId, { t: "takeover", tag: st.bus.tag });

  // What was waiting goes out first (its hashes unchanged: a client that
  // already has one drops it), then the registration and the resume.
  const now = st.clock.now();
  for (const p of s.outbox ?? []) {
    p.sentAt = now;
    rawSend(ws, p.text);
  }
  push(st, s, { type: "registered", user_id: userId, server_time: now });
  await resume(st, s, ws);
}

export function confirm(
  st: ChannelState,
  ws: WebSocket,
  conn: Conn,
  msg: ChannelClientMessage,
): void {
  if (msg.action !== "confirm") return;
  const userId = conn.userId;
  const s = userId === null ? undefined : st.sessions.get(userId);
  if (userId === null || !s || s.ws !== ws) {
    sendBare(st, ws, "not_registered", "Send register before confirm");
    return;
  }
  if (msg.data.user_id !== userId) {
    sendError(st, s, "forbidden", "data.user_id is not the signed-in player");
    return;
  }
  if (acknowledge(st, s, msg.data.hash) === "unknown")
    sendError(st, s, "unknown_hash", "No message with that hash is waiting for a confirm");
}
