/**
 * A box whose draws repeat a card (the same uncommon in both uncommon slots,
 * the same common in all three): the cards are added in one statement and
 * the charge and cashback written as one balance change (economy/box-opening.ts),
 * so these check that the copies still count one after another, in slot
 * order, up to the copy cap, and that the ledger reads as before: the charge,
 * then each cashback, every row's balance_after the balance at that point.
 */
import { boxPool, copyCap } from "@cardrealm/content";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { createShop } from "../src/economy/box-opening.ts";
import { BOXES, CASHBACK } from "../src/economy/boxes.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

const BOX = BOXES.find((b) => b.id === 4);
if (!BOX) throw new Error("no box 4");
const pool = boxPool(BOX.set).filter((c) => !c.token);
const first = (rarity: string) => {
  const c = pool.find((x) => x.rarity === rarity);
  if (!c) throw new Error(`no ${rarity} in box 4`);
  return c.id;
};
const RARE = first("rare");
const UNCOMMON = first("uncommon");
const COMMON = first("common");

describe.each(DIALECTS)("a box that draws the same card again on %s", (dialect) => {
  let t: TestApp;
  let userId: number;
  beforeEach(async () => {
    t = await testApp(dialect);
    userId = (await newGuest(t.app)).user.id;
  });
  afterEach(async () => {
    await t.app.close();
  });

  const setOwned = (cardId: number, amount: number) =>
    t.db.kysely
      .insertInto("library_cards")
      .values({ user_id: userId, card_id: cardId, amount })
      .onConflict((oc) => oc.columns(["user_id", "card_id"]).doUpdateSet({ amount }))
      .execute();
  const owned = async (cardId: number) =>
    (
      await t.db.kysely
        .selectFrom("library_cards")
        .select("amount")
        .where("user_id", "=", userId)
        .where("card_id", "=", cardId)
        .executeTakeFirst()
    )?.amount ?? 0;

  it("adds copies in slot order up to the cap and pays cashback for the rest", async () => {
    await setOwned(RARE, 0);
    await setOwned(UNCOMMON, copyCap(UNCOMMON) - 1);
    await setOwned(COMMON, copyCap(COMMON) - 2);
    // Every draw takes the first card of its rarity.
    const shop = createShop({ db: t.db, clock: () => t.clock.now, draw: () => 0 });
    const silverBefore = 1000;
    const opened = await shop.openBox(userId, 4, "same-card-box");
    if (!opened.ok) throw new Error(`refused: ${opened.refusal.message}`);
    const { box, user } = opened.value;

    expect(box.rare).toEqual({ card: RARE, number_in_library: 1, cashback: false });
    expect(box.un_1).toEqual({
      card: UNCOMMON,
      number_in_library: copyCap(UNCOMMON),
      cashback: false,
    });
    expect(box.un_2).toEqual({
      card: UNCOMMON,
      number_in_library: copyCap(UNCOMMON),
      cashback: CASHBACK.uncommon,
    });
    expect(box.com_1.number_in_library).toBe(copyCap(COMMON) - 1);
    expect(box.com_2).toEqual({
      card: COMMON,
      number_in_library: copyCap(COMMON),
      cashback: false,
    });
    expect(box.com_3).toEqual({
      card: COMMON,
      number_in_library: copyCap(COMMON),
      cashback: CASHBACK.common,
    });
    expect(await owned(RARE)).toBe(1);
    expect(await owned(UNCOMMON)).toBe(copyCap(UNCOMMON));
    expect(await owned(COMMON)).toBe(copyCap(COMMON));

    const balance = silverBefore - BOX.price + CASHBACK.uncommon + CASHBACK.common;
    expect(user.silver).toBe(balance);
    expect(user.library.cards[String(COMMON)]?.amount).toBe(copyCap(COMMON));
    const rows = (await ledgerFor(t.db.kysely, userId)).filter((l) =>
      l.idempotency_key.startsWith(`box:${userId}:same-card-box`),
    );
    expect(rows.map((r) => [r.reason, r.delta, r.balance_after, r.idempotency_key])).toEqual([
      ["box_open:4", -BOX.price, silverBefore - BOX.price, `box:${userId}:same-card-box`],
      [
        "box_cashback",
        CASHBACK.uncommon,
        silverBefore - BOX.price + CASHBACK.uncommon,
        `box:${userId}:same-card-box:un_2`,
      ],
      ["box_cashback", CASHBACK.common, balance, `box:${userId}:same-card-box:com_3`],
    ]);
    const all = await ledgerFor(t.db.kysely, userId);
    expect(all.reduce((s, l) => s + l.delta, 0)).toBe(balance);
  });

  it("refuses a player one gem short of the box without a card or a ledger row", async () => {
    await t.db.kysely
      .updateTable("users")
      .set({ silver: BOX.price - 1 })
      .where("id", "=", userId)
      .execute();
    const libraryBefore = await t.db.kysely
      .selectFrom("library_cards")
      .select(["card_id", "amount"])
      .where("user_id", "=", userId)
      .orderBy("card_id")
      .execute();
    const ledgerBefore = (await ledgerFor(t.db.kysely, userId)).length;
    const shop = createShop({ db: t.db, clock: () => t.clock.now, draw: () => 0 });
    const r = await shop.openBox(userId, 4, "short-box");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.message).toBe("Not enough gems!");
    const libraryAfter = await t.db.kysely
      .selectFrom("library_cards")
      .select(["card_id", "amount"])
      .where("user_id", "=", userId)
      .orderBy("card_id")
      .execute();
    expect(libraryAfter).toEqual(libraryBefore);
    expect((await ledgerFor(t.db.kysely, userId)).length).toBe(ledgerBefore);
  });
});
