import { type Action, type BattleState, ENGINE_VERSION, type Side } from "@cardrealm/engine";
import { afterEach, describe, expect, it } from "vitest";
import type { FaultPoint } from "../src/battles/fault-points.ts";
import type { Db } from "../src/db/database.ts";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { announceDialects, DIALECTS, freshDb, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Msg = {
  game_data?: { game_id: string; version: number };
  end_game?: { winner: string | null; result?: { rewards: { silver: number } } };
};

/** The computer surrenders on its first turn: the human's first end-turn wins. */
const surrenderingCpu = (_state: BattleState, side: Side): Action[] => [{ type: "give_up", side }];

describe.each(DIALECTS)("a battle is settled with its final state, on %s", (dialect) => {
  const apps: TestApp[] = [];
  let db: Db | undefined;
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.app.close();
    await db?.close();
    db = undefined;
  });

  async function boot(opts: { fault?: (p: FaultPoint) => void } = {}): Promise<TestApp> {
    db ??= await freshDb(dialect);
    const t = await testApp(
      dialect,
      {},
      {
        db,
        keepDbOpen: true,
        planTurn: surrenderingCpu,
        ...(opts.fault ? { battleFault: opts.fault } : {}),
      },
    );
    apps.push(t);
    return t;
  }

  const call = (t: TestApp, auth: Record<string, string>, url: string, payload?: object) =>
    t.app.inject({
      method: payload ? "POST" : "GET",
      url,
      headers: auth,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function startStory(t: TestApp, auth: Record<string, string>) {
    const res = await call(t, auth, "/api/game/cpu/start", { cpu_id: 6 });
    expect(res.statusCode, res.body).toBe(200);
    const snap = (res.json().data as Msg[]).at(-1);
    return { gameId: snap?.game_data?.game_id as string, version: snap?.game_data?.version ?? 0 };
  }

  async function wallet(t: TestApp, userId: number) {
    const u = await t.db.kysely
      .selectFrom("users")
      .select(["silver", "season_xp", "level"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const ledger = await ledgerFor(t.db.kysely, userId);
    const maps = await t.db.kysely
      .selectFrom("user_maps")
      .select("cpu_id")
      .where("user_id", "=", userId)
      .execute();
    return {
      silver: u.silver,
      xp: u.season_xp,
      wins: ledger.filter((l) => l.reason === "battle_win").length,
      maps: maps.map((m) => m.cpu_id),
    };
  }

  it("a crash between the final state and its payment leaves neither: the retry pays once", async () => {
    let armed = true;
    const t = await boot({
      fault: (p) => {
        if (armed && p === "battle-final-state-saved") {
          armed = false;
          throw new Error("injected crash");
        }
      },
    });
    const { user, auth } = await newGuest(t.app);
    const { gameId, version } = await startStory(t, auth);
    const endTurn = { game_id: gameId, player_attack: [0, 0, 0, 0, 0], version };

    const crashed = await call(t, auth, "/api/game/cpu/end-turn", endTurn);
    expect(crashed.statusCode).toBe(500);
    // Nothing of the ending committed: the battle is as it was, nobody paid.
    expect(await wallet(t, user.id)).toMatchObject({ silver: 1000, wins: 0, maps: [] });
    const current = (await call(t, auth, "/api/game/cpu/current")).json().data as Msg[];
    expect(current.at(-1)?.game_data?.version).toBe(version);

    const retry = await call(t, auth, "/api/game/cpu/end-turn", endTurn);
    expect(retry.statusCode, retry.body).toBe(200);
    const end = (retry.json().data as Msg[]).find((m) => m.end_game);
    expect(end?.end_game?.winner).toBe("player");
    expect(end?.end_game?.result?.rewards.silver).toBe(120);
    expect(await wallet(t, user.id)).toMatchObject({ silver: 1120, xp: 100, wins: 1, maps: [6] });
    await startStory(t, auth); // free to play again
  });

  /** An over-but-active row, as the old two-transaction code left after a crash. */
  async function leaveOverButUnpaid(t: TestApp, gameId: string): Promise<void> {
    const row = await t.db.kysely
      .selectFrom("battles")
      .select(["state", "actions"])
      .where("id", "=", gameId)
      .executeTakeFirstOrThrow();
    const state = JSON.parse(row.state) as BattleState;
    const over = {
      ...state,
      over: true,
      winner: 0,
      endReason: "give_up",
      version: state.version + 1,
    };
    const actions = [...(JSON.parse(row.actions) as Action[]), { type: "give_up", side: 1 }];
    await t.db.kysely
      .updateTable("battles")
      .set({ state: JSON.stringify(over), actions: JSON.stringify(actions), version: over.version })
      .where("id", "=", gameId)
      .execute();
  }

  it("start-up pays a battle left over but unsettled, exactly once, and frees the player", async () => {
    const first = await boot();
    const { user, auth } = await newGuest(first.app);
    const { gameId } = await startStory(first, auth);
    await leaveOverButUnpaid(first, gameId);

    const second = await boot(); // a restart over the same database
    expect(await wallet(second, user.id)).toMatchObject({ silver: 1120, wins: 1, maps: [6] });
    const third = await boot();
    expect(await wallet(third, user.id)).toMatchObject({ silver: 1120, wins: 1, maps: [6] });
    expect((await call(third, auth, "/api/game/cpu/current")).json().data).toBeNull();
    await startStory(third, auth);
  });

  it("touching a battle left over but unsettled pays it once; give-up, end-turn and start work again", async () => {
    const t = await boot();
    const { user, auth } = await newGuest(t.app);
    const { gameId, version } = await startStory(t, auth);
    await leaveOverButUnpaid(t, gameId);

    const [a, b] = await Promise.all([
      call(t, auth, "/api/game/cpu/giveup", { game_id: gameId, version }),
      call(t, auth, "/api/game/cpu/end-turn", {
        game_id: gameId,
        player_attack: [0, 0, 0, 0, 0],
        version,
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([409, 409]);
    expect(await wallet(t, user.id)).toMatchObject({ silver: 1120, wins: 1, maps: [6] });
    const again = await startStory(t, auth);
    expect(again.gameId).not.toBe(gameId);
  });
});

describe.each(DIALECTS)("concurrent battle starts, on %s", (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.app.close();
  });

  it("two concurrent starts of one story opponent answer one battle (or 409), never two", async () => {
    t = await testApp(dialect);
    for (let round = 0; round < 3; round++) {
      const { user, auth } = await newGuest(t.app);
      const starts = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.app.inject({
            method: "POST",
            url: "/api/game/cpu/start",
            headers: auth,
            payload: { cpu_id: 6 },
          }),
        ),
      );
      const ok = starts.filter((r) => r.statusCode === 200);
      expect(starts.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      expect(ok.length).toBeGreaterThan(0);
      const ids = new Set(
        ok.map((r) => (r.json().data as Msg[]).at(-1)?.game_data?.game_id as string),
      );
      expect(ids.size).toBe(1);
      const rows = await t.db.kysely
        .selectFrom("battles")
        .select("id")
        .where("user_id", "=", user.id)
        .execute();
      expect(rows.map((r) => r.id)).toEqual([...ids]);
    }
  });

  it("two concurrent arena-bot starts make one game; the other is refused", async () => {
    t = await testApp(dialect);
    const { user, auth } = await newGuest(t.app);
    await t.db.kysely.updateTable("users").set({ level: 3 }).where("id", "=", user.id).execute();
    const starts = await Promise.all([
      t.app.inject({ method: "POST", url: "/api/game/pvp/bot", headers: auth, payload: {} }),
      t.app.inject({ method: "POST", url: "/api/game/pvp/bot", headers: auth, payload: {} }),
      t.app.inject({
        method: "POST",
        url: "/api/game/cpu/start",
        headers: auth,
        payload: { cpu_id: 21 },
      }),
    ]);
    expect(starts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const rows = await t.db.kysely
      .selectFrom("battles")
      .select("id")
      .where("user_id", "=", user.id)
      .where("status", "=", "active")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe.each(DIALECTS)("battles from another engine or catalogue version, on %s", (dialect) => {
  let t: TestApp;
  /** Servers started later on t's database (a new build finding old battles). */
  const later: TestApp[] = [];
  afterEach(async () => {
    for (const x of later.splice(0)) await x.app.close();
    await t.app.close();
  });

  const stamp = (id: string, patch: { engine_version?: string; catalogue_version?: string }) =>
    t.db.kysely.updateTable("battles").set(patch).where("id", "=", id).execute();

  it("a new battle is stamped; one from another version is closed unpaid and never breaks a route", async () => {
    t = await testApp(dialect);
    const { user, auth } = await newGuest(t.app);
    let server = t.app;
    const call = (url: string, payload?: object) =>
      server.inject({
        method: payload ? "POST" : "GET",
        url,
        headers: auth,
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
    const story = (await call("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const storyId = story.at(-1)?.game_data?.game_id as string;
    const row = await t.db.kysely
      .selectFrom("battles")
      .select(["engine_version", "catalogue_version"])
      .where("id", "=", storyId)
      .executeTakeFirstOrThrow();
    expect(row.engine_version).toBe(ENGINE_VERSION);
    expect(row.catalogue_version).toMatch(/^[0-9a-f]{16}$/);

    await stamp(storyId, { engine_version: "0.0.1-old" });
    // A battle's stamp never changes under the process that made it (which
    // keeps its live state: battles/story-live.ts); another build finds it.
    const newBuild = await testApp(dialect, {}, { db: t.db, keepDbOpen: true });
    later.push(newBuild);
    server = newBuild.app;
    const move = await call("/api/game/cpu/end-turn", {
      game_id: storyId,
      player_attack: [0, 0, 0, 0, 0],
      version: story.at(-1)?.game_data?.version,
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().error.message).toMatch(/earlier version/);
    expect((await call("/api/game/cpu/current")).json().data).toBeNull();
    expect((await call("/api/game/cpu/start", { cpu_id: 6 })).statusCode).toBe(200);
    await call("/api/game/cpu/giveup", {
      game_id: ((await call("/api/game/cpu/current")).json().data as Msg[]).at(-1)?.game_data
        ?.game_id,
    });

    // The arena bot game: another catalogue.
    await t.db.kysely.updateTable("users").set({ level: 3 }).where("id", "=", user.id).execute();
    const bot = (await call("/api/game/pvp/bot", {})).json().data as Msg[];
    const botId = bot.at(-1)?.game_data?.game_id as string;
    await stamp(botId, { catalogue_version: "0000000000000000" });
    expect((await call("/api/game/pvp/current")).json().data).toBeNull();
    expect((await call("/api/game/pvp/bot", {})).statusCode).toBe(200);

    const closed = await t.db.kysely
      .selectFrom("battles")
      .select(["id", "status", "winner", "rewards"])
      .where("id", "in", [storyId, botId])
      .execute();
    expect(closed.map((c) => ({ ...c, id: undefined }))).toEqual([
      { id: undefined, status: "finished", winner: null, rewards: 0 },
      { id: undefined, status: "finished", winner: null, rewards: 0 },
    ]);
    const me = await t.db.kysely
      .selectFrom("users")
      .select(["silver", "rank_score"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(me).toEqual({ silver: 1000, rank_score: 0 });
  });
});
