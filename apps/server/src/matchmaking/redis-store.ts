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
 * Redis may restart empty (the compose one keeps nothing). A random epoch
 * id names each life of this Redis:
 *
 *   {p}epoch       string      this Redis's epoch (leased; every process renews it every second)
 *
 * Each process remembers the players who joined the queue through it
 * (score, join time, and the epoch their join was made in: the join script
 * answers it). The epoch check (`checkEpoch`, every second) puts back the
 * remembered players whose epoch is no longer Redis's, with their original
 * join time. The epoch is kept per player, not only per process, so a wipe
 * is seen whatever ran first on the empty Redis (this process's first check
 * after it started, another join that wrote a new epoch): a comparison with
 * the last epoch the process saw alone missed a wipe that came before the
 * process's first check. Matches this process paired and still waiting for
 * confirmation cannot be put back (who confirmed is lost): the check answers
 * them, and their players are told (arena.ts).
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

// KEYS: queue, join times, epoch; ARGV: user, score, joined at, a new epoch id,
// lease ms. Answers {1 joined or 0 already queued, the epoch it was made in}
// (a new epoch when Redis had none: an empty Redis).
const JOIN = `
local epoch = redis.call('GET', KEYS[3])
if not epoch then
  epoch = ARGV[4]
  redis.call('SET', KEYS[3], epoch, 'PX', ARGV[5])
end
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {0, epoch} end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return {1, epoch}`;

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
   * Renews the epoch lease (or starts a new epoch on an empty Redis). Puts
   * back in the queue, with their original join time, every player who
   * joined through this process in an epoch that is no longer Redis's;
   * forgets the remembered players no longer queued in this epoch (paired,
   * or left through another process). `wiped`: Redis's epoch is not the one
   * this process saw last (or a remembered player's), i.e. Redis lost what
   * it held. `lostMatches`: the matches this process paired that were still
   * waiting for confirmation when Redis lost them.
   */
  checkEpoch(): Promise<EpochCheck>;
}

export interface EpochCheck {
  wiped: boolean;
  requeued: number[];
  lostMatches: { id: string; p0: number; p1: number }[];
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
  /** Queued through this process: user id -> score, join time and the epoch of the join. */
  const mine = new Map<number, { score: number; joinedAt: number; epoch: string }>();
  /**
   * Matches this process paired, until they can no longer be waiting for
   * confirmation (wall time): told as lost when Redis loses them.
   */
  const paired = new Map<string, { p0: number; p1: number; until: number }>();
  const epochKey = `${prefix}epoch`;
  /** The epoch this process last saw (null before the first check). */
  let knownEpoch: string | null = null;

  /** Runs the join script: whether it joined, and the epoch it was made in. */
  async function joinQueue(
    userId: number,
    score: number,
    joinedAt: number,
  ): Promise<{ joined: boolean; epoch: string }> {
    const [joined, epoch] = (await redis.eval(
      JOIN,
      3,
      q,
      qt,
      epochKey,
      userId,
      score,
      joinedAt,
      randomUUID(),
      EPOCH_LEASE_MS,
    )) as [number, string];
    return { joined: asNumber(joined) === 1, epoch: String(epoch) };
  }

  return {
    async join(userId, score, now) {
      const { joined, epoch } = await joinQueue(userId, score, now);
      if (joined) mine.set(userId, { score, joinedAt: now, epoch });
      return joined;
    },
    async leave(userId) {
      // Forgotten before the call: a check running now must not put them back.
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
      const current = String(epoch);
      // Taken as seen only once this check has done its work: a check that
      // fails halfway is done again in full by the next one.
      let wiped = knownEpoch !== null && knownEpoch !== current;
      const still = new Set(queued.map(Number));
      const requeued: number[] = [];
      for (const id of ids) {
        const e = mine.get(id);
        if (!e) continue; // left while the script ran
        if (e.epoch === current) {
          if (!still.has(id)) mine.delete(id);
          continue;
        }
        // Joined in an earlier life of Redis: put back with the original join
        // time (a no-op when they are queued already, e.g. the lease lapsed).
        wiped = true;
        const again = await joinQueue(id, e.score, e.joinedAt);
        if (mine.get(id) === e) e.epoch = again.epoch;
        requeued.push(id);
      }
      const lostMatches: EpochCheck["lostMatches"] = [];
      const now = Date.now();
      for (const [id, m] of paired) {
        if (m.until < now) paired.delete(id);
        else if (wiped) {
          paired.delete(id);
          lostMatches.push({ id, p0: m.p0, p1: m.p1 });
        }
      }
      knownEpoch = current;
      return { wiped, requeued, lostMatches };
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
      paired.set(m.id, {
        p0: m.p0,
        p1: m.p1,
        until: Date.now() + timing.confirmMs + timing.startingGraceMs,
      });
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
      paired.delete(matchId);
      await redis.eval(STARTED, 1, matchKey(matchId), gameId);
    },
    async cancelMatch(matchId) {
      paired.delete(matchId);
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
      if (typeof r !== "string") return null;
      paired.delete(r);
      return r;
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
