import { dailyTasksFor, utcDay } from "@cardrealm/content";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.ts";
import { addToLibrary } from "../src/db/repositories/collection-repo.ts";
import { withAmounts } from "../src/economy/box-view.ts";
import { CHAMPIONS_FLOOR } from "../src/progression/progression-view.ts";
import { userView } from "../src/services/user-view.ts";
import {
  announceDialects,
  DIALECTS,
  grantGems,
  newGuest,
  openBoxOk,
  playerDetails,
  type TestApp,
  testApp,
} from "./harness.ts";

announceDialects();

/**
 * A box's answer builds the player's view from what its transaction wrote
 * and caches it (economy/box-view.ts). Whatever else writes the player's
 * rows before, between or during the boxes, the box's answer and every
 * player-details after it must equal a view read from the tables with no
 * cache (a view inside a transaction never uses the cache).
 */
const fresh = (db: Db, userId: number, now: number) =>
  db.kysely.transaction().execute((trx) => userView(trx, userId, now));

describe.each(DIALECTS)("a box's view on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(dialect);
  });
  afterEach(async () => {
    await t.app.close();
  });

  /** A new player whose tasks today include opening a box, or not. */
  async function player(withBoxTask: boolean) {
    for (let i = 0; i < 40; i++) {
      const g = await newGuest(t.app);
      const tasks = dailyTasksFor(g.user.id, utcDay(t.clock.now));
      if (tasks.some((task) => task.kind === "open_boxes") === withBoxTask) {
        await grantGems(t.db, g.user.id, 100_000, `grant:${g.user.id}`);
        return { id: g.user.id, auth: g.auth };
      }
    }
    throw new Error("no such player in 40 sign-ups");
  }

  const details = (auth: Record<string, string>) => playerDetails(t.app, auth);
  const open = async (auth: Record<string, string>) => (await openBoxOk(t.app, auth)).user;

  it.each([true, false])(
    "equals the tables after each box and each other write (box task today: %s)",
    async (withBoxTask) => {
      const p = await player(withBoxTask);
      const outside: ((i: number) => Promise<unknown>)[] = [
        (i) => addToLibrary(t.db.kysely, p.id, [{ cardId: 1 + i, amount: 2 }]),
        () => grantGems(t.db, p.id, 77, `outside:${p.id}`),
        () =>
          t.db.kysely
            .deleteFrom("library_cards")
            .where("user_id", "=", p.id)
            .where("card_id", "=", 1)
            .execute(),
        () =>
          t.app.inject({
            method: "POST",
            url: "/api/editor/set-active",
            headers: p.auth,
            payload: { deck_number: 2 },
          }),
      ];
      await details(p.auth);
      for (let i = 0; i < 8; i++) {
        const answered = await open(p.auth);
        expect(answered).toEqual(await fresh(t.db, p.id, t.clock.now));
        expect(await details(p.auth)).toEqual(answered);
        // A second box with no read between: it patches the parts the first cached.
        expect(await open(p.auth)).toEqual(await fresh(t.db, p.id, t.clock.now));
        await outside[i % outside.length]?.(i);
        expect(await details(p.auth)).toEqual(await fresh(t.db, p.id, t.clock.now));
      }
    },
  );

  it("equals the tables after boxes racing each other and other writes", async () => {
    const p = await player(true);
    await details(p.auth);
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        open(p.auth),
        open(p.auth),
        addToLibrary(t.db.kysely, p.id, [{ cardId: 2, amount: 1 }]),
        open(p.auth),
        details(p.auth),
        grantGems(t.db, p.id, 5, `race:${round}`),
        open(p.auth),
      ]);
      expect(await details(p.auth)).toEqual(await fresh(t.db, p.id, t.clock.now));
      expect(await open(p.auth)).toEqual(await fresh(t.db, p.id, t.clock.now));
    }
  });

  it("player-details' kept JSON text follows every users row change", async () => {
    const p = await player(false);
    const check = async () => {
      const first = await details(p.auth);
      expect(first).toEqual(await fresh(t.db, p.id, t.clock.now));
      // Twice: the second answer is the kept text.
      expect(await details(p.auth)).toEqual(first);
    };
    await check();
    const changes: Record<string, number | string>[] = [
      { silver: 123 },
      { nickname: "Someone Else" },
      { level: 7 },
      { premium: 1 },
      { tutorial_active: 0, tutorial_step: 9 },
      { active_deck: 3 },
      { rank_score: 250 },
      { season_xp: 90 },
    ];
    for (const set of changes) {
      await t.db.kysely.updateTable("users").set(set).where("id", "=", p.id).execute();
      await check();
    }
  });

  it("shows a new day's tasks after a box cached yesterday's", async () => {
    const p = await player(true);
    await open(p.auth);
    await open(p.auth);
    t.clock.now += 24 * 3600 * 1000;
    expect(await details(p.auth)).toEqual(await fresh(t.db, p.id, t.clock.now));
    expect(await open(p.auth)).toEqual(await fresh(t.db, p.id, t.clock.now));
  });
});

describe.each(DIALECTS)("the views' global parts on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(dialect);
  });
  afterEach(async () => {
    await t.app.close();
  });

  it("show every change of the champions and the season at the next read", async () => {
    const me = await newGuest(t.app);
    const others = [await newGuest(t.app), await newGuest(t.app)];
    const details = () => playerDetails(t.app, me.auth);
    const check = async () =>
      expect(await details()).toEqual(await fresh(t.db, me.user.id, t.clock.now));
    const setUser = (id: number, set: { rank_score?: number; nickname?: string }) =>
      t.db.kysely.updateTable("users").set(set).where("id", "=", id).execute();
    const [a, b] = others.map((o) => o.user.id);
    if (a === undefined || b === undefined) throw new Error("players missing");
    await check();
    await setUser(a, { rank_score: CHAMPIONS_FLOOR + 50 }); // a becomes a champion
    await check();
    expect((await details()).rank_champions).toHaveLength(1);
    await setUser(b, { rank_score: CHAMPIONS_FLOOR + 80 }); // b above a
    await check();
    await setUser(a, { nickname: "Renamed Champion" });
    await check();
    expect((await details()).rank_champions).toContain("Renamed Champion");
    await setUser(b, { rank_score: 10 }); // b drops out
    await check();
    expect((await details()).rank_champions).toEqual(["Renamed Champion"]);
    await t.db.kysely.deleteFrom("users").where("id", "=", a).execute();
    await check();
    expect((await details()).rank_champions).toEqual([]);
    // The season closes: the view's season parts are the next one's.
    await t.db.kysely.updateTable("seasons").set({ status: "closed" }).execute();
    await check();
  });
});

describe("withAmounts", () => {
  it("sets, inserts and removes cards in a sorted library", () => {
    const lib = [
      { cardId: 2, amount: 1 },
      { cardId: 5, amount: 3 },
      { cardId: 9, amount: 2 },
    ];
    const amounts = new Map([
      [1, 1],
      [5, 4],
      [7, 1],
      [9, 0],
      [12, 2],
      [3, 0],
    ]);
    expect(withAmounts(lib, amounts)).toEqual([
      { cardId: 1, amount: 1 },
      { cardId: 2, amount: 1 },
      { cardId: 5, amount: 4 },
      { cardId: 7, amount: 1 },
      { cardId: 12, amount: 2 },
    ]);
    expect(lib).toHaveLength(3);
    expect(withAmounts([], new Map([[4, 1]]))).toEqual([{ cardId: 4, amount: 1 }]);
  });
});
