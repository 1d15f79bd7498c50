import type { Executor } from "../db/executor.ts";
import { findSessions, type SessionRow } from "../db/repositories/users-repo.ts";
import { sessionReadSeconds } from "../observability/game-counters.ts";

/** At most this many users' rows in one read (a bound on the statement's parameters). */
export const MAX_IDS_PER_READ = 500;

/**
 * The session check of every authenticated call, read for many calls at
 * once. A call that arrives while a read is running waits for the next read,
 * which starts after it arrived: every call still sees the row as it is at
 * or after its arrival (a password change or a suspension that committed
 * before the call is always seen), exactly as one read per call would, but
 * a burst of calls costs one statement and one pool connection instead of
 * one each. When nothing is running a call's read starts at once (a quiet
 * server adds no wait).
 *
 * Why: on PostgreSQL at 10,000 players the per-call reads queued for the
 * pool (p50 34 ms, p99 258 ms) ahead of the moves' own writes
 * (bench/RESULTS.md, session 17); docs/capacity.md item 6 keeps the rule
 * that the session is read, not cached.
 */
export function createSessionReads(
  db: Executor,
  opts: { maxInFlight?: number; maxIds?: number; read?: typeof findSessions } = {},
): (userId: number) => Promise<SessionRow | undefined> {
  const maxInFlight = opts.maxInFlight ?? 2;
  const maxIds = opts.maxIds ?? MAX_IDS_PER_READ;
  const read = opts.read ?? findSessions;
  type Waiter = { resolve: (row: SessionRow | undefined) => void; reject: (e: unknown) => void };
  const waiting = new Map<number, Waiter[]>();
  let inFlight = 0;

  function startRead(): void {
    const ids: number[] = [];
    const waiters = new Map<number, Waiter[]>();
    for (const [id, list] of waiting) {
      if (ids.length >= maxIds) break;
      ids.push(id);
      waiters.set(id, list);
    }
    for (const id of ids) waiting.delete(id);
    inFlight++;
    read(db, ids)
      .then(
        (rows) => {
          const byId = new Map(rows.map((r) => [r.id, r]));
          for (const [id, list] of waiters) for (const w of list) w.resolve(byId.get(id));
        },
        (err: unknown) => {
          for (const list of waiters.values()) for (const w of list) w.reject(err);
        },
      )
      .finally(() => {
        inFlight--;
        pump();
      });
  }

  function pump(): void {
    while (inFlight < maxInFlight && waiting.size > 0) startRead();
  }

  return (userId) => {
    const at = performance.now();
    const row = new Promise<SessionRow | undefined>((resolve, reject) => {
      const list = waiting.get(userId);
      if (list) list.push({ resolve, reject });
      else waiting.set(userId, [{ resolve, reject }]);
      pump();
    });
    return row.finally(() => sessionReadSeconds.observe((performance.now() - at) / 1000));
  };
}
