import type { Action, BattleState, Side } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIN_OWN_TURNS, sideOutcome } from "../src/battles/quit-rules.ts";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Msg = {
  game_data?: { game_id: string; version: number };
  end_game?: { winner: string | null; result?: { rewards: { silver: number } } };
};

describe("rules.md 4: who is paid at the end of a battle", () => {
  const over = (winner: Side | null, endReason: BattleState["endReason"]) =>
    ({ over: true, winner, endReason }) as BattleState;
  const turns = (side: Side, n: number): Action[] =>
    Array.from({ length: n }, () => ({ type: "end_turn", side, attack: [] }));

  it("the side that gave up is never paid, however long it played", () => {
    expect(sideOutcome(over(1, "give_up"), turns(0, 20), 0)).toMatchObject({
      gaveUp: true,
      paid: false,
    });
    // Its opponent won and is paid.
    expect(sideOutcome(over(1, "give_up"), turns(0, 20), 1)).toMatchObject({
      won: true,
      paid: true,
    });
  });

  it(`a loss pays only after ${MIN_OWN_TURNS} of the loser's own turns; timeouts are not turns played`, () => {
    const timeouts: Action[] = [
      { type: "timeout", side: 0 },
      { type: "timeout", side: 0 },
    ];
    expect(sideOutcome(over(1, "hp"), turns(0, 2), 0).paid).toBe(false);
    expect(sideOutcome(over(1, "idle"), [...turns(0, 2), ...timeouts], 0).paid).toBe(false);
    expect(sideOutcome(over(1, "hp"), [...turns(1, 5), ...turns(0, 3)], 0).paid).toBe(true);
    expect(sideOutcome(over(null, "turn_cap"), [], 0).paid).toBe(true);
  });
});

describe.each(DIALECTS)("start + give-up loops pay nothing, on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let userId: number;
  beforeEach(async () => {
    t = await testApp(dialect);
    const g = await newGuest(t.app);
    auth = g.auth;
    userId = g.user.id;
  });
  afterEach(async () => {
    await t.app.close();
  });

  const post = (url: string, payload: object = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: auth,
      payload: payload as Record<string, unknown>,
    });

  async function account() {
    const u = await t.db.kysely
      .selectFrom("users")
      .select(["silver", "season_xp", "rank_score"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const tasks = await t.db.kysely
      .selectFrom("daily_tasks")
      .select("done")
      .where("user_id", "=", userId)
      .execute();
    const battleLedger = (await ledgerFor(t.db.kysely, userId)).filter(
      (l) => l.reason.startsWith("battle_") || l.reason.startsWith("arena_"),
    );
    return {
      silver: u.silver,
      xp: u.season_xp,
      score: u.rank_score,
      taskProgress: tasks.reduce((s, x) => s + x.done, 0),
      battlePayments: battleLedger.length,
    };
  }

  async function loop(n: number, startUrl: string, start: object, giveUpUrl: string) {
    for (let i = 0; i < n; i++) {
      const s = await post(startUrl, start);
      expect(s.statusCode, s.body).toBe(200);
      const gameId = (s.json().data as Msg[]).at(-1)?.game_data?.game_id;
      const g = await post(giveUpUrl, { game_id: gameId });
      expect(g.statusCode, g.body).toBe(200);
      const end = (g.json().data as Msg[]).find((m) => m.end_game);
      expect(end?.end_game?.winner).toBe("cpu");
      expect(end?.end_game?.result?.rewards.silver).toBe(0);
    }
  }

  it("story: 15 start + give-up cycles leave gems, season xp and daily tasks where they were", async () => {
    const before = await account();
    await loop(15, "/api/game/cpu/start", { cpu_id: 6 }, "/api/game/cpu/giveup");
    expect(await account()).toEqual({ ...before, battlePayments: 0 });
  });

  it("arena bot (both paths): give-ups pay no gems or xp and cost the loss's score each time", async () => {
    await t.db.kysely
      .updateTable("users")
      .set({ level: 3, rank_score: 300 })
      .where("id", "=", userId)
      .execute();
    const before = await account();
    await loop(5, "/api/game/cpu/start", { cpu_id: 21 }, "/api/game/cpu/giveup");
    await loop(5, "/api/game/pvp/bot", {}, "/api/game/pvp/giveup");
    expect(await account()).toEqual({
      ...before,
      score: before.score - 10 * 10,
      battlePayments: 0,
    });
  });
});
