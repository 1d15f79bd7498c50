import {
  type ArenaStore,
  type ConfirmOutcome,
  DEFAULT_MATCH_TIMING,
  type MatchStatus,
  type MatchTiming,
  pairQueue,
  type QueueEntry,
  type WindowRule,
} from "./arena-store.ts";

interface MatchState {
  id: string;
  p0: number;
  p1: number;
  c0: boolean;
  c1: boolean;
  status: MatchStatus;
  gameId: string | null;
  createdAt: number;
}

/** The arena's shared state for a single server process (no Redis). */
export function createMemoryStore(timing: MatchTiming = DEFAULT_MATCH_TIMING): ArenaStore {
  const queue = new Map<number, QueueEntry>();
  const matches = new Map<string, MatchState>();
  const matchOfUser = new Map<number, string>();
  const dropped = new Map<number, number>();

  /** Forgotten matches go at most once a second: every queue call runs a pass, and the map holds every match of the last keepMs (thousands at 2,000 games: 5 % of the server's CPU in bench/pvp). */
  let sweptAt = Number.NEGATIVE_INFINITY;
  function sweep(now: number): void {
    if (now >= sweptAt && now - sweptAt < 1000) return;
    sweptAt = now;
    for (const [id, m] of matches) {
      if (now - m.createdAt > timing.keepMs) {
        matches.delete(id);
        if (matchOfUser.get(m.p0) === id) matchOfUser.delete(m.p0);
        if (matchOfUser.get(m.p1) === id) matchOfUser.delete(m.p1);
      }
    }
  }

  /** Applies the time rules: an unconfirmed or stuck match is cancelled. */
  function age(m: MatchState, now: number): void {
    if (m.status === "pending" && now - m.createdAt > timing.confirmMs) m.status = "cancelled";
    if (m.status === "starting" && now - m.createdAt > timing.confirmMs + timing.startingGraceMs)
      m.status = "cancelled";
  }

  return {
    async join(userId, score, now) {
      if (queue.has(userId)) return false;
      queue.set(userId, { userId, score, joinedAt: now });
      return true;
    },
    async leave(userId) {
      return queue.delete(userId);
    },
    async queuedSince(userId) {
      return queue.get(userId)?.joinedAt ?? null;
    },
    async queueSize() {
      return queue.size;
    },
    async takePairs(now: number, rule: WindowRule) {
      sweep(now);
      if (queue.size < 2) return [];
      const pairs = pairQueue([...queue.values()], now, rule);
      for (const [a, b] of pairs) {
        queue.delete(a);
        queue.delete(b);
      }
      return pairs;
    },

    async createMatch(m) {
      matches.set(m.id, {
        ...m,
        c0: false,
        c1: false,
        status: "pending",
        gameId: null,
      });
      matchOfUser.set(m.p0, m.id);
      matchOfUser.set(m.p1, m.id);
    },
    async liveMatchOf(userId, now) {
      const id = matchOfUser.get(userId);
      const m = id ? matches.get(id) : undefined;
      if (!m) return null;
      age(m, now);
      return m.status === "pending" || m.status === "starting"
        ? { id: m.id, p0: m.p0, p1: m.p1 }
        : null;
    },
    async confirm(matchId, userId, now): Promise<ConfirmOutcome> {
      const m = matches.get(matchId);
      if (!m) return { kind: "missing" };
      if (userId !== m.p0 && userId !== m.p1) return { kind: "not_yours" };
      age(m, now);
      if (m.status === "cancelled") return { kind: "cancelled" };
      if (m.status === "started" && m.gameId) return { kind: "started", gameId: m.gameId };
      if (m.status === "starting") return { kind: "waiting" };
      if (userId === m.p0) m.c0 = true;
      else m.c1 = true;
      if (m.c0 && m.c1) {
        m.status = "starting";
        return { kind: "create", p0: m.p0, p1: m.p1 };
      }
      return { kind: "waiting" };
    },
    async matchStarted(matchId, gameId) {
      const m = matches.get(matchId);
      if (m) {
        m.status = "started";
        m.gameId = gameId;
      }
    },
    async cancelMatch(matchId) {
      const m = matches.get(matchId);
      if (m && m.status !== "started") m.status = "cancelled";
    },
    async cancelMatchOf(userId, now) {
      const id = matchOfUser.get(userId);
      const m = id ? matches.get(id) : undefined;
      if (!m) return null;
      age(m, now);
      if (m.status !== "pending") return null;
      m.status = "cancelled";
      return m.id;
    },

    async markDropped(userId, until) {
      dropped.set(userId, until);
    },
    async droppedUntil(userId) {
      return dropped.get(userId) ?? null;
    },
    async clearDropped(userId) {
      return dropped.delete(userId);
    },
    async close() {
      queue.clear();
      matches.clear();
      matchOfUser.clear();
      dropped.clear();
    },
  };
}
