import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import {
  type ArenaStore,
  type ConfirmOutcome,
  DEFAULT_MATCH_TIMING,
  type MatchTiming,
  type WindowRule,
} from "./arena-store.ts";

/**
 * The arena's shared state in Redis, for several server processes
 * (docs/realtime.md has the key layout). Every read-modify-write is one Lua
 * script, so two processes never take the same pair or create one game twice.
 *
 *   {p}q           sorted set  user id -> rank score (the queue)
 *   {p}qt          hash        user id -> joined at (ms)
 *   {p}m:{id}      hash        p0 p1 c0 c1 st g at  (a match; expires)
 *   {p}um:{user}   string      the user's latest match id (expires)
 *   {p}drop:{user} string      reconnect-until of a dropped player (expires)
 *
 * Redis may restart empty (the compose one keeps nothing): each process
 * remembers the players who joined the queue through it (score, join time)
 * and puts them back with their original join time when it finds the
 * epoch key gone (`checkEpoch`, every second):
 *
 *   {p}epoch       string      this Redis's epoch (a random id; leased, every process renews it)
 */

// KEYS: epoch, queue; ARGV: a new epoch id, lease ms, then user ids. Answers
// the epoch (the new id if there was none) and which of those users are queued:
// one script, so a wipe cannot fall between the two reads.
const EPOCH = `
local epoch = redis.call('GET', KEYS[1])
if not epoch then
  epoch = ARGV[1]
  redis.call('SET', KEYS[1], epoch, 'PX', ARGV[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
local out = {epoch}
for i = 3, #ARGV do
  if redis.call('ZSCORE', KEYS[2], ARGV[i]) then out[#out + 1] = ARGV[i] end
end
return out`;

/** The epoch key outlives a process's silence this long (all renew it every second). */
const EPOCH_LEASE_MS = 60_000;

const JOIN = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1`;

const LEAVE = `
local n = redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return n`;

// The same greedy rule as pairQueue (arena-store.ts), in score order.
const TAKE_PAIRS = `
local now = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local perSec = tonumber(ARGV[3])
local maxw = tonumber(ARGV[4])
local members = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local out = {}
local prevId = false
local prevScore = 0
local prevWin = 0
for i = 1, #members, 2 do
  local id = members[i]
  local score = tonumber(members[i + 1])
  local joined = tonumber(redis.call('HGET', KEYS[2], id) or now)
  local win = math.min(maxw, base + perSec * math.max(0, now - joined) / 1000)
  if prevId and (score - prevScore) <= math.max(win, prevWin) then
    out[#out + 1] = prevId
    out[#out + 1] = id
    redis.call('ZREM', KEYS[1], prevId, id)
    redis.call('HDEL', KEYS[2], prevId, id)
    prevId = false
  else
    prevId = id
    prevScore = score
    prevWin = win
  end
end
return out`;

// KEYS[1] match hash; ARGV: user, now, confirmMs, startingGraceMs
const AGE = `
local function age(key, now, confirmMs, graceMs)
  local st = redis.call('HGET', key, 'st')
  local at = tonumber(redis.call('HGET', key, 'at'))
  if st == 'pending' and now - at > confirmMs then
    redis.call('HSET', key, 'st', 'cancelled')
    return 'cancelled'
  end
  if st == 'starting' and now - at > confirmMs + graceMs then
    redis.call('HSET', key, 'st', 'cancelled')
    return 'cancelled'
  end
  return st
end`;

const CONFIRM = `${AGE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local p0 = redis.call('HGET', KEYS[1], 'p0')
local p1 = redis.call('HGET', KEYS[1], 'p1')
local me
if ARGV[1] == p0 then me = 'c0' elseif ARGV[1] == p1 then me = 'c1' else return {'not_yours'} end
local st = age(KEYS[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
if st == 'cancelled' then return {'cancelled'} end
if st == 'started' then return {'started', redis.call('HGET', KEYS[1], 'g')} end
if st == 'starting' then return {'waiting'} end
redis.call('HSET', KEYS[1], me, '1')
if redis.call('HGET', KEYS[1], 'c0') == '1' and redis.call('HGET', KEYS[1], 'c1') == '1' then
  redis.call('HSET', KEYS[1], 'st', 'starting')
  return {'create', p0, p1}
end
return {'waiting'}`;

// KEYS[1] the user's match pointer; ARGV: now, confirmMs, startingGraceMs, prefix
const CANCEL_OF = `${AGE}
local id = redis.call('GET', KEYS[1])
if not id then return false end
local key = ARGV[4] .. 'm:' .. id
if redis.call('EXISTS', key) == 0 then return false end
local st = age(key, tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]))
if st ~= 'pending' then return false end
redis.call('HSET', key, 'st', 'cancelled')
return id`;

const CANCEL = `
local st = redis.call('HGET', KEYS[1], 'st')
if st and st ~= 'started' then redis.call('HSET', KEYS[1], 'st', 'cancelled') end
return 1`;

const STARTED = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'st', 'started', 'g', ARGV[1])
end
return 1`;

/** The Redis store, plus what surviving a wiped Redis needs. */
export interface RedisArenaStore extends ArenaStore {
  /**
   * Renews the epoch lease. When the epoch changed (Redis was wiped), puts
   * every player who joined through this process back in the queue with
   * their original join time and answers `wiped: true`; else forgets the
   * remembered players no longer queued (paired, or left through another process).
   */
  checkEpoch(): Promise<{ wiped: boolean; requeued: number[] }>;
}

export function createRedisStore(
  redis: Redis,
  prefix: string,
  timing: MatchTiming = DEFAULT_MATCH_TIMING,
): RedisArenaStore {
  const q = `${prefix}q`;
  const qt = `${prefix}qt`;
  const matchKey = (id: string) => `${prefix}m:${id}`;
  const userMatchKey = (userId: number) => `${prefix}um:${userId}`;
  const dropKey = (userId: number) => `${prefix}drop:${userId}`;
  const asNumber = (v: unknown): number => Number(v);
  /** Queued through this process: user id -> score and join time. */
  const mine = new Map<number, { score: number; joinedAt: number }>();
  const epochKey = `${prefix}epoch`;
  /** The epoch this process last saw (null before the first check). */
  let knownEpoch: string | null = null;

  return {
    async join(userId, score, now) {
      const joined = asNumber(await redis.eval(JOIN, 2, q, qt, userId, score, now)) === 1;
      if (joined) mine.set(userId, { score, joinedAt: now });
      return joined;
    },
    async leave(userId) {
      mine.delete(userId);
      return asNumber(await redis.eval(LEAVE, 2, q, qt, userId)) > 0;
    },
    async checkEpoch() {
      const ids = [...mine.keys()];
      const [epoch, ...queued] = (await redis.eval(
        EPOCH,
        2,
        epochKey,
        q,
        randomUUID(),
        EPOCH_LEASE_MS,
        ...ids,
      )) as string[];
      const before = knownEpoch;
      knownEpoch = epoch ?? null;
      if (before === null || before === knownEpoch) {
        const still = new Set(queued.map(Number));
        for (const id of ids) if (!still.has(id)) mine.delete(id);
        return { wiped: false, requeued: [] };
      }
      const requeued: number[] = [];
      for (const [id, e] of mine) {
        await redis.eval(JOIN, 2, q, qt, id, e.score, e.joinedAt);
        requeued.push(id);
      }
      return { wiped: true, requeued };
    },
    async queuedSince(userId) {
      const [score, joined] = await Promise.all([
        redis.zscore(q, String(userId)),
        redis.hget(qt, String(userId)),
      ]);
      return score === null ? null : Number(joined ?? 0);
    },
    async queueSize() {
      return redis.zcard(q);
    },
    async takePairs(now: number, rule: WindowRule) {
      const out = (await redis.eval(
        TAKE_PAIRS,
        2,
        q,
        qt,
        now,
        rule.base,
        rule.perSecond,
        rule.max,
      )) as string[];
      const pairs: [number, number][] = [];
      for (let i = 0; i + 1 < out.length; i += 2) pairs.push([Number(out[i]), Number(out[i + 1])]);
      for (const [a, b] of pairs) {
        mine.delete(a);
        mine.delete(b);
      }
      return pairs;
    },

    async createMatch(m) {
      const ttl = timing.keepMs;
      await redis
        .multi()
        .hset(matchKey(m.id), {
          p0: m.p0,
          p1: m.p1,
          c0: 0,
          c1: 0,
          st: "pending",
          at: m.createdAt,
        })
        .pexpire(matchKey(m.id), ttl)
        .set(userMatchKey(m.p0), m.id, "PX", ttl)
        .set(userMatchKey(m.p1), m.id, "PX", ttl)
        .exec();
    },
    async liveMatchOf(userId, now) {
      const id = await redis.get(userMatchKey(userId));
      if (!id) return null;
      const m = await redis.hgetall(matchKey(id));
      if (!m.st || !m.at) return null;
      const age = now - Number(m.at);
      const live =
        (m.st === "pending" && age <= timing.confirmMs) ||
        (m.st === "starting" && age <= timing.confirmMs + timing.startingGraceMs);
      return live ? { id, p0: Number(m.p0), p1: Number(m.p1) } : null;
    },
    async confirm(matchId, userId, now): Promise<ConfirmOutcome> {
      const r = (await redis.eval(
        CONFIRM,
        1,
        matchKey(matchId),
        userId,
        now,
        timing.confirmMs,
        timing.startingGraceMs,
      )) as string[];
      switch (r[0]) {
        case "missing":
          return { kind: "missing" };
        case "not_yours":
          return { kind: "not_yours" };
        case "cancelled":
          return { kind: "cancelled" };
        case "started":
          return { kind: "started", gameId: String(r[1]) };
        case "create":
          return { kind: "create", p0: Number(r[1]), p1: Number(r[2]) };
        default:
          return { kind: "waiting" };
      }
    },
    async matchStarted(matchId, gameId) {
      await redis.eval(STARTED, 1, matchKey(matchId), gameId);
    },
    async cancelMatch(matchId) {
      await redis.eval(CANCEL, 1, matchKey(matchId));
    },
    async cancelMatchOf(userId, now) {
      const r = await redis.eval(
        CANCEL_OF,
        1,
        userMatchKey(userId),
        now,
        timing.confirmMs,
        timing.startingGraceMs,
        prefix,
      );
      return typeof r === "string" ? r : null;
    },

    async markDropped(userId, until) {
      // Kept a little past the window so the expiry check still finds it.
      await redis.set(dropKey(userId), String(until), "PX", 120_000);
    },
    async droppedUntil(userId) {
      const v = await redis.get(dropKey(userId));
      return v === null ? null : Number(v);
    },
    async clearDropped(userId) {
      return (await redis.del(dropKey(userId))) > 0;
    },
    async close() {
      // The connection belongs to the caller.
    },
  };
}
