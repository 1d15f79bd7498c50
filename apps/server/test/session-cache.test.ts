import { describe, expect, it } from "vitest";
import { createSessionCache } from "../src/auth/session-cache.ts";
import type { SessionRow } from "../src/db/repositories/users-repo.ts";

/**
 * The per-process session cache (auth/session-cache.ts) over a table the
 * test changes by hand: it counts reads, and a read can be held open to
 * let a notice arrive while it is in flight.
 */
function fakeTable() {
  const versions = new Map<number, number>([
    [1, 1],
    [2, 1],
  ]);
  let reads = 0;
  let hold: Promise<void> | null = null;
  const rowOf = (id: number): SessionRow | undefined => {
    const v = versions.get(id);
    return v === undefined
      ? undefined
      : { id, session_version: v, suspended_at: null, suspended_reason: null };
  };
  const read = async (id: number) => {
    reads++;
    const row = rowOf(id); // as it is when the read starts
    if (hold) await hold;
    return row;
  };
  return {
    versions,
    read,
    reads: () => reads,
    holdReads() {
      let release = () => {};
      hold = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe("the session cache", () => {
  it("reads a user's row once while notices are heard, and again after a notice", async () => {
    const t = fakeTable();
    const cache = createSessionCache(t.read);
    cache.listening(true);
    expect((await cache.get(1))?.session_version).toBe(1);
    expect((await cache.get(1))?.session_version).toBe(1);
    expect(t.reads()).toBe(1);
    t.versions.set(1, 2); // a password change commits
    cache.forget(1); // its notice
    expect((await cache.get(1))?.session_version).toBe(2);
    expect(t.reads()).toBe(2);
    // Another user's row was never touched by that notice.
    await cache.get(2);
    await cache.get(2);
    expect(t.reads()).toBe(3);
  });

  it("keeps nothing while notices are not heard, and starts empty when they are again", async () => {
    const t = fakeTable();
    const cache = createSessionCache(t.read);
    await cache.get(1);
    await cache.get(1);
    expect(t.reads()).toBe(2); // not listening yet: every call reads
    cache.listening(true);
    await cache.get(1);
    await cache.get(1);
    expect(t.reads()).toBe(3);
    cache.listening(false); // the listening connection is lost; notices may be missed
    t.versions.set(1, 2);
    expect((await cache.get(1))?.session_version).toBe(2);
    cache.listening(true);
    t.versions.set(1, 3); // changed while nobody heard: the cache must not have kept 2
    expect((await cache.get(1))?.session_version).toBe(3);
  });

  it("does not keep a read that was in flight when a notice arrived", async () => {
    const t = fakeTable();
    const cache = createSessionCache(t.read);
    cache.listening(true);
    const release = t.holdReads();
    const inFlight = cache.get(1); // reads version 1...
    t.versions.set(1, 2); // ...the change commits meanwhile...
    cache.forget(1); // ...and its notice arrives before the read answers
    release();
    expect((await inFlight)?.session_version).toBe(1); // that call saw the row as it started
    expect((await cache.get(1))?.session_version).toBe(2); // the next one reads again
    expect(t.reads()).toBe(2);
  });

  it("reads a row again after its time to live, notice or not", async () => {
    const t = fakeTable();
    const clock = { now: 0 };
    const cache = createSessionCache(t.read, { ttlMs: 1000, now: () => clock.now });
    cache.listening(true);
    await cache.get(1);
    clock.now = 999;
    await cache.get(1);
    expect(t.reads()).toBe(1);
    clock.now = 1000;
    t.versions.set(1, 5);
    expect((await cache.get(1))?.session_version).toBe(5);
    expect(t.reads()).toBe(2);
  });

  it("keeps at most `max` rows, forgetting the oldest", async () => {
    const t = fakeTable();
    t.versions.set(3, 1);
    const cache = createSessionCache(t.read, { max: 2 });
    cache.listening(true);
    await cache.get(1);
    await cache.get(2);
    await cache.get(3); // 1 goes
    expect(t.reads()).toBe(3);
    await cache.get(3);
    await cache.get(2);
    expect(t.reads()).toBe(3);
    await cache.get(1);
    expect(t.reads()).toBe(4);
  });
});
