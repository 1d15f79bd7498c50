import {
  CARDS,
  COLLECTIBLE_CARDS,
  countCopies,
  encodeDeck,
  getOpponent,
  STARTER_LIBRARY,
} from "@cardrealm/content";
import { PracticeOpponentsSchema, ReplaySchema } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { lastOf, type Msg, passivePlanner, playToEnd } from "./battle-play.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

/** A code for a deck list (id to copies). */
const codeOf = (counts: Iterable<[number, number]>) =>
  encodeDeck([...counts].map(([id, amount]) => ({ id, amount })));

/** The chapter 2 boss's deck: 40 cards, most of which a new player does not own. */
const bossDeck = [...countCopies(getOpponent(4)?.deck ?? [])];
const BOSS_CODE = codeOf(bossDeck);
const owned = new Set(STARTER_LIBRARY.map((c) => c.id));

describe.each(DIALECTS)("deck challenges (practice battles) on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let userId: number;
  beforeEach(async () => {
    t = await testApp(dialect, {}, { planTurn: passivePlanner });
    const g = await newGuest(t.app);
    auth = g.auth;
    userId = g.user.id;
  });
  afterEach(async () => {
    await t.app.close();
  });

  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: auth,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const start = (deck_code: string, cpu_id: number) =>
    call("POST", "/api/game/practice/start", { deck_code, cpu_id });

  /** Everything a battle could pay or move for the player. */
  async function account() {
    const u = await t.db.kysely
      .selectFrom("users")
      .select(["silver", "season_xp", "rank_score", "level"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const tasks = await t.db.kysely
      .selectFrom("daily_tasks")
      .select(["task_id", "done", "finished"])
      .where("user_id", "=", userId)
      .orderBy("task_id")
      .execute();
    const maps = await t.db.kysely
      .selectFrom("user_maps")
      .select("cpu_id")
      .where("user_id", "=", userId)
      .execute();
    return { ...u, tasks, maps, ledger: (await ledgerFor(t.db.kysely, userId)).length };
  }

  it("lists the opponents met: the map's open ones, and more as the story goes on", async () => {
    const res = await call("GET", "/api/game/practice/opponents");
    expect(res.statusCode).toBe(200);
    const list = PracticeOpponentsSchema.parse(res.json().data);
    expect(list).toEqual([
      {
        cpu_id: 6,
        name: getOpponent(6)?.name,
        avatar: "/static/media/opponent-6.webp",
        chapter: 1,
      },
    ]);
    await t.db.kysely
      .insertInto("user_maps")
      .values({ user_id: userId, cpu_id: 6, beaten_at: "2026-11-21T12:00:00.000Z" })
      .execute();
    const after = (await call("GET", "/api/game/practice/opponents")).json().data;
    expect(after.map((o: { cpu_id: number }) => o.cpu_id)).toEqual([6, 5]);
  });

  it("plays a shared deck of unowned cards, and a win pays nothing at all", async () => {
    expect(bossDeck.some(([id]) => !owned.has(id))).toBe(true);
    const before = await account();
    const res = await start(BOSS_CODE, 6);
    expect(res.statusCode, res.body).toBe(200);
    const msgs = res.json().data as Msg[];
    const gameId = lastOf(msgs).game_data?.game_id as string;
    const deckIds = new Set(bossDeck.map(([id]) => id));
    for (const card of Object.values(lastOf(msgs).player?.hand ?? {}))
      expect(deckIds.has(card)).toBe(true);
    const row = await t.db.kysely
      .selectFrom("battles")
      .select(["mode", "cpu_id"])
      .where("id", "=", gameId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mode: "practice", cpu_id: 6 });

    const { end } = await playToEnd(t.app, auth, msgs);
    expect(end?.end_game?.winner).toBe("player");
    expect(end?.end_game?.result).toEqual({ rewards: { silver: 0 } });
    expect(await account()).toEqual(before);
    // The next opponent stays locked: a practice win is no story progress.
    expect((await call("POST", "/api/game/cpu/start", { cpu_id: 5 })).statusCode).toBe(403);

    // It is a finished battle like any other: listed and replayed, as practice.
    const list = (await call("GET", "/api/replays")).json().data;
    expect(list[0]).toEqual(expect.objectContaining({ id: gameId, mode: "practice" }));
    const replay = ReplaySchema.parse((await call("GET", `/api/replays/${gameId}`)).json().data);
    const last = replay.steps.at(-1)?.messages as Msg[];
    expect(last.find((m) => m.end_game)?.end_game?.result).toEqual({ rewards: { silver: 0 } });
  });

  it("giving up costs nothing; the battle survives a restart and plays on", async () => {
    const before = await account();
    const msgs = (await start(BOSS_CODE, 6)).json().data as Msg[];
    const gameId = lastOf(msgs).game_data?.game_id as string;
    const again = await testApp(
      dialect,
      {},
      { planTurn: passivePlanner, db: t.db, keepDbOpen: true },
    );
    try {
      const current = (
        await again.app.inject({ method: "GET", url: "/api/game/cpu/current", headers: auth })
      ).json().data as Msg[];
      expect(lastOf(current)).toEqual(lastOf(msgs));
      const moved = await again.app.inject({
        method: "POST",
        url: "/api/game/cpu/end-turn",
        headers: auth,
        payload: {
          game_id: gameId,
          player_attack: [0, 0, 0, 0, 0],
          version: lastOf(current).game_data?.version,
        },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const gaveUp = await again.app.inject({
        method: "POST",
        url: "/api/game/cpu/giveup",
        headers: auth,
        payload: { game_id: gameId },
      });
      expect(gaveUp.statusCode).toBe(200);
      const end = (gaveUp.json().data as Msg[]).find((m) => m.end_game);
      expect(end?.end_game).toEqual({
        winner: "cpu",
        reason: "give_up",
        result: { rewards: { silver: 0 } },
      });
    } finally {
      await again.app.close();
    }
    expect(await account()).toEqual(before);
  });

  it("a practice battle left over but unsettled is closed at start-up, still paying nothing", async () => {
    const before = await account();
    const msgs = (await start(BOSS_CODE, 6)).json().data as Msg[];
    const gameId = lastOf(msgs).game_data?.game_id as string;
    // As a crash between the final state and its settlement would leave it: won, still active.
    const row = await t.db.kysely
      .selectFrom("battles")
      .select(["state", "actions"])
      .where("id", "=", gameId)
      .executeTakeFirstOrThrow();
    const state = JSON.parse(row.state) as { version: number };
    const over = {
      ...state,
      over: true,
      winner: 0,
      endReason: "give_up",
      version: state.version + 1,
    };
    await t.db.kysely
      .updateTable("battles")
      .set({
        state: JSON.stringify(over),
        actions: JSON.stringify([...JSON.parse(row.actions), { type: "give_up", side: 1 }]),
        version: over.version,
      })
      .where("id", "=", gameId)
      .execute();
    const again = await testApp(
      dialect,
      {},
      { planTurn: passivePlanner, db: t.db, keepDbOpen: true },
    );
    try {
      const closed = await t.db.kysely
        .selectFrom("battles")
        .select(["status", "winner", "rewards"])
        .where("id", "=", gameId)
        .executeTakeFirstOrThrow();
      expect(closed).toEqual({ status: "finished", winner: 0, rewards: 0 });
      expect(await account()).toEqual(before);
      const current = await again.app.inject({
        method: "GET",
        url: "/api/game/cpu/current",
        headers: auth,
      });
      expect(current.json().data).toBeNull();
    } finally {
      await again.app.close();
    }
  });

  it("refuses bad codes, rule-breaking decks and opponents not met, naming the problem", async () => {
    const refused = async (code: string, cpu: number, status: number, message: RegExp) => {
      const res = await start(code, cpu);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(message);
    };
    await refused("AAAA", 6, 400, /not a Cardrealm deck code/);
    const token = CARDS.find((c) => c.token);
    await refused(codeOf([...bossDeck, [token?.id ?? 0, 1]]), 6, 400, /cannot be put in a deck/);
    await refused(codeOf([...bossDeck, [3999, 1]]), 6, 400, /does not exist \(3999\)/);
    const plain = COLLECTIBLE_CARDS.find(
      (c) => c.id > 1044 && !bossDeck.some(([id]) => id === c.id),
    );
    await refused(codeOf([...bossDeck, [plain?.id ?? 0, 6]]), 6, 400, /6 copies of .+ at most 5/);
    const short = codeOf(
      bossDeck.map(([id, n], i) => [id, i === 0 ? n - 1 : n] as [number, number]),
    );
    const tooSmall = await start(short, 6);
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error).toEqual({
      code: "deck_too_small",
      message: "The shared deck has 39 cards; a deck needs at least 40.",
    });
    await refused(BOSS_CODE, 5, 403, /Meet this opponent/);
    await refused(BOSS_CODE, 21, 403, /Meet this opponent/);
    await refused(BOSS_CODE, 999, 403, /Meet this opponent/);
    const bad = await call("POST", "/api/game/practice/start", { deck_code: "x y", cpu_id: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/deck_code/);
    // Nothing was started by any of them.
    expect((await call("GET", "/api/game/cpu/current")).json().data).toBeNull();
  });

  it("one battle at a time: a practice battle and a story battle never overlap", async () => {
    const story = await call("POST", "/api/game/cpu/start", { cpu_id: 6 });
    expect(story.statusCode).toBe(200);
    const busy = await start(BOSS_CODE, 6);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe("Finish or surrender your current battle first.");
    await call("POST", "/api/game/cpu/giveup", {
      game_id: lastOf(story.json().data).game_data?.game_id,
    });
    const practice = await start(BOSS_CODE, 6);
    expect(practice.statusCode).toBe(200);
    // The same start again answers the running practice battle; a story start is refused.
    const twice = await start(BOSS_CODE, 6);
    expect(lastOf(twice.json().data).game_data?.game_id).toBe(
      lastOf(practice.json().data).game_data?.game_id,
    );
    expect((await call("POST", "/api/game/cpu/start", { cpu_id: 6 })).statusCode).toBe(409);
  });
});
