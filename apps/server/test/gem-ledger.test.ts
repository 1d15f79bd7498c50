import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.ts";
import { applyGemChange, ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { announceDialects, DIALECTS, freshDb, seedGuest } from "./harness.ts";

announceDialects();

const NOW = "2026-11-21T12:00:00.000Z";

describe.each(DIALECTS)("gem ledger on %s", (dialect) => {
  let db: Db;
  let userId: number;
  beforeEach(async () => {
    db = await freshDb(dialect);
    userId = await seedGuest(db, "L", NOW);
  });
  afterEach(async () => {
    await db.close();
  });

  const charge = (key: string, delta: number) =>
    db.kysely
      .transaction()
      .execute((trx) =>
        applyGemChange(trx, { userId, delta, reason: "test", idempotencyKey: key, now: NOW }),
      );

  it("the same idempotency key changes the balance once", async () => {
    expect(await charge("pay-1", 250)).toEqual({ status: "applied", balance: 1250 });
    expect(await charge("pay-1", 250)).toEqual({ status: "duplicate", balance: 1250 });
    expect((await ledgerFor(db.kysely, userId)).map((l) => l.idempotency_key)).toEqual([
      `new-player:${userId}`,
      "pay-1",
    ]);
  });

  it("a charge larger than the balance is refused and leaves no trace", async () => {
    expect(await charge("big", -1001)).toEqual({ status: "insufficient", balance: 1000 });
    expect(await ledgerFor(db.kysely, userId)).toHaveLength(1);
  });

  it("concurrent charges never overspend: 20 charges of 300 on 1000 gems, exactly 3 pass", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => charge(`buy-${i}`, -300)),
    );
    const statuses = results.map((r) => (r.status === "fulfilled" ? r.value.status : "error"));
    expect(statuses.filter((s) => s === "applied")).toHaveLength(3);
    const row = await db.kysely
      .selectFrom("users")
      .select("silver")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.silver).toBe(100);
    const ledger = await ledgerFor(db.kysely, userId);
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(100);
  });

  it("concurrent replays of one payment id credit once", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => charge("pay-dup", 500)),
    );
    const applied = results.filter((r) => r.status === "fulfilled" && r.value.status === "applied");
    expect(applied).toHaveLength(1);
    const row = await db.kysely
      .selectFrom("users")
      .select("silver")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.silver).toBe(1500);
  });
});
