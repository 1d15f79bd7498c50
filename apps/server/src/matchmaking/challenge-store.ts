/**
 * Friendly challenges and rematches shared between server processes (issue
 * 24): in memory for one process, in Redis for several
 * (challenge-redis-store.ts). Each read-modify-write is atomic, so a
 * challenge is accepted once and a rematch both pressed makes one game.
 */

export interface ChallengeRecord {
  id: string;
  from: number;
  /** The challenger's deck slot. */
  fromDeck: number;
  /** The addressee; null for a link challenge (whoever opens it first). */
  to: number | null;
  /** ms since the epoch (room clock). */
  expiresAt: number;
}

/** What pressing Rematch found. */
export type RematchPress =
  /** The other player has not pressed yet. */
  | { kind: "waiting" }
  /** Both pressed and this caller makes the game. */
  | { kind: "create" }
  /** The rematch game exists (the other press made it). */
  | { kind: "started"; gameId: string };

export interface ChallengeStore {
  put(c: ChallengeRecord, now: number): Promise<void>;
  /** The live challenge, or null (never was, expired, accepted or closed). */
  get(id: string, now: number): Promise<ChallengeRecord | null>;
  /** Takes the live challenge out (atomically: one caller gets it). */
  take(id: string, now: number): Promise<ChallengeRecord | null>;
  /** A press of Rematch after `gameId` by one of its two players. */
  pressRematch(gameId: string, userId: number, now: number): Promise<RematchPress>;
  rematchStarted(gameId: string, newGameId: string, now: number): Promise<void>;
  /** Forgets the presses (the rematch could not start): both may press again. */
  rematchFailed(gameId: string): Promise<void>;
}

/** How long a finished friendly game's Rematch button waits for the other press. */
export const REMATCH_KEEP_MS = 10 * 60_000;

export function createMemoryChallengeStore(): ChallengeStore {
  const challenges = new Map<string, ChallengeRecord>();
  const rematches = new Map<string, { presses: Set<number>; game?: string; until: number }>();
  const live = (id: string, now: number) => {
    const c = challenges.get(id);
    if (c && c.expiresAt <= now) challenges.delete(id);
    return c && c.expiresAt > now ? c : null;
  };
  return {
    async put(c) {
      challenges.set(c.id, c);
    },
    async get(id, now) {
      return live(id, now);
    },
    async take(id, now) {
      const c = live(id, now);
      challenges.delete(id);
      return c;
    },
    async pressRematch(gameId, userId, now) {
      let r = rematches.get(gameId);
      if (!r || r.until <= now) {
        r = { presses: new Set(), until: now + REMATCH_KEEP_MS };
        rematches.set(gameId, r);
      }
      if (r.game) return { kind: "started", gameId: r.game };
      if (r.presses.has(-1)) return { kind: "waiting" };
      r.presses.add(userId);
      if (r.presses.size < 2) return { kind: "waiting" };
      // Starting: later presses wait for the game (-1 marks it taken).
      r.presses.add(-1);
      return { kind: "create" };
    },
    async rematchStarted(gameId, newGameId) {
      const r = rematches.get(gameId);
      if (r) r.game = newGameId;
    },
    async rematchFailed(gameId) {
      rematches.delete(gameId);
    },
  };
}
