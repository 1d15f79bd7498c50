import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisChallengeStore } from "../src/matchmaking/challenge-redis-store.ts";
import {
  type ChallengeStore,
  createMemoryChallengeStore,
} from "../src/matchmaking/challenge-store.ts";

/**
 * The challenge store's atomic steps, in memory and (with REDIS_URL) in
 * Redis through two connections, as two server processes hold them: a
 * challenge is taken once, a rematch pressed by both at once makes one game.
 */
const REDIS_URL = process.env.REDIS_URL;
const connections: Redis[] = [];
const prefix = `test:challenges:${process.pid}:${randomUUID().slice(0, 8)}:`;

function stores(): [string, () => [ChallengeStore, ChallengeStore]][] {
  const out: [string, () => [ChallengeStore, ChallengeStore]][] = [
    [
      "memory",
      () => {
        const one = createMemoryChallengeStore();
        return [one, one];
      },
    ],
  ];
  if (REDIS_URL) {
    out.push([
      "redis (two processes)",
      () => {
        const a = new Redis(REDIS_URL);
        const b = new Redis(REDIS_URL);
        connections.push(a, b);
        return [createRedisChallengeStore(a, prefix), createRedisChallengeStore(b, prefix)];
      },
    ]);
  }
  return out;
}

afterAll(async () => {
  const [first] = connections;
  if (first) {
    const keys = await first.keys(`${prefix}*`);
    if (keys.length > 0) await first.del(...keys);
  }
  for (const c of connections) c.disconnect();
});

describe.each(stores())("the challenge store in %s", (_name, make) => {
  it("a challenge is taken by one of two racing accepts, and is gone after its expiry", async () => {
    const [p1, p2] = make();
    const id = randomUUID().slice(0, 22);
    await p1.put({ id, from: 1, fromDeck: 1, to: 2, expiresAt: 61_000 }, 1_000);
    expect(await p2.get(id, 2_000)).toMatchObject({ id, from: 1, to: 2 });
    const taken = await Promise.all([p1.take(id, 2_000), p2.take(id, 2_000)]);
    expect(taken.filter((t) => t !== null)).toHaveLength(1);
    expect(await p1.get(id, 2_000)).toBeNull();
    const late = `${id.slice(0, 21)}x`;
    await p1.put({ id: late, from: 1, fromDeck: 1, to: null, expiresAt: 61_000 }, 1_000);
    expect(await p2.get(late, 61_000)).toBeNull();
    expect(await p2.take(late, 61_000)).toBeNull();
  });

  it("a rematch pressed by both at once: exactly one caller creates; later presses find the game", async () => {
    const [p1, p2] = make();
    const game = randomUUID();
    const presses = await Promise.all([
      p1.pressRematch(game, 1, 0),
      p2.pressRematch(game, 2, 0),
      p1.pressRematch(game, 1, 0),
    ]);
    expect(presses.filter((p) => p.kind === "create")).toHaveLength(1);
    await p1.rematchStarted(game, "next", 0);
    expect(await p2.pressRematch(game, 2, 0)).toEqual({ kind: "started", gameId: "next" });
    // A rematch that could not start: both may press again.
    const other = randomUUID();
    await p1.pressRematch(other, 1, 0);
    expect(await p2.pressRematch(other, 2, 0)).toEqual({ kind: "create" });
    await p1.rematchFailed(other);
    expect(await p1.pressRematch(other, 1, 0)).toEqual({ kind: "waiting" });
  });
});
