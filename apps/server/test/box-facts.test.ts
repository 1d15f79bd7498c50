import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.ts";
import { boxFacts, insertOpening } from "../src/db/repositories/box-openings-repo.ts";
import { addToLibraryPart, libraryAmounts } from "../src/db/repositories/collection-repo.ts";
import { announceDialects, DIALECTS, freshDb, seedGuest } from "./harness.ts";

announceDialects();

const NOW = "2026-12-07T13:50:00.000Z";

/**
 * What a box decides from, in one statement under the player's lock
 * (economy/box-opening.ts): the request's earlier box, and the player's
 * amounts of the six drawn cards, a card drawn twice included.
 */
describe.each(DIALECTS)("a box's facts on %s", (dialect) => {
  let db: Db;
  let userId = 0;
  beforeEach(async () => {
    db = await freshDb(dialect);
    userId = await seedGuest(db, "F", NOW);
    const owned = addToLibraryPart(userId, [
      { cardId: 1042, amount: 2 },
      { cardId: 1001, amount: 1 },
    ]);
    if (owned) await owned.query(db.kysely, owned.params);
  });
  afterEach(async () => {
    await db.close();
  });

  // 1042 twice (two slots can draw one card); 999001-999003 are in no library.
  const drawn = [1042, 1042, 1001, 999001, 999002, 999003];

  it("answers the amounts owned (0 for a card not in the library) and no earlier box", async () => {
    const { earlier, have } = await boxFacts(db.kysely, userId, "box:1:new", drawn);
    expect(earlier).toBeUndefined();
    expect(have).toEqual(await libraryAmounts(db.kysely, userId, drawn));
    expect(have.get(1042)).toBeGreaterThanOrEqual(2);
    expect(have.get(1001)).toBeGreaterThanOrEqual(1);
    expect([have.get(999001), have.get(999002), have.get(999003)]).toEqual([0, 0, 0]);
    expect(have.size).toBe(5);
  });

  it("answers the box this request already opened, with the amounts", async () => {
    const result = JSON.stringify({ rare: { card: 1042, number_in_library: 2, cashback: false } });
    await insertOpening(db.kysely, {
      id: "0b0c0d0e-0000-4000-8000-000000000001",
      userId,
      boxId: 4,
      requestKey: "box:1:again",
      result,
      now: NOW,
    });
    const { earlier, have } = await boxFacts(db.kysely, userId, "box:1:again", drawn);
    expect(earlier).toBe(result);
    expect(have).toEqual(await libraryAmounts(db.kysely, userId, drawn));
    // Another request of the same player opened nothing yet.
    expect((await boxFacts(db.kysely, userId, "box:1:other", drawn)).earlier).toBeUndefined();
  });

  it("refuses anything but a box's six cards", async () => {
    await expect(boxFacts(db.kysely, userId, "box:1:x", [1042])).rejects.toThrow(/six|6 cards/);
  });
});
