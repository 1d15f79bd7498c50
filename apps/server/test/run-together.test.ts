import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.ts";
import { addToLibraryPart, libraryAmounts } from "../src/db/repositories/collection-repo.ts";
import { gemChangesParts, ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { holdViewVersion, viewVersion } from "../src/db/repositories/view-versions-repo.ts";
import { runTogether } from "../src/db/run-together.ts";
import { announceDialects, DIALECTS, freshDb, seedGuest } from "./harness.ts";

announceDialects();

const NOW = "2026-12-07T01:00:00.000Z";

/** A fresh database with one new player for each test. */
function playerPerTest(dialect: (typeof DIALECTS)[number]): { db: Db; userId: number } {
  const t = { db: undefined as unknown as Db, userId: 0 };
  beforeEach(async () => {
    t.db = await freshDb(dialect);
    t.userId = await seedGuest(t.db, "T", NOW);
  });
  afterEach(async () => {
    await t.db.close();
  });
  return t;
}

/**
 * Writes run together (db/run-together.ts): one statement on PostgreSQL, one
 * after another on SQLite; the same rows either way, nothing when the caller
 * throws on an empty first part, and a failing part fails them all.
 */
describe.each(DIALECTS)("writes run together on %s", (dialect) => {
  const t = playerPerTest(dialect);

  const entries = [
    { delta: -300, reason: "box_open:1", idempotencyKey: "k1" },
    { delta: 25, reason: "box_cashback", idempotencyKey: "k1:rare" },
  ];
  const write = (balance: number, cards: { cardId: number; amount: number }[]) =>
    t.db.kysely.transaction().execute(async (trx) => {
      const charge = gemChangesParts(t.userId, entries, balance, NOW);
      if (!charge) throw new Error("insufficient");
      const library = addToLibraryPart(t.userId, cards);
      const rows = await runTogether(trx, t.db.dialect, [
        charge[0],
        charge[1],
        ...(library ? [library] : []),
      ]);
      if (rows.length === 0) throw new Error("the balance moved");
      return rows;
    });

  it("writes every part with its own parameters and answers the first part's rows", async () => {
    const rows = await write(1000, [
      { cardId: 1042, amount: 1 },
      { cardId: 1001, amount: 1 },
    ]);
    expect(rows).toEqual([{ silver: 725 }]);
    const ledger = await ledgerFor(t.db.kysely, t.userId);
    expect(ledger.slice(1).map((l) => [l.delta, l.balance_after, l.idempotency_key])).toEqual([
      [-300, 700, "k1"],
      [25, 725, "k1:rare"],
    ]);
    const have = await libraryAmounts(t.db.kysely, t.userId, [1042, 1001]);
    expect([have.get(1042), have.get(1001)]).toEqual([3, 1]);
  });

  it("a balance that moved since it was read writes nothing at all", async () => {
    await expect(write(999, [{ cardId: 1001, amount: 1 }])).rejects.toThrow("the balance moved");
    expect(await ledgerFor(t.db.kysely, t.userId)).toHaveLength(1);
    expect((await libraryAmounts(t.db.kysely, t.userId, [1001])).get(1001) ?? 0).toBe(0);
  });

  it("a part that fails (a repeated ledger key) fails them all", async () => {
    await write(1000, []);
    await expect(write(725, [{ cardId: 1001, amount: 1 }])).rejects.toThrow();
    const after = await t.db.kysely
      .selectFrom("users")
      .select("silver")
      .where("id", "=", t.userId)
      .executeTakeFirstOrThrow();
    expect(after.silver).toBe(725);
    expect((await libraryAmounts(t.db.kysely, t.userId, [1001])).get(1001) ?? 0).toBe(0);
  });

  it("a list that would go below zero is refused before anything runs", () => {
    expect(gemChangesParts(t.userId, entries, 299, NOW)).toBeUndefined();
  });
});

describe.each(DIALECTS.filter((d) => d === "postgres"))("view numbers on %s", (dialect) => {
  const t = playerPerTest(dialect);

  it("a transaction writing many view rows moves the number once, at its commit", async () => {
    const before = (await viewVersion(t.db.kysely, t.userId)) ?? 0;
    await t.db.kysely.transaction().execute(async (trx) => {
      const six = [1001, 1002, 1003, 1042, 1004, 1005].map((cardId) => ({ cardId, amount: 1 }));
      const part = addToLibraryPart(t.userId, six);
      if (part) await part.query(trx, part.params);
      // Not yet: the bump is deferred to the commit.
      expect(await viewVersion(t.db.kysely, t.userId)).toBe(before);
    });
    expect(await viewVersion(t.db.kysely, t.userId)).toBe(before + 1);
  });

  it("holding the number fires the bumps so far; a write after it counts again", async () => {
    const before = (await viewVersion(t.db.kysely, t.userId)) ?? 0;
    const published = await t.db.kysely.transaction().execute(async (trx) => {
      const first = addToLibraryPart(t.userId, [{ cardId: 1001, amount: 1 }]);
      if (first) await first.query(trx, first.params);
      const held = await holdViewVersion(trx, t.userId);
      expect(held).toEqual({ held: before, version: before + 1 });
      const second = addToLibraryPart(t.userId, [{ cardId: 1002, amount: 1 }]);
      if (second) await second.query(trx, second.params);
      return viewVersion(trx, t.userId);
    });
    expect(published).toBe(before + 2);
    expect(await viewVersion(t.db.kysely, t.userId)).toBe(before + 2);
  });
});
