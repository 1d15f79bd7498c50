import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArenaWriter } from "../src/battles/arena-writer.ts";
import {
  type ArenaSave,
  type CommitBatch,
  createSqliteMoveBatch,
  postgresMoveBatch,
} from "../src/db/arena-move-batch.ts";
import type { Db } from "../src/db/database.ts";
import { insertArena } from "../src/db/repositories/pvp-repo.ts";
import { insertUser } from "../src/db/repositories/users-repo.ts";
import { announceDialects, DIALECTS, freshDb } from "./harness.ts";

announceDialects();

const NOW = "2026-12-06T08:00:00.000Z";
const LATER = "2026-12-06T08:00:01.000Z";

describe.each(DIALECTS)("the arena's move batch on %s", (dialect) => {
  let db: Db;
  let commit: CommitBatch;
  beforeEach(async () => {
    db = await freshDb(dialect);
    commit = db.sqlite ? createSqliteMoveBatch(db.kysely, db.sqlite) : postgresMoveBatch(db.kysely);
  });
  afterEach(async () => {
    await db.close();
  });

  /** An active arena game at version 1, deadline 1000 (or finished). */
  async function game(id: string, status = "active"): Promise<void> {
    const userId = await insertUser(db.kysely, {
      login: null,
      passwordHash: null,
      partnerId: null,
      nickname: `p-${id}`,
      guest: true,
      now: NOW,
    });
    await insertArena(
      db.kysely,
      {
        id,
        user_id: userId,
        mode: "pvp",
        cpu_id: 0,
        status,
        setup: "{}",
        actions: "[]",
        state: '{"v":1}',
        version: 1,
        winner: null,
        rewards: null,
        created_at: NOW,
        updated_at: NOW,
        finished_at: null,
        engine_version: "1",
        catalogue_version: "c",
      },
      {
        id,
        mode: "pvp",
        player0: userId,
        player1: null,
        status,
        turn_deadline: 1000,
        created_at: NOW,
        updated_at: NOW,
      },
      [],
    );
  }

  const save = (id: string, from: number, deadline: number | null): ArenaSave => ({
    id,
    expectedVersion: from,
    version: from + 1,
    action: `{"n":${from}}`,
    state: `{"v":${from + 1}}`,
    deadline,
    now: LATER,
  });

  async function row(id: string) {
    const b = await db.kysely
      .selectFrom("battles")
      .select(["version", "actions", "state", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const g = await db.kysely
      .selectFrom("arena_games")
      .select(["turn_deadline"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { ...b, version: Number(b.version), deadline: Number(g.turn_deadline) };
  }

  it("saves each move under its version lock, appends its action, moves the deadline only when given, in order", async () => {
    for (const id of ["a", "b", "c", "d"]) await game(id, id === "d" ? "finished" : "active");
    const results = await commit([
      save("a", 1, 5000),
      save("b", 7, 5000), // stale: b is at version 1
      save("c", 1, null),
      save("a", 2, null), // a's next move in the same batch
      save("d", 1, 5000), // over
    ]);
    expect(results).toEqual([true, false, true, true, false]);
    expect(await row("a")).toEqual({
      version: 3,
      actions: '[{"n":1},{"n":2}]',
      state: '{"v":3}',
      updated_at: LATER,
      deadline: 5000,
    });
    expect(await row("b")).toEqual({
      version: 1,
      actions: "[]",
      state: '{"v":1}',
      updated_at: NOW,
      deadline: 1000,
    });
    expect(await row("c")).toMatchObject({ version: 2, actions: '[{"n":1}]', deadline: 1000 });
    expect(await row("d")).toMatchObject({ version: 1, actions: "[]", deadline: 1000 });
  });

  it("a move writes no indexed column of battles, so PostgreSQL rewrites the row in place", async () => {
    // Migration 0017: the replay list's index is on finished_at, which a move never writes.
    const indexed =
      dialect === "sqlite"
        ? await sql<{ col: string }>`select ii.name as col from pragma_index_list('battles') il
            join pragma_index_info(il.name) ii`.execute(db.kysely)
        : await sql<{ col: string }>`select a.attname as col from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = 'battles'::regclass`.execute(db.kysely);
    const columns = indexed.rows.map((r) => r.col);
    expect(columns).toContain("user_id");
    for (const written of ["version", "actions", "state", "updated_at"]) {
      expect(columns).not.toContain(written);
    }
    if (dialect !== "postgres") return;
    await game("a");
    const counts = await db.kysely.transaction().execute(async (trx) => {
      expect(await postgresMoveBatch(trx)([save("a", 1, 5000), save("a", 2, null)])).toEqual([
        true,
        true,
      ]);
      const r = await sql<{ hot: number | string; all: number | string }>`select
          pg_stat_get_xact_tuples_hot_updated('battles'::regclass) as hot,
          pg_stat_get_xact_tuples_updated('battles'::regclass) as all`.execute(trx);
      return { hot: Number(r.rows[0]?.hot), all: Number(r.rows[0]?.all) };
    });
    // Both moves were HOT updates: no index entry written, no dead row left for vacuum.
    expect(counts).toEqual({ hot: 2, all: 2 });
  });

  it.skipIf(dialect !== "postgres")(
    "on PostgreSQL the move writer commits on connections of its own: a busy main pool does not hold a move",
    async () => {
      await game("a");
      const writer = createArenaWriter(db);
      // Every connection of the main pool taken by an open transaction (a burst
      // of settlements and new games), and one more request waiting for one.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      const max = 20; // freshDb's pool
      const holders = Array.from({ length: max + 1 }, () =>
        db.kysely.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await held;
        }),
      );
      while ((db.poolStats?.().waiting ?? 0) < 1) await new Promise((r) => setTimeout(r, 5));
      expect(await writer.save(save("a", 1, 5000))).toBe(true);
      release();
      await Promise.all(holders);
      expect((await row("a")).version).toBe(2);
    },
  );
});
