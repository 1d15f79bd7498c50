import type { SessionRow } from "../db/repositories/users-repo.ts";
import { sessionCacheCalls } from "../observability/game-counters.ts";

/** A cached session row is read again after this long even if no notice came (a backstop). */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Rows kept at most; the oldest go first beyond it. */
export const SESSION_CACHE_MAX = 50_000;

export interface SessionCache {
  /** The user's session row: the cached copy while it may be trusted, else a read. */
  get(userId: number): Promise<SessionRow | undefined>;
  /** The user's sessions changed: the next call reads the row. */
  forget(userId: number): void;
  /** Whether notices are heard (PostgreSQL's LISTEN is in place); false forgets everything. */
  listening(on: boolean): void;
}

/**
 * The session check's rows, kept per process while PostgreSQL's notices of
 * session changes are heard (db/migrations/0018-session-notices.ts: a
 * trigger tells every listening process, at commit, of each user whose
 * session version or suspension changed). Each authenticated call read the
 * row before: on PostgreSQL a round trip a call, 0.4 of a move's
 * transactions, with play-card waiting on it (bench/RESULTS.md, session 25).
 *
 * What keeps an ended session from living on:
 * - the process that ends a session forgets the row itself before it
 *   answers (auth/sessions.ts `forget`), so its next call reads the new row;
 * - every other process forgets it when the notice arrives, a few
 *   milliseconds after the commit, and before re-checking the sockets of a
 *   bus `ended` (realtime/channel-sessions.ts);
 * - a read that was in flight when any notice arrived is not kept (it may
 *   predate the change): a generation counter, bumped by every notice;
 * - while the listening connection is down nothing is kept and every call
 *   reads, as before (notices sent meanwhile are lost); when it is back the
 *   cache starts empty;
 * - a row is read again after SESSION_CACHE_TTL_MS in any case.
 */
export function createSessionCache(
  read: (userId: number) => Promise<SessionRow | undefined>,
  opts: { ttlMs?: number; max?: number; now?: () => number } = {},
): SessionCache {
  const ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const max = opts.max ?? SESSION_CACHE_MAX;
  const now = opts.now ?? Date.now;
  const rows = new Map<number, { row: SessionRow | undefined; at: number }>();
  let live = false;
  let generation = 0;

  return {
    async get(userId) {
      const hit = rows.get(userId);
      if (hit && now() - hit.at < ttlMs) {
        sessionCacheCalls.inc({ result: "hit" });
        return hit.row;
      }
      sessionCacheCalls.inc({ result: live ? "miss" : "not_listening" });
      const seen = generation;
      const at = now();
      const row = await read(userId);
      if (live && generation === seen) {
        rows.delete(userId);
        rows.set(userId, { row, at });
        if (rows.size > max) {
          const oldest = rows.keys().next().value;
          if (oldest !== undefined) rows.delete(oldest);
        }
      }
      return row;
    },
    forget(userId) {
      generation++;
      rows.delete(userId);
    },
    listening(on) {
      generation++;
      live = on;
      rows.clear();
    },
  };
}
