import type { Redis } from "ioredis";
import {
  type ChallengeRecord,
  type ChallengeStore,
  REMATCH_KEEP_MS,
  type RematchPress,
} from "./challenge-store.ts";

/**
 * Challenges and rematches in Redis, for several server processes
 * (docs/realtime.md has the keys):
 *
 *   {p}ch:{id}     string  the challenge as JSON (expires with it)
 *   {p}rm:{game}   hash    u:{user} = 1 per press, st = starting, g = the new game (expires)
 */

const TAKE = `
local v = redis.call('GET', KEYS[1])
if v then redis.call('DEL', KEYS[1]) end
return v`;

// ARGV: user, keep ms
const PRESS = `
local g = redis.call('HGET', KEYS[1], 'g')
if g then return {'started', g} end
if redis.call('HGET', KEYS[1], 'st') then return {'waiting'} end
redis.call('HSET', KEYS[1], 'u:' .. ARGV[1], '1')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local presses = 0
for _, f in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(f, 1, 2) == 'u:' then presses = presses + 1 end
end
if presses >= 2 then
  redis.call('HSET', KEYS[1], 'st', 'starting')
  return {'create'}
end
return {'waiting'}`;

export function createRedisChallengeStore(redis: Redis, prefix: string): ChallengeStore {
  const challengeKey = (id: string) => `${prefix}ch:${id}`;
  const rematchKey = (gameId: string) => `${prefix}rm:${gameId}`;
  const parse = (v: unknown, now: number): ChallengeRecord | null => {
    if (typeof v !== "string") return null;
    const c = JSON.parse(v) as ChallengeRecord;
    return c.expiresAt > now ? c : null;
  };
  return {
    async put(c, now) {
      await redis.set(challengeKey(c.id), JSON.stringify(c), "PX", Math.max(1, c.expiresAt - now));
    },
    async get(id, now) {
      return parse(await redis.get(challengeKey(id)), now);
    },
    async take(id, now) {
      return parse(await redis.eval(TAKE, 1, challengeKey(id)), now);
    },
    async pressRematch(gameId, userId): Promise<RematchPress> {
      const r = (await redis.eval(
        PRESS,
        1,
        rematchKey(gameId),
        userId,
        REMATCH_KEEP_MS,
      )) as string[];
      if (r[0] === "started") return { kind: "started", gameId: String(r[1]) };
      if (r[0] === "create") return { kind: "create" };
      return { kind: "waiting" };
    },
    async rematchStarted(gameId, newGameId) {
      await redis.hset(rematchKey(gameId), "g", newGameId);
    },
    async rematchFailed(gameId) {
      await redis.del(rematchKey(gameId));
    },
  };
}
