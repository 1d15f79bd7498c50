import type { ChannelData } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ArenaContext } from "../src/battles/arena-context.ts";
import { createArenaMatchmaking } from "../src/battles/arena-matchmaking.ts";
import type { ArenaStart } from "../src/battles/arena-start.ts";
import type { Db } from "../src/db/database.ts";
import type { ArenaStore } from "../src/matchmaking/arena-store.ts";
import { createMemoryStore } from "../src/matchmaking/memory-store.ts";
import { systemClock } from "../src/realtime/room-clock.ts";
import { freshDb } from "./harness.ts";

/**
 * The queue's passes (issue 25): a pass scans the whole queue (with Redis, a
 * Lua script over the shared sorted set), so a burst of joins must not cost
 * a pass each, and a join during a pass must not wait for the next 1 s tick.
 */
describe("arena matchmaking passes", () => {
  let db: Db;
  beforeEach(async () => {
    db = await freshDb("sqlite");
  });
  afterEach(async () => {
    await db.close();
  });

  /** A memory store whose passes answer `passMs` after their scan, as over Redis; counts them. */
  function slowStore(passMs: number): { store: ArenaStore; passes: () => number } {
    const inner = createMemoryStore();
    let passes = 0;
    const store: ArenaStore = {
      ...inner,
      async takePairs(now, rule) {
        passes++;
        // The scan happens at once; its answer comes back a round trip later.
        const pairs = await inner.takePairs(now, rule);
        await new Promise((r) => setTimeout(r, passMs));
        return pairs;
      },
    };
    return { store, passes: () => passes };
  }

  function matchmaking(store: ArenaStore, sent: { to: number; data: ChannelData }[]) {
    const ctx = {
      deps: {
        db,
        store,
        room: systemClock(),
        send: (to: number, data: ChannelData) => sent.push({ to, data }),
        log: { error: () => {}, warn: () => {} },
      },
      background: (p: Promise<unknown>) => {
        p.catch(() => {});
      },
      isClosed: () => false,
    } as unknown as ArenaContext;
    const starts = {
      arenaUser: async () => ({ user: { rank_score: 1000 }, deck: [] }),
      assertFree: async () => {},
    } as unknown as ArenaStart;
    return createArenaMatchmaking(ctx, starts);
  }

  it("pairs a burst of 100 joins in a few passes, none left for the periodic tick", async () => {
    const { store, passes } = slowStore(20);
    const sent: { to: number; data: ChannelData }[] = [];
    const mm = matchmaking(store, sent);
    const players = Array.from({ length: 100 }, (_, i) => i + 1);
    // Joins spread over ~100 ms, as requests arrive, not in one tick.
    for (const u of players) {
      await mm.queue(u);
      if (u % 10 === 0) await new Promise((r) => setTimeout(r, 10));
    }
    await expect
      .poll(() => sent.filter((m) => m.data.type === "confirm_start_game").length, {
        timeout: 5_000,
      })
      .toBe(100);
    expect(new Set(sent.map((m) => m.to)).size).toBe(100);
    // One pass per join was 100 full scans; one at a time, at most one per 50 ms.
    expect(passes()).toBeLessThanOrEqual(10);
    expect(await store.queueSize()).toBe(0);
  });
});
