import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addToLibrary } from "../src/db/repositories/collection-repo.ts";
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
import type { ServerProcess } from "./process.ts";
import { type SharedProcesses, startSharedProcesses } from "./shared-processes.ts";

announceDialects();

/**
 * GET /api/player-details keeps each player's collection, decks, maps and
 * progression rows in a cache checked against a number that triggers bump on
 * every write of those tables (services/user-view.ts, migration 0008). These
 * tests read the view (so it is cached), write, and read again: the second
 * read must show the write, whoever made it.
 */
type UserJson = {
  silver: number;
  library: { cards: Record<string, { amount: number }>; total_amount: number };
  deck: { sequence_number: number; total_amount: number };
};

type Slot = { card: number; number_in_library: number; cashback: number | false };

/** The library a box's six slots say the player now has (checked against the tables, not the view). */
function expectLibraryAfterBox(before: UserJson, after: UserJson, opened: Record<string, unknown>) {
  const slots = ["rare", "un_1", "un_2", "com_1", "com_2", "com_3"].map((k) => opened[k] as Slot);
  const added = slots.filter((s) => s.cashback === false).length;
  expect(after.library.total_amount).toBe(before.library.total_amount + added);
  for (const s of slots) {
    expect(after.library.cards[String(s.card)]?.amount ?? 0).toBeGreaterThanOrEqual(
      s.number_in_library,
    );
  }
}

describe.each(DIALECTS)("the player's view after writes on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let userId: number;
  beforeEach(async () => {
    t = await testApp(dialect);
    const g = await newGuest(t.app);
    auth = g.auth;
    userId = g.user.id;
  });
  afterEach(async () => {
    await t.app.close();
  });
  const me = async () => (await playerDetails(t.app, auth)) as UserJson;

  it("shows the balance and the new cards right after each box opening", async () => {
    const start = await me();
    await grantGems(t.db, userId, 5000, "grant-1");
    let before = await me();
    expect(before.silver).toBe(start.silver + 5000);
    for (let i = 0; i < 4; i++) {
      const opened = (await openBoxOk(t.app, auth)) as Record<string, unknown> & { user: UserJson };
      const after = await me();
      expect(after.silver).toBeLessThan(before.silver);
      expect(after.silver).toBe(opened.user.silver);
      expectLibraryAfterBox(before, after, opened);
      before = after;
    }
  });

  it("shows writes made outside the routes (a job, another process) at the next read", async () => {
    const first = await me();
    await grantGems(t.db, userId, 700, "grant-outside");
    await addToLibrary(t.db.kysely, userId, [{ cardId: 1, amount: 1 }]);
    const second = await me();
    expect(second.silver).toBe(first.silver + 700);
    expect(second.library.total_amount).toBe(first.library.total_amount + 1);
    expect(second.library.cards["1"]?.amount).toBe((first.library.cards["1"]?.amount ?? 0) + 1);
  });

  it("shows the deck slot switch and a removed card at once", async () => {
    const first = await me();
    expect(first.deck.sequence_number).toBe(1);
    await t.app.inject({
      method: "POST",
      url: "/api/editor/set-active",
      headers: auth,
      payload: { deck_number: 2 },
    });
    expect((await me()).deck.sequence_number).toBe(2);
    await t.db.kysely.deleteFrom("library_cards").where("user_id", "=", userId).execute();
    expect((await me()).library.total_amount).toBe(0);
  });
});

/**
 * Two server processes on one database (no Redis needed: the number lives in
 * the database). Each reads the player's view (both cache it), one writes,
 * the other must show the write at its very next read.
 */
describe("the player's view across two server processes", () => {
  let shared: SharedProcesses;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    // With REDIS_URL in the environment the processes use it, as before; the view needs none.
    shared = await startSharedProcesses(process.env.REDIS_URL ?? "", {
      count: 2,
      scratch: "t_views",
    });
    servers = shared.servers;
  }, 150_000);

  afterAll(async () => {
    await shared?.stop();
  });

  it("a box opened on one process shows its balance and cards on the other at once", async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error("servers missing");
    const signed = (await (
      await fetch(`${a.url}/api/play-new-player`, { method: "POST" })
    ).json()) as { data: { id: number; jwtToken: string } };
    const headers = {
      authorization: `Bearer ${signed.data.jwtToken}`,
      "content-type": "application/json",
    };
    const details = async (url: string) =>
      ((await (await fetch(`${url}/api/player-details`, { headers })).json()) as { data: UserJson })
        .data;
    await grantGems(shared.db, signed.data.id, 6000, "two-process-grant");
    // The view read from the tables, no cache (a view inside a transaction never uses it).
    const fromTables = () =>
      shared.db.kysely.transaction().execute((trx) => userView(trx, signed.data.id, Date.now()));
    for (let i = 0; i < 3; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      const seenByReader = await details(reader.url);
      const seenByWriter = await details(writer.url);
      expect(seenByWriter.silver).toBe(seenByReader.silver);
      const box = async () => {
        const r = await fetch(`${writer.url}/api/boxes/open`, {
          method: "POST",
          headers,
          body: JSON.stringify({ id: 4 }),
        });
        expect(r.status).toBe(200);
        return ((await r.json()) as { data: Record<string, unknown> & { user: UserJson } }).data;
      };
      // Two boxes back to back: the second patches the parts the first cached
      // on the writer (economy/box-view.ts), after the other process's box.
      const first = await box();
      expect(first.user).toEqual(await fromTables());
      const opened = await box();
      expect(opened.user).toEqual(await fromTables());
      const after = await details(reader.url);
      expect(after.silver).toBe(opened.user.silver);
      expect(after.silver).toBeLessThan(seenByReader.silver);
      expectLibraryAfterBox(first.user, after, opened);
      expect(after).toEqual(await fromTables());
      expect(await details(writer.url)).toEqual(after);
    }
  }, 60_000);

  it("a new champion shows on both processes at once (the views' global number)", async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error("servers missing");
    const signed = (await (
      await fetch(`${a.url}/api/play-new-player`, { method: "POST" })
    ).json()) as { data: { id: number; jwtToken: string } };
    const headers = { authorization: `Bearer ${signed.data.jwtToken}` };
    const champions = async (url: string) =>
      (
        (await (await fetch(`${url}/api/player-details`, { headers })).json()) as {
          data: { rank_champions: string[] };
        }
      ).data.rank_champions;
    const before = [await champions(a.url), await champions(b.url)];
    expect(before[0]).toEqual(before[1]);
    await shared.db.kysely
      .updateTable("users")
      .set({ rank_score: CHAMPIONS_FLOOR + 1_000_000, nickname: "Two Process Champion" })
      .where("id", "=", signed.data.id)
      .execute();
    for (const server of [a, b]) {
      expect((await champions(server.url))[0]).toBe("Two Process Champion");
    }
  }, 60_000);
});
