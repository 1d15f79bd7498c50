import { type Kysely, sql, type Transaction } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.ts";
import { relaxedTransaction } from "../src/db/relaxed-commit.ts";
import type { Database } from "../src/db/schema.ts";
import { announceDialects, DIALECTS, freshDb } from "./harness.ts";

announceDialects();

/** The commit level the connection or transaction runs at, as its database names it. */
async function level(db: Db, on: Kysely<Database> | Transaction<Database>): Promise<string> {
  if (db.dialect === "sqlite") {
    const r = await sql<{ synchronous: number }>`pragma synchronous`.execute(on);
    return String(r.rows[0]?.synchronous);
  }
  const r = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(on);
  return String(r.rows[0]?.synchronous_commit);
}

describe.each(DIALECTS)("a relaxed commit on %s", (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await freshDb(dialect);
    await sql`create table relaxed_probe (id integer primary key)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.close();
  });

  const relaxed = dialect === "sqlite" ? "1" : "off";
  const full = dialect === "sqlite" ? "2" : "on";
  const rows = async () =>
    (
      await sql<{ id: number }>`select id from relaxed_probe order by id`.execute(db.kysely)
    ).rows.map((r) => Number(r.id));

  it("commits its work without waiting for the disk, and the connection keeps its own level", async () => {
    expect(await level(db, db.kysely)).toBe(full);
    const seen = await relaxedTransaction(db, async (trx) => {
      await sql`insert into relaxed_probe (id) values (1)`.execute(trx);
      return level(db, trx);
    });
    expect(seen).toBe(relaxed);
    expect(await rows()).toEqual([1]);
    expect(await level(db, db.kysely)).toBe(full);
  });

  it("rolls back on an error and still gives the connection its level back", async () => {
    await expect(
      relaxedTransaction(db, async (trx) => {
        await sql`insert into relaxed_probe (id) values (2)`.execute(trx);
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await rows()).toEqual([]);
    expect(await level(db, db.kysely)).toBe(full);
  });

  it("lets other queries wait for it rather than run at its level", async () => {
    const during = relaxedTransaction(db, async (trx) => {
      await sql`insert into relaxed_probe (id) values (3)`.execute(trx);
      await new Promise((r) => setTimeout(r, 20));
    });
    // A query sent meanwhile runs on its own (FULL / on) terms.
    const meanwhile = level(db, db.kysely);
    await during;
    expect(await meanwhile).toBe(full);
    expect(await rows()).toEqual([3]);
  });
});
