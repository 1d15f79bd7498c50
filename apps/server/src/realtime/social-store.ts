import type { Redis } from "ioredis";

/**
 * What spectating and emotes share between the server's processes: who is
 * watching which arena game (at most `max` at a time) and when a player last
 * emoted. In memory for one process; in Redis (the arena's key prefix) for
 * several, where each read-modify-write is one command or script:
 *
 *   {p}w:{game}     set     the game's spectators' user ids (expires)
 *   {p}wu:{user}    string  the game the user watches (expires)
 *   {p}emote:{user} string  set with PX = the gap: while it lives, no emote
 */
export type WatchAdded = "added" | "already" | "full";

export interface SocialStore {
  /** Adds a spectator unless the game has `max` already (a returning one is "already"). */
  addWatcher(gameId: string, userId: number, max: number): Promise<WatchAdded>;
  /** Removes a spectator; whether they were watching that game. */
  removeWatcher(gameId: string, userId: number): Promise<boolean>;
  watchers(gameId: string): Promise<number[]>;
  /** The game the user watches, if any. */
  watchedBy(userId: number): Promise<string | null>;
  /** The game ended: nobody watches it any more. */
  clearWatchers(gameId: string): Promise<void>;
  /** Takes the player's emote slot for `gapMs`: 0 if taken, else the ms until it frees. */
  takeEmoteSlot(userId: number, gapMs: number): Promise<number>;
}

/** A watch lasts at most this long without being renewed (a game is far shorter). */
const WATCH_TTL_MS = 3 * 60 * 60 * 1000;

export function createMemorySocialStore(now: () => number = Date.now): SocialStore {
  const games = new Map<string, Set<number>>();
  const byUser = new Map<number, string>();
  const emoted = new Map<number, number>();
  return {
    async addWatcher(gameId, userId, max) {
      let set = games.get(gameId);
      if (set?.has(userId)) return "already";
      if (set && set.size >= max) return "full";
      if (!set) {
        set = new Set();
        games.set(gameId, set);
      }
      set.add(userId);
      byUser.set(userId, gameId);
      return "added";
    },
    async removeWatcher(gameId, userId) {
      const had = games.get(gameId)?.delete(userId) ?? false;
      if (byUser.get(userId) === gameId) byUser.delete(userId);
      if (games.get(gameId)?.size === 0) games.delete(gameId);
      return had;
    },
    async watchers(gameId) {
      return [...(games.get(gameId) ?? [])];
    },
    async watchedBy(userId) {
      return byUser.get(userId) ?? null;
    },
    async clearWatchers(gameId) {
      for (const u of games.get(gameId) ?? []) if (byUser.get(u) === gameId) byUser.delete(u);
      games.delete(gameId);
    },
    async takeEmoteSlot(userId, gapMs) {
      const t = now();
      const until = emoted.get(userId) ?? 0;
      if (until > t) return until - t;
      emoted.set(userId, t + gapMs);
      return 0;
    },
  };
}

const ADD_WATCHER = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 2 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3])
return 1`;

const REMOVE_WATCHER = `
local n = redis.call('SREM', KEYS[1], ARGV[1])
if redis.call('GET', KEYS[2]) == ARGV[2] then redis.call('DEL', KEYS[2]) end
return n`;

export function createRedisSocialStore(redis: Redis, prefix: string): SocialStore {
  const gameKey = (gameId: string) => `${prefix}w:${gameId}`;
  const userKey = (userId: number) => `${prefix}wu:${userId}`;
  return {
    async addWatcher(gameId, userId, max) {
      const r = await redis.eval(
        ADD_WATCHER,
        2,
        gameKey(gameId),
        userKey(userId),
        String(userId),
        String(max),
        String(WATCH_TTL_MS),
        gameId,
      );
      return r === 1 ? "added" : r === 2 ? "already" : "full";
    },
    async removeWatcher(gameId, userId) {
      const r = await redis.eval(
        REMOVE_WATCHER,
        2,
        gameKey(gameId),
        userKey(userId),
        String(userId),
        gameId,
      );
      return r === 1;
    },
    async watchers(gameId) {
      return (await redis.smembers(gameKey(gameId))).map(Number);
    },
    async watchedBy(userId) {
      return redis.get(userKey(userId));
    },
    async clearWatchers(gameId) {
      await redis.del(gameKey(gameId));
    },
    async takeEmoteSlot(userId, gapMs) {
      const key = `${prefix}emote:${userId}`;
      if ((await redis.set(key, "1", "PX", gapMs, "NX")) === "OK") return 0;
      return Math.max(1, await redis.pttl(key));
    },
  };
}
