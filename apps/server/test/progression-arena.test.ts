/**
 * Arena progression through the HTTP API: daily tasks (renewal at 00:00 UTC,
 * progress from real battles and box openings, gems once), the arena bot's
 * rewards and rank score with its floor, champions, the season track's
 * rewards (once, paid track with the pass, the season finish) and the
 * reward-popup acknowledgement with its bad input.
 */
import {
  CATALOGUE,
  dailyTasksFor,
  RANK_REWARDS,
  SEASON_FINISH_CARD_IDS,
  SEASON_TRACK,
  utcDay,
} from "@cardrealm/content";
import type { Action, BattleState, Side } from "@cardrealm/engine";
import { legalActions } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Msg = {
  game_data?: { game_id: string; version: number };
  player?: { hand: Record<string, number> };
  end_game?: {
    winner: string | null;
    result?: { rewards: { silver: number }; sesason_pass_bonus?: number };
  };
};
type Task = { id: number; text: string; progress: string; reward: string; seen?: boolean };
type UserJson = {
  id: number;
  silver: number;
  premium: boolean;
  level: number;
  maps: number[];
  library: { cards: Record<string, { amount: number }> };
  dailys: { active: Record<string, Task>; finished: Task[] };
  rank: { rank: string; score: number; total_score: number };
  rank_champions: string[];
  season_progress: {
    currentLevel: number;
    oldFreeLevel: number;
    oldPaidLevel: number;
    xp: number;
    progress: { free: Record<string, boolean>; paid: Record<string, boolean> };
  };
};

const BOT = 21;
const DAY_MS = 86_400_000;

/** The computer either passes (ends its turn) or surrenders at once: battles end on demand. */
const control = { computerGivesUp: true };
const planner = (state: BattleState, side: Side): Action[] => {
  if (control.computerGivesUp) return [{ type: "give_up", side }];
  const end = legalActions(state, CATALOGUE).find((a) => a.type === "end_turn" && a.side === side);
  return end ? [end] : [];
};

describe.each(DIALECTS)("arena progression on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let userId: number;
  beforeEach(async () => {
    control.computerGivesUp = true;
    t = await testApp(dialect, {}, { planTurn: planner });
    const g = await newGuest(t.app);
    auth = g.auth;
    userId = g.user.id;
  });
  afterEach(async () => {
    await t.app.close();
  });

  const post = (url: string, payload?: unknown, headers = auth) =>
    t.app.inject({
      method: "POST",
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const get = (url: string, headers = auth) => t.app.inject({ method: "GET", url, headers });
  const me = async () => (await get("/api/player-details")).json().data as UserJson;
  const setUser = (patch: {
    level?: number;
    rank_score?: number;
    season_xp?: number;
    premium?: number;
  }) => t.db.kysely.updateTable("users").set(patch).where("id", "=", userId).execute();
  const progressOf = (task: Task) => JSON.parse(task.progress) as { done: number; need: number };
  const ledger = async (reason: string) =>
    (await ledgerFor(t.db.kysely, userId)).filter((l) => l.reason === reason);

  /** Moves the clock to the first day (from today on) whose tasks satisfy `want`. */
  function dayWith(want: (kinds: string[]) => boolean): void {
    const start = Date.UTC(2026, 10, 21, 12);
    // Within the token's lifetime (30 days).
    for (let d = 0; d < 25; d++) {
      const at = start + d * DAY_MS;
      if (want(dailyTasksFor(userId, utcDay(at)).map((x) => x.kind))) {
        t.clock.now = at;
        return;
      }
    }
    throw new Error("no such day");
  }

  /**
   * Starts a battle; the human wins when the computer surrenders on its first
   * turn, or loses by giving up at once (which pays nothing, rules.md 4).
   */
  async function battle(cpuId: number, outcome: "win" | "loss"): Promise<Msg> {
    const start = await post("/api/game/cpu/start", { cpu_id: cpuId });
    expect(start.statusCode, start.body).toBe(200);
    const snap = (start.json().data as Msg[]).at(-1);
    const gameId = snap?.game_data?.game_id as string;
    const version = snap?.game_data?.version;
    const res =
      outcome === "win"
        ? await post("/api/game/cpu/end-turn", {
            game_id: gameId,
            player_attack: [0, 0, 0, 0, 0],
            version,
          })
        : await post("/api/game/cpu/giveup", { game_id: gameId });
    expect(res.statusCode, res.body).toBe(200);
    const end = (res.json().data as Msg[]).find((m) => m.end_game);
    expect(end?.end_game?.winner).toBe(outcome === "win" ? "player" : "cpu");
    return end as Msg;
  }

  it("gives three daily tasks with %num% texts, done/need progress and gems, renewed at 00:00 UTC", async () => {
    t.clock.now = Date.UTC(2026, 10, 21, 23, 59, 59);
    const before = await me();
    const tasks = Object.values(before.dailys.active);
    expect(tasks).toHaveLength(3);
    expect(before.dailys.finished).toEqual([]);
    for (const task of tasks) {
      expect(task.text).toContain("%num%");
      expect(progressOf(task)).toEqual({ done: 0, need: expect.any(Number) });
      const gems = (JSON.parse(task.reward) as { gems: number }).gems;
      expect(gems).toBeGreaterThanOrEqual(50);
      expect(gems).toBeLessThanOrEqual(150);
    }
    expect(tasks.map((x) => x.id).sort((a, b) => a - b)).toEqual(
      dailyTasksFor(userId, "2026-11-21").map((x) => x.id),
    );

    // A battle today (a give-up: no progress, rules.md 4) ...
    await setUser({ level: 3 });
    await battle(BOT, "loss");
    // ... one second later it is a new UTC day: a fresh set, no progress carried over.
    t.clock.now = Date.UTC(2026, 10, 22, 0, 0, 0);
    const after = await me();
    expect(
      Object.keys(after.dailys.active)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(dailyTasksFor(userId, "2026-11-22").map((x) => x.id));
    for (const task of Object.values(after.dailys.active)) expect(progressOf(task).done).toBe(0);
  });

  it("counts daily task progress from a real battle's events on the server", async () => {
    dayWith((k) => k.includes("play_units"));
    control.computerGivesUp = false;
    const start = await post("/api/game/cpu/start", { cpu_id: 6 });
    let state = (start.json().data as Msg[]).at(-1) as Msg;
    const gameId = state.game_data?.game_id as string;
    // Play one unit (ending passive turns until one is affordable).
    let played = false;
    for (let turn = 0; turn < 8 && !played; turn++) {
      for (const [key, card] of Object.entries(state.player?.hand ?? {})) {
        if (CATALOGUE.get(card)?.type !== "unit") continue;
        const r = await post("/api/game/cpu/play-card", {
          game_id: gameId,
          version: state.game_data?.version,
          hand_key: Number(key),
          cell: 0,
        });
        if (r.statusCode === 200) {
          played = true;
          break;
        }
      }
      if (played) break;
      const hand = Object.keys(state.player?.hand ?? {});
      const r = await post("/api/game/cpu/end-turn", {
        game_id: gameId,
        player_attack: [0, 0, 0, 0, 0],
        version: state.game_data?.version,
        ...(hand.length > 6 ? { discard_card: Number(hand[0]) } : {}),
      });
      state = (r.json().data as Msg[]).at(-1) as Msg;
    }
    expect(played).toBe(true);
    control.computerGivesUp = true;
    const end = await post("/api/game/cpu/end-turn", {
      game_id: gameId,
      player_attack: [0, 0, 0, 0, 0],
      version: (await get("/api/game/cpu/current")).json().data.at(-1).game_data.version,
    });
    expect((end.json().data as Msg[]).find((m) => m.end_game)?.end_game?.winner).toBe("player");

    // One unit played, no spell, no attack, a passive computer that surrendered.
    const expected: Record<string, number> = {
      play_units: 1,
      play_spells: 0,
      win_battles: 1,
      win_arena: 0,
      play_battles: 1,
      destroy_units: 0,
      open_boxes: 0,
    };
    const user = await me();
    const tasks = dailyTasksFor(userId, utcDay(t.clock.now));
    expect(tasks.some((d) => d.kind === "play_units")).toBe(true);
    for (const d of tasks) {
      const shown =
        user.dailys.active[String(d.id)] ?? user.dailys.finished.find((f) => f.id === d.id);
      if (!shown) throw new Error(`task ${d.id} missing`);
      const want = expected[d.kind];
      if (want !== undefined)
        expect(progressOf(shown), d.kind).toEqual({ done: Math.min(want, d.need), need: d.need });
    }
  });

  it("a finished daily task pays its gems once and moves to finished", async () => {
    dayWith((k) => k.includes("open_boxes"));
    const task = dailyTasksFor(userId, utcDay(t.clock.now)).find((d) => d.kind === "open_boxes");
    if (!task) throw new Error("no box task");
    await t.db.kysely.updateTable("users").set({ silver: 5000 }).where("id", "=", userId).execute();
    const open = await post("/api/boxes/open", { id: 4 });
    expect(open.statusCode, open.body).toBe(200);
    const user = await me();
    expect(user.dailys.active[String(task.id)]).toBeUndefined();
    expect(user.dailys.finished.map((f) => f.id)).toEqual([task.id]);
    expect(progressOf(user.dailys.finished[0] as Task)).toEqual({ done: 1, need: 1 });
    expect(user.season_progress.xp).toBe(task.xp);
    await post("/api/boxes/open", { id: 4 });
    const daily = await ledger("daily_task");
    expect(daily).toHaveLength(1);
    expect(daily[0]?.delta).toBe(task.gems);
  });

  it("the arena bot opens at level 3 and pays arena rewards and rank score", async () => {
    const locked = await post("/api/game/cpu/start", { cpu_id: BOT });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe("Required chapter 2");

    await setUser({ level: 3 });
    const silver = (await me()).silver;
    const win = await battle(BOT, "win");
    expect(win.end_game?.result?.rewards.silver).toBe(50);
    expect(win.end_game?.result?.sesason_pass_bonus).toBe(100);
    let user = await me();
    expect(user.rank).toEqual({ rank: "bronze", score: 20, total_score: 600 });
    expect(user.season_progress.xp).toBeGreaterThanOrEqual(100);
    expect(user.maps).toEqual([]);
    expect(user.level).toBe(3);

    // A give-up pays no gems and no xp, but still costs the loss's 10 score (rules.md 4).
    const xpBefore = user.season_progress.xp;
    const loss = await battle(BOT, "loss");
    expect(loss.end_game?.result?.rewards.silver).toBe(0);
    user = await me();
    expect(user.rank.score).toBe(10);
    expect(user.season_progress.xp).toBe(xpBefore);
    const battleGems = (await ledgerFor(t.db.kysely, userId))
      .filter((l) => l.reason.startsWith("battle_"))
      .reduce((sum, l) => sum + l.delta, 0);
    expect(battleGems).toBe(50);
    expect(user.silver).toBeGreaterThanOrEqual(silver + 50);

    // The season pass doubles arena gems.
    await setUser({ premium: 1 });
    const premiumWin = await battle(BOT, "win");
    expect(premiumWin.end_game?.result?.rewards.silver).toBe(100);
    expect(premiumWin.end_game?.result?.sesason_pass_bonus).toBeUndefined();
  });

  it("a loss never takes the score below the current rank's floor", async () => {
    await setUser({ level: 3, rank_score: 605 });
    await battle(BOT, "loss");
    expect((await me()).rank).toEqual({ rank: "silver", score: 0, total_score: 600 });
    await battle(BOT, "loss");
    expect((await me()).rank).toEqual({ rank: "silver", score: 0, total_score: 600 });
    await setUser({ rank_score: 3000 });
    await battle(BOT, "loss");
    expect((await me()).rank.rank).toBe("champions");
    await setUser({ rank_score: 0 });
    await battle(BOT, "loss");
    expect((await me()).rank).toEqual({ rank: "bronze", score: 0, total_score: 600 });
  });

  it("lists the top 10 champions and the rank rewards table", async () => {
    const players: { id: number; auth: Record<string, string> }[] = [];
    for (let i = 0; i < 12; i++) {
      const g = await newGuest(t.app);
      players.push({ id: g.user.id, auth: g.auth });
      await t.db.kysely
        .updateTable("users")
        .set({ rank_score: 3000 + i * 10, nickname: `Champ${i}` })
        .where("id", "=", g.user.id)
        .execute();
    }
    await setUser({ rank_score: 2999 });
    const res = await get("/api/arena/champions");
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { place: number; name: string; score: number }[];
    expect(list).toHaveLength(10);
    expect(list[0]).toEqual({ place: 1, name: "Champ11", score: 110 });
    expect(list.map((c) => c.name)).not.toContain("Champ0");
    expect((await me()).rank_champions).toEqual(list.map((c) => c.name));
    expect((await me()).rank.rank).toBe("diamond");

    const rewards = await get("/api/arena/rank-rewards");
    expect(rewards.json().data).toEqual(RANK_REWARDS.map((r) => ({ rank: r.rank, gems: r.gems })));
    expect((await get("/api/arena/champions", {})).statusCode).toBe(401);
  });

  it("reaching a season level claims its free reward once; the pass claims the paid ones", async () => {
    await setUser({ level: 3, season_xp: 250 });
    await battle(BOT, "win");
    let user = await me();
    expect(user.season_progress.currentLevel).toBe(1);
    expect(user.season_progress.oldFreeLevel).toBe(0);
    expect(user.season_progress.progress.free).toEqual({ "1": true });
    expect(user.season_progress.progress.paid).toEqual({});
    const free1 = SEASON_TRACK[0]?.free;
    expect((await ledger("season_reward")).map((l) => l.delta)).toEqual(
      free1?.reward === "gems" ? [free1.amount] : [],
    );
    await battle(BOT, "loss");
    expect(await ledger("season_reward")).toHaveLength(free1?.reward === "gems" ? 1 : 0);

    // Level 5, then the season pass: paid rewards 1-5 are claimed at once.
    await setUser({ season_xp: 5 * 300 });
    await battle(BOT, "loss");
    await t.db.kysely
      .updateTable("users")
      .set({ silver: 10_000 })
      .where("id", "=", userId)
      .execute();
    const pass = await post("/api/boxes/season-pass");
    expect(pass.statusCode, pass.body).toBe(200);
    user = await me();
    expect(user.season_progress.currentLevel).toBe(5);
    expect(Object.keys(user.season_progress.progress.paid).sort()).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    const paid5 = SEASON_TRACK[4]?.paid;
    if (paid5?.reward === "card")
      expect(user.library.cards[String(paid5.card.id)]?.amount).toBeGreaterThanOrEqual(1);

    // Seen popups move oldFreeLevel/oldPaidLevel; never backwards.
    const seen = await post("/api/arena/rewards/seen", { free_level: 5, paid_level: 3 });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.season_progress).toMatchObject({ oldFreeLevel: 5, oldPaidLevel: 3 });
    await post("/api/arena/rewards/seen", { free_level: 2 });
    expect((await me()).season_progress.oldFreeLevel).toBe(5);
  });

  it("the last level grants the season finish: one of each vampire card, once", async () => {
    await setUser({ level: 3, season_xp: 30 * 300 - 50 });
    const before = (await me()).library.cards;
    await battle(BOT, "win");
    const user = await me();
    expect(user.season_progress.currentLevel).toBe(30);
    expect(Object.keys(user.season_progress.progress.free)).toHaveLength(30);
    const trackCards = new Map<number, number>();
    for (const l of SEASON_TRACK) {
      if (l.free.reward === "card")
        trackCards.set(l.free.card.id, (trackCards.get(l.free.card.id) ?? 0) + l.free.amount);
    }
    for (const id of SEASON_FINISH_CARD_IDS) {
      const had = before[String(id)]?.amount ?? 0;
      expect(user.library.cards[String(id)]?.amount, `card ${id}`).toBe(
        had + 1 + (trackCards.get(id) ?? 0),
      );
    }
    await battle(BOT, "win");
    const again = await me();
    for (const id of SEASON_FINISH_CARD_IDS)
      expect(again.library.cards[String(id)]?.amount).toBe(user.library.cards[String(id)]?.amount);
    const finish = await t.db.kysely
      .selectFrom("season_rewards")
      .selectAll()
      .where("user_id", "=", userId)
      .where("track", "=", "finish")
      .execute();
    expect(finish).toHaveLength(1);
  });

  it("refuses bad reward acknowledgements with a 4xx and a message, changing nothing", async () => {
    await setUser({ season_xp: 2 * 300 });
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /free_level, paid_level or daily_ids/],
      [{ free_level: 3 }, 400, /above your season level \(2\)/],
      [{ free_level: -1 }, 400, /free_level/],
      [{ free_level: 1.5 }, 400, /whole number/],
      [{ free_level: "2" }, 400, /free_level/],
      [{ free_level: 99 }, 400, /at most 30/],
      [{ paid_level: 1 }, 403, /season pass/],
      [{ daily_ids: [99999] }, 400, /not finished today/],
      [{ daily_ids: "1" }, 400, /daily_ids/],
      [{ free_level: 1, extra: true }, 400, /extra/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post("/api/arena/rewards/seen", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    const garbage = await t.app.inject({
      method: "POST",
      url: "/api/arena/rewards/seen",
      headers: { ...auth, "content-type": "application/json" },
      payload: "{free_level",
    });
    expect(garbage.statusCode).toBe(400);
    expect((await post("/api/arena/rewards/seen", { free_level: 1 }, {})).statusCode).toBe(401);
    expect((await me()).season_progress.oldFreeLevel).toBe(0);
  });
});
