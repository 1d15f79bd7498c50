import { sql, type Transaction } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.ts";
import { createGroupTransaction } from "../src/db/group-transaction.ts";
import type { Database } from "../src/db/schema.ts";
import { createFileSync, offLoopDurability } from "../src/db/wal-sync.ts";
import { walSyncSeconds } from "../src/observability/game-counters.ts";
import { announceDialects, DIALECTS, freshDb } from "./harness.ts";

announceDialects();

describe.each(DIALECTS)("a group transaction on %s", (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await freshDb(dialect);
    await sql`create table group_parent (id integer primary key)`.execute(db.kysely);
    await sql`create table group_probe (id integer primary key, parent integer references group_parent (id) deferrable initially deferred)`.execute(
      db.kysely,
    );
  });
  afterEach(async () => {
    await db.close();
  });

  const rows = async () =>
    (await sql<{ id: number }>`select id from group_probe order by id`.execute(db.kysely)).rows.map(
      (r) => Number(r.id),
    );
  const insert = (trx: Transaction<Database>, id: number, parent: number | null = null) =>
    sql`insert into group_probe (id, parent) values (${id}, ${parent})`.execute(trx);

  it("runs the works of one tick in one transaction and answers each with its own result after the commit", async () => {
    const group = createGroupTransaction(db.kysely, { budgetMs: 1e9 });
    const seen = new Set<Transaction<Database>>();
    const results = await Promise.all(
      [1, 2, 3, 4].map((id) =>
        group.run(async (trx) => {
          seen.add(trx);
          await insert(trx, id);
          return id * 10;
        }),
      ),
    );
    expect(results).toEqual([10, 20, 30, 40]);
    expect(seen.size).toBe(1);
    expect(await rows()).toEqual([1, 2, 3, 4]);
  });

  it("undoes only the work that failed: the others of its group commit", async () => {
    // One group whatever the machine's speed (the default 4 ms budget splits it under load).
    const group = createGroupTransaction(db.kysely, { budgetMs: 1e9 });
    const first = group.run((trx) => insert(trx, 1));
    const failing = group.run(async (trx) => {
      await insert(trx, 2);
      throw new Error("this game's settlement failed");
    });
    const duplicate = group.run((trx) => insert(trx, 1)); // primary key taken by the first
    const last = group.run((trx) => insert(trx, 3));
    await expect(failing).rejects.toThrow("this game's settlement failed");
    await expect(duplicate).rejects.toThrow();
    await first;
    await last;
    expect(await rows()).toEqual([1, 3]);
  });

  it("rejects every work of a group whose commit fails, and keeps none of it", async () => {
    // Both works in one group whatever the machine's speed: with the default 4 ms
    // budget a loaded machine (stress-ng, issue 17) committed the first alone.
    const group = createGroupTransaction(db.kysely, { budgetMs: 1e9 });
    const ok = group.run((trx) => insert(trx, 1));
    // A deferred foreign key is checked at the commit: the whole commit fails.
    const orphan = group.run((trx) => insert(trx, 2, 99));
    await expect(ok).rejects.toThrow();
    await expect(orphan).rejects.toThrow();
    expect(await rows()).toEqual([]);
    // The next group starts clean.
    await group.run((trx) => insert(trx, 3));
    expect(await rows()).toEqual([3]);
  });

  it("takes a burst larger than one group in several commits, losing nothing", async () => {
    const group = createGroupTransaction(db.kysely, { maxGroup: 16, budgetMs: 1e9 });
    const seen = new Set<Transaction<Database>>();
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    await Promise.all(
      ids.map((id) =>
        group.run(async (trx) => {
          seen.add(trx);
          await insert(trx, id);
        }),
      ),
    );
    expect(await rows()).toEqual(ids);
    expect(seen.size).toBe(Math.ceil(100 / 16));
  });

  it("past its time budget a group leaves the rest to the next, and the event loop turns in between", async () => {
    const group = createGroupTransaction(db.kysely, { budgetMs: 0 });
    const seen: Transaction<Database>[] = [];
    let loopTurned = false;
    const works = [1, 2, 3].map((id) =>
      group.run(async (trx) => {
        seen.push(trx);
        await insert(trx, id);
        return loopTurned;
      }),
    );
    setImmediate(() => {
      loopTurned = true;
    });
    const sawTurn = await Promise.all(works);
    expect(new Set(seen).size).toBe(3);
    // On SQLite every query answers at once, so only the pause between groups
    // lets the loop turn; PostgreSQL's queries turn it on their own.
    expect(sawTurn.slice(1)).toEqual([true, true]);
    expect(await rows()).toEqual([1, 2, 3]);
  });

  it("answers a group's works one per turn of the event loop, not all in one stretch", async () => {
    const group = createGroupTransaction(db.kysely, { budgetMs: 1e9 });
    // Counts the loop's iterations: it queues itself again on each one.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen = new Set<Transaction<Database>>();
    const answeredOnTurn = await Promise.all(
      [1, 2, 3].map((id) =>
        group
          .run(async (trx) => {
            seen.add(trx);
            await insert(trx, id);
          })
          .then(() => turns),
      ),
    );
    ticking = false;
    expect(seen.size).toBe(1); // one group, one commit
    expect(answeredOnTurn[1]).toBeGreaterThan(answeredOnTurn[0] as number);
    expect(answeredOnTurn[2]).toBeGreaterThan(answeredOnTurn[1] as number);
    expect(await rows()).toEqual([1, 2, 3]);
  });

  it.skipIf(dialect !== "postgres")(
    "with lanes, a group starts while another is still open, each in its own transaction; without, it waits",
    async () => {
      /** Two works of two groups (budget 0: one work a group); the first holds its transaction open. */
      async function secondStartsWhileFirstOpen(lanes: number): Promise<boolean> {
        const group = createGroupTransaction(db.kysely, { budgetMs: 0, lanes });
        let release = () => {};
        const held = new Promise<void>((r) => {
          release = r;
        });
        let firstOpen = false;
        let secondSawFirstOpen = false;
        const first = group.run(async (trx) => {
          firstOpen = true;
          await insert(trx, lanes * 10 + 1);
          await held;
          firstOpen = false;
        });
        const second = group.run(async (trx) => {
          secondSawFirstOpen = firstOpen;
          await insert(trx, lanes * 10 + 2);
          release();
        });
        // Without lanes the second waits for the first, which waits for the second: let it go.
        setTimeout(release, 300);
        await Promise.all([first, second]);
        return secondSawFirstOpen;
      }
      expect(await secondStartsWhileFirstOpen(2)).toBe(true);
      expect(await secondStartsWhileFirstOpen(1)).toBe(false);
      expect(await rows()).toEqual([11, 12, 21, 22]);
    },
  );
});

describe("a group transaction that syncs off the event loop (SQLite file)", () => {
  let db: Db;
  beforeEach(async () => {
    db = await freshDb("sqlite");
    await sql`create table group_probe (id integer primary key)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.close();
  });

  const level = async () =>
    Number(
      (await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely)).rows[0]
        ?.synchronous,
    );

  it("commits without the fsync and answers only once the sync it waits for is done", async () => {
    const real = offLoopDurability(db);
    if (!real) throw new Error("a SQLite file in WAL mode syncs off the loop");
    let release: () => void = () => {};
    const syncs: Promise<void>[] = [];
    const durability = {
      relaxed: real.relaxed,
      sync: () => {
        const p = new Promise<void>((resolve) => {
          release = resolve;
        });
        syncs.push(p);
        return p;
      },
    };
    const group = createGroupTransaction(db.kysely, { budgetMs: 1e9, durability });
    let answered = false;
    let levelInside = 0;
    const work = group
      .run(async (trx) => {
        await sql`insert into group_probe (id) values (1)`.execute(trx);
        levelInside = Number(
          (await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]
            ?.synchronous,
        );
        return 7;
      })
      .then((v) => {
        answered = true;
        return v;
      });
    // Committed (other queries see it) and waiting for its sync.
    await expect.poll(() => syncs.length).toBe(1);
    expect((await sql`select id from group_probe`.execute(db.kysely)).rows).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    release();
    expect(await work).toBe(7);
    expect(levelInside).toBe(1); // NORMAL: no fsync inside the commit
    expect(await level()).toBe(2); // the connection is FULL again
  });

  it("rejects the group's works when the sync fails", async () => {
    const real = offLoopDurability(db);
    if (!real) throw new Error("a SQLite file in WAL mode syncs off the loop");
    const group = createGroupTransaction(db.kysely, {
      durability: { relaxed: real.relaxed, sync: () => Promise.reject(new Error("EIO")) },
    });
    await expect(
      group.run((trx) => sql`insert into group_probe (id) values (2)`.execute(trx)),
    ).rejects.toThrow("EIO");
  });

  it("the real sync fdatasyncs the WAL file and answers, and /metrics counts the sync", async () => {
    const syncs = async () =>
      (await walSyncSeconds.get()).values.find(
        (v) => v.metricName === "cardrealm_wal_sync_seconds_count",
      )?.value ?? 0;
    const before = await syncs();
    const durability = offLoopDurability(db);
    const group = createGroupTransaction(db.kysely, { durability });
    await group.run((trx) => sql`insert into group_probe (id) values (3)`.execute(trx));
    expect((await sql`select id from group_probe`.execute(db.kysely)).rows).toHaveLength(1);
    expect(await syncs()).toBe(before + 1);
  });
});

describe("createFileSync", () => {
  it("runs one sync at a time, and calls during one share the next", async () => {
    const started: (() => void)[] = [];
    const sync = createFileSync("/nowhere", () => new Promise<void>((r) => started.push(r)));
    const a = sync();
    const b = sync();
    const c = sync();
    expect(started).toHaveLength(1);
    started[0]?.();
    await a;
    await expect.poll(() => started.length).toBe(2);
    started[1]?.();
    await Promise.all([b, c]);
    expect(started).toHaveLength(2);
    // Idle again: the next call starts at once.
    const d = sync();
    expect(started).toHaveLength(3);
    started[2]?.();
    await d;
  });

  it.skipIf(!process.env.DATABASE_URL)("is not offered for PostgreSQL", async () => {
    const pgDb = await freshDb("postgres");
    try {
      expect(offLoopDurability(pgDb)).toBeUndefined();
    } finally {
      await pgDb.close();
    }
  });
});
