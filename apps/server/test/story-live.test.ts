/**
 * Story moves play on the state the serving process saved last
 * (battles/story-live.ts) and append their actions to the stored list. Two
 * server instances on one database (each with its own live battles, as two
 * processes have) take turns on one battle: neither may answer from the
 * state it saw last once the other moved the battle on, ended it or a
 * restart dropped the memory; and the stored row stays the battle: its
 * actions replay to its state.
 */
import { CATALOGUE } from "@cardrealm/content";
import {
  type Action,
  type BattleState,
  ENGINE_VERSION,
  legalActions,
  replay,
  type Side,
} from "@cardrealm/engine";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StoredSetup } from "../src/battles/story-settlement.ts";
import type { Db } from "../src/db/database.ts";
import { saveMoveRelaxedPostgres } from "../src/db/repositories/battles-repo.ts";
import { announceDialects, DIALECTS, freshDb, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Msg = Record<string, unknown> & {
  game_data?: { game_id: string; version: number; turn: number };
  player?: { hand: Record<string, number> };
  end_game?: unknown;
};

/** A computer that only ends its turn: the battle lasts as long as the test needs. */
const passivePlanner = (state: BattleState, side: Side): Action[] => {
  const end = legalActions(state, CATALOGUE).find((a) => a.type === "end_turn" && a.side === side);
  return end ? [end] : [];
};

describe.each(DIALECTS)("a story battle on two servers of one database (%s)", (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let auth: Record<string, string>;
  beforeEach(async () => {
    a = await testApp(dialect, {}, { planTurn: passivePlanner });
    b = await testApp(dialect, {}, { planTurn: passivePlanner, db: a.db, keepDbOpen: true });
    auth = (await newGuest(a.app)).auth;
  });
  afterEach(async () => {
    await b.app.close();
    await a.app.close();
  });

  const post = (t: TestApp, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, headers: auth, payload });
  const last = (msgs: Msg[]) => msgs[msgs.length - 1] as Msg;
  const snapshotOf = (res: { json: () => unknown }) => last((res.json() as { data: Msg[] }).data);
  const start = async (t: TestApp) => {
    const r = await post(t, "/api/game/cpu/start", { cpu_id: 6 });
    expect(r.statusCode, r.body).toBe(200);
    return snapshotOf(r);
  };
  /** End turn on `t` against `seen` (the last snapshot the client has). */
  const endTurn = (t: TestApp, seen: Msg) => {
    const hand = Object.keys(seen.player?.hand ?? {});
    return post(t, "/api/game/cpu/end-turn", {
      game_id: seen.game_data?.game_id,
      player_attack: [0, 0, 0, 0, 0],
      version: seen.game_data?.version,
      ...(hand.length > 6 ? { discard_card: Number(hand[0]) } : {}),
    });
  };
  const current = async (t: TestApp) => {
    const r = await t.app.inject({ method: "GET", url: "/api/game/cpu/current", headers: auth });
    return last((r.json() as { data: Msg[] }).data);
  };
  const storedRow = (gameId: string) =>
    a.db.kysely
      .selectFrom("battles")
      .select(["version", "status", "state", "actions", "setup"])
      .where("id", "=", gameId)
      .executeTakeFirstOrThrow();

  it("answers from the state the other server saved, not from the one it saw last", async () => {
    const opening = await start(a);
    const onA = await endTurn(a, opening);
    expect(onA.statusCode, onA.body).toBe(200);
    const onB = await endTurn(b, snapshotOf(onA));
    expect(onB.statusCode, onB.body).toBe(200);
    const seenOnB = snapshotOf(onB);
    // Server a last saw the battle one turn earlier; the client's version is the newer one.
    const again = await endTurn(a, seenOnB);
    expect(again.statusCode, again.body).toBe(200);
    const answered = snapshotOf(again);
    expect(answered.game_data?.turn).toBe((seenOnB.game_data?.turn ?? 0) + 2);
    expect(await current(b)).toEqual(answered);
    expect((await storedRow(answered.game_data?.game_id ?? "")).version).toBe(
      answered.game_data?.version,
    );
  });

  it("refuses a move against a version the other server already moved past, and saves nothing", async () => {
    const opening = await start(a);
    const onA = await endTurn(a, opening);
    expect(onA.statusCode, onA.body).toBe(200);
    const onB = await endTurn(b, snapshotOf(onA));
    expect(onB.statusCode, onB.body).toBe(200);
    // The client repeats its move on a, whose live state is exactly that old version.
    const stale = await endTurn(a, snapshotOf(onA));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe("The battle moved on; reload it and try again.");
    expect(await current(a)).toEqual(snapshotOf(onB));
  });

  it("refuses a move on a battle the other server ended, as over", async () => {
    const opening = await start(a);
    const onA = await endTurn(a, opening);
    expect(onA.statusCode, onA.body).toBe(200);
    const gaveUp = await post(b, "/api/game/cpu/giveup", {
      game_id: opening.game_data?.game_id,
    });
    expect(gaveUp.statusCode, gaveUp.body).toBe(200);
    const late = await endTurn(a, snapshotOf(onA));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe("This battle is over.");
    expect((await storedRow(opening.game_data?.game_id ?? "")).status).toBe("finished");
  });

  it("stores every move's actions, which replay to the stored state, and a restarted server plays on", async () => {
    let seen = await start(a);
    for (let i = 0; i < 4; i++) {
      const r = await endTurn(i % 3 === 2 ? b : a, seen);
      expect(r.statusCode, r.body).toBe(200);
      seen = snapshotOf(r);
    }
    const gameId = seen.game_data?.game_id ?? "";
    const row = await storedRow(gameId);
    const setup = JSON.parse(row.setup) as StoredSetup;
    const actions = JSON.parse(row.actions) as Action[];
    // The human's end turn and the computer's answer, four times.
    expect(actions.filter((x) => x.type === "end_turn")).toHaveLength(8);
    const replayed = replay(
      {
        engineVersion: ENGINE_VERSION,
        seed: setup.seed,
        sides: setup.sides,
        opener: setup.opener,
        actions,
      },
      CATALOGUE,
    );
    expect(JSON.parse(JSON.stringify(replayed))).toEqual(JSON.parse(row.state));
    expect(replayed.version).toBe(seen.game_data?.version);

    // A restart: a fresh server (no live battles) on the same database.
    const restarted = await testApp(
      dialect,
      {},
      { planTurn: passivePlanner, db: a.db, keepDbOpen: true },
    );
    try {
      expect(await current(restarted)).toEqual(seen);
      const next = await endTurn(restarted, seen);
      expect(next.statusCode, next.body).toBe(200);
      expect(snapshotOf(next).game_data?.turn).toBe((seen.game_data?.turn ?? 0) + 2);
    } finally {
      await restarted.app.close();
    }
  });
});

/** PostgreSQL's one-statement move save (battles-repo.ts), against a real row. */
describe.skipIf(!process.env.DATABASE_URL)("a story move's relaxed save on postgres", () => {
  it("appends the actions under the version lock and leaves the connection at its own level", async () => {
    const db = await freshDb("postgres");
    try {
      const g = await newGuestRow(db);
      await db.kysely
        .insertInto("battles")
        .values({
          id: "b-relaxed",
          user_id: g,
          mode: "cpu",
          cpu_id: 6,
          status: "active",
          setup: "{}",
          actions: "[]",
          state: '{"v":1}',
          version: 1,
          winner: null,
          rewards: null,
          created_at: "2026-11-26T12:00:00.000Z",
          updated_at: "2026-11-26T12:00:00.000Z",
          engine_version: null,
          catalogue_version: null,
        })
        .execute();
      const save = (expectedVersion: number, version: number, action: string) => ({
        id: "b-relaxed",
        expectedVersion,
        version,
        action,
        state: `{"v":${version}}`,
        now: "2026-11-26T12:00:01.000Z",
      });
      await db.kysely.connection().execute(async (conn) => {
        expect(await saveMoveRelaxedPostgres(conn, save(1, 2, '{"a":1},{"a":2}'))).toBe(true);
        expect(await saveMoveRelaxedPostgres(conn, save(2, 3, '{"a":3}'))).toBe(true);
        // A save against a version already moved past changes nothing.
        expect(await saveMoveRelaxedPostgres(conn, save(2, 3, '{"a":9}'))).toBe(false);
        const level = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(
          conn,
        );
        expect(level.rows[0]?.synchronous_commit).toBe("on");
      });
      const row = await db.kysely
        .selectFrom("battles")
        .select(["actions", "state", "version"])
        .where("id", "=", "b-relaxed")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.actions)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
      expect(row).toMatchObject({ state: '{"v":3}', version: 3 });
    } finally {
      await db.close();
    }
  });
});

async function newGuestRow(db: Db): Promise<number> {
  const r = await db.kysely
    .insertInto("users")
    .values({
      login: null,
      password_hash: null,
      partner_id: null,
      device_key_hash: null,
      nickname: "relaxed",
      guest: 1,
      level: 1,
      silver: 0,
      premium: 0,
      tutorial_active: 0,
      tutorial_step: "done",
      active_deck: 1,
      rank_score: 0,
      season_xp: 0,
      created_at: "2026-11-26T12:00:00.000Z",
      updated_at: "2026-11-26T12:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}
