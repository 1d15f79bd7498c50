/**
 * What the arena shares between server processes: the queue, the matches
 * waiting for both players' confirmation, and who dropped their connection.
 * One process keeps it in memory (memory-store.ts); several share it in Redis
 * (redis-store.ts). Games themselves live in the database.
 */

/** How far apart two rank scores may be, growing while a player waits. */
export interface WindowRule {
  /** Score distance accepted at once. */
  base: number;
  /** Added per second of waiting. */
  perSecond: number;
  /** The widest window (one rank). */
  max: number;
}

export const DEFAULT_WINDOW: WindowRule = { base: 50, perSecond: 10, max: 600 };

export function windowFor(rule: WindowRule, waitedMs: number): number {
  return Math.min(rule.max, rule.base + (rule.perSecond * Math.max(0, waitedMs)) / 1000);
}

export interface QueueEntry {
  userId: number;
  score: number;
  joinedAt: number;
}

/**
 * Pairs queued players greedily in score order: neighbours pair when their
 * distance fits the wider of their two windows. Pure; both stores use it
 * (the Redis one runs the same rule in Lua).
 */
export function pairQueue(
  entries: readonly QueueEntry[],
  now: number,
  rule: WindowRule,
): [number, number][] {
  const sorted = [...entries].sort((a, b) => a.score - b.score || a.joinedAt - b.joinedAt);
  const pairs: [number, number][] = [];
  let prev: { e: QueueEntry; w: number } | null = null;
  for (const e of sorted) {
    const w = windowFor(rule, now - e.joinedAt);
    if (prev && e.score - prev.e.score <= Math.max(w, prev.w)) {
      pairs.push([prev.e.userId, e.userId]);
      prev = null;
    } else {
      prev = { e, w };
    }
  }
  return pairs;
}

export type MatchStatus = "pending" | "starting" | "started" | "cancelled";

export interface MatchRecord {
  id: string;
  p0: number;
  p1: number;
  createdAt: number;
}

/** What a confirm-start-game call found. */
export type ConfirmOutcome =
  | { kind: "missing" }
  | { kind: "not_yours" }
  | { kind: "cancelled" }
  | { kind: "waiting" }
  | { kind: "started"; gameId: string }
  /** Both confirmed and this caller won the right to create the game. */
  | { kind: "create"; p0: number; p1: number };

export interface ArenaStore {
  /** Adds a player to the queue; false when already in it. */
  join(userId: number, score: number, now: number): Promise<boolean>;
  /** Removes a player from the queue; false when not in it. */
  leave(userId: number): Promise<boolean>;
  /** When the player joined the queue, or null. */
  queuedSince(userId: number): Promise<number | null>;
  queueSize(): Promise<number>;
  /** Takes matched pairs out of the queue (atomically: each pair goes to one caller). */
  takePairs(now: number, rule: WindowRule): Promise<[number, number][]>;

  createMatch(m: MatchRecord): Promise<void>;
  /** The player's live match (pending or starting), if any. */
  liveMatchOf(userId: number, now: number): Promise<{ id: string; p0: number; p1: number } | null>;
  confirm(matchId: string, userId: number, now: number): Promise<ConfirmOutcome>;
  matchStarted(matchId: string, gameId: string): Promise<void>;
  cancelMatch(matchId: string): Promise<void>;
  /** Cancels the player's pending match, if any; answers its id. */
  cancelMatchOf(userId: number, now: number): Promise<string | null>;

  markDropped(userId: number, until: number): Promise<void>;
  /** The drop mark's reconnect-until (past ones too, until cleared), or null. */
  droppedUntil(userId: number): Promise<number | null>;
  /** Clears the drop mark; true when one was set. */
  clearDropped(userId: number): Promise<boolean>;

  close(): Promise<void>;
}

/** Timing of matches, shared by both stores. */
export interface MatchTiming {
  /** Both must confirm within this. */
  confirmMs: number;
  /** A match stuck in "starting" (its creator died) is given up after this much more. */
  startingGraceMs: number;
  /** Records are kept this long so late polls still learn opponent_leave. */
  keepMs: number;
}

export const DEFAULT_MATCH_TIMING: MatchTiming = {
  confirmMs: 20_000,
  startingGraceMs: 30_000,
  keepMs: 120_000,
};
