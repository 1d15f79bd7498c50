/**
 * rules.md 4, "Paid battles" (issue 23 item 1): a side is paid gems, season
 * xp and daily-task progress only after a battle of at least 60 s on the
 * server's clock in which it played at least 3 cards, and only for the
 * player's first 30 such battles of a UTC day. These tests run the rule at
 * its production values on the test server's clock (harness.ts testApp's
 * `clock`, moved by hand), so a minute costs no waiting. The arena's PvP
 * case is in pvp-arena.test.ts ("trading wins by instant give-up").
 */
import type { Action, BattleState, Side } from "@cardrealm/engine";
import { afterEach, describe, expect, it } from "vitest";
import { cardsPlayed } from "../src/battles/paid-battles.ts";
import { ConfigError, loadConfig } from "../src/config.ts";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { claimPaidBattle, paidBattlesOn } from "../src/db/repositories/paid-battles-repo.ts";
import { endTurn, lastOf, type Msg, passivePlanner, playToEnd } from "./battle-play.ts";
import {
  announceDialects,
  DIALECTS,
  newGuest,
  PAID_BATTLES_AT_DEFAULTS,
  type TestApp,
  testApp,
} from "./harness.ts";

announceDialects();

type EndMsg = Msg & {
  end_game?: { result?: { rewards: { silver: number }; unpaid?: string } };
};

describe("the paid-battle settings", () => {
  const base = { TOKEN_SECRET: "x".repeat(32), PARTNER_SECRET: "y".repeat(32) };

  it("default to 60 s, 3 cards and 30 a day; 0 is refused in production", () => {
    expect(loadConfig({ ...base, DATA_DIR: "/tmp/paid-cfg" }).paidBattles).toEqual({
      minSeconds: 60,
      minCards: 3,
      perDay: 30,
    });
    const prod = { ...base, DATA_DIR: "/tmp/paid-cfg", NODE_ENV: "production" };
    expect(() => loadConfig({ ...prod, PAID_BATTLE_MIN_SECONDS: "0" })).toThrow(
      /PAID_BATTLE_MIN_SECONDS: 0 lets battles be farmed/,
    );
    expect(() => loadConfig({ ...prod, PAID_BATTLE_MIN_CARDS: "0" })).toThrow(
      /PAID_BATTLE_MIN_CARDS: 0 lets battles be farmed/,
    );
    expect(() => loadConfig({ ...base, PAID_BATTLES_PER_DAY: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PAID_BATTLE_MIN_SECONDS: "-1" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PAID_BATTLE_MIN_CARDS: "many" })).toThrow(ConfigError);
    expect(
      loadConfig({ ...prod, PAID_BATTLE_MIN_SECONDS: "90", PAID_BATTLES_PER_DAY: "5" }).paidBattles,
    ).toEqual({ minSeconds: 90, minCards: 3, perDay: 5 });
  });

  it("reaches the client through /api/settings (the end panel words its reasons with them)", async () => {
    const t = await testApp("sqlite", {
      PAID_BATTLE_MIN_SECONDS: "90",
      PAID_BATTLES_PER_DAY: "12",
    });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/settings" });
      expect(res.json().data).toMatchObject({
        paidBattleMinSeconds: "90",
        paidBattleMinCards: "0",
        paidBattlesPerDay: "12",
      });
    } finally {
      await t.app.close();
    }
  });

  it("counts a side's cards from the battle's own log: accepted plays only, that side only", () => {
    const log: Action[] = [
      { type: "play_card", side: 0, handKey: 1, cell: 0 },
      { type: "end_turn", side: 0, attack: [] },
      { type: "play_card", side: 1, handKey: 7, cell: 2 },
      { type: "timeout", side: 1 },
      { type: "play_card", side: 0, handKey: 2 },
    ];
    expect(cardsPlayed(log, 0)).toBe(2);
    expect(cardsPlayed(log, 1)).toBe(1);
  });
});

/** The computer gives up on its first turn: the human's first end-turn wins. */
const surrenderingCpu = (_state: BattleState, side: Side): Action[] => [{ type: "give_up", side }];

// Dozens of battles each, through the routes: a loaded 2-core machine took over 30 s.
describe.each(DIALECTS)("paid story and arena-bot battles, on %s", (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.app.close();
  });

  async function player(env: Record<string, string>, opts: Parameters<typeof testApp>[2] = {}) {
    t = await testApp(dialect, { ...PAID_BATTLES_AT_DEFAULTS, ...env }, opts);
    const { user, auth } = await newGuest(t.app);
    const post = (url: string, payload: object) =>
      t.app.inject({
        method: "POST",
        url,
        headers: auth,
        payload: payload as Record<string, unknown>,
      });
    const start = async (cpuId: number): Promise<Msg[]> => {
      const res = await post("/api/game/cpu/start", { cpu_id: cpuId });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Msg[];
    };
    const account = async () => {
      const u = await t.db.kysely
        .selectFrom("users")
        .select(["silver", "season_xp", "rank_score"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      const tasks = await t.db.kysely
        .selectFrom("daily_tasks")
        .select("done")
        .where("user_id", "=", user.id)
        .execute();
      const ledger = await ledgerFor(t.db.kysely, user.id);
      return {
        silver: u.silver,
        xp: u.season_xp,
        score: u.rank_score,
        taskProgress: tasks.reduce((s, x) => s + x.done, 0),
        battlePayments: ledger.filter((l) => /^(battle|arena)_/.test(l.reason)).length,
      };
    };
    const finishedBattles = () =>
      t.db.kysely
        .selectFrom("battles")
        .select(["id", "status", "rewards", "actions"])
        .where("user_id", "=", user.id)
        .where("status", "=", "finished")
        .execute();
    return { user, auth, post, start, account, finishedBattles };
  }

  it("the passive-loss script (start, only end turns, lose) earns nothing in a minute", async () => {
    // The real computer opponent; the script plays no card and ends each turn at once.
    const p = await player({});
    const before = await p.account();
    const began = t.clock.now;
    const ends: EndMsg[] = [];
    while (t.clock.now - began < 60_000) {
      let state = lastOf(await p.start(6));
      let end: EndMsg | undefined;
      for (let turn = 0; turn < 120 && !end; turn++) {
        t.clock.now += 1_500; // the script's pace; a whole loss stays under a minute
        const msgs: EndMsg[] = await endTurn(t.app, p.auth, state, [0, 0, 0, 0, 0]);
        end = msgs.find((m) => m.end_game);
        state = lastOf(msgs);
      }
      expect(end?.end_game?.winner).toBe("cpu");
      expect(end?.end_game?.result).toEqual({ rewards: { silver: 0 }, unpaid: "too_short" });
      ends.push(end as EndMsg);
    }
    expect(ends.length).toBeGreaterThan(1);
    // A passive battle stretched past the minute: still nothing, for the cards it never played.
    const state = lastOf(await p.start(6));
    t.clock.now += 61_000;
    const gaveUp = await p.post("/api/game/cpu/giveup", { game_id: state.game_data?.game_id });
    expect((gaveUp.json().data as EndMsg[]).find((m) => m.end_game)?.end_game?.result).toEqual({
      rewards: { silver: 0 },
    });
    expect(await p.account()).toEqual(before);
    // Recorded all the same.
    expect(await p.finishedBattles()).toHaveLength(ends.length + 1);
  }, 120_000);

  it("a real game of 60 s or more with 3 cards played pays as before; 59.999 s pays nothing", async () => {
    const opts = { planTurn: passivePlanner };
    const played = async (seconds: number) => {
      const p = await player({}, opts);
      const start = await p.start(6);
      t.clock.now += seconds * 1000;
      const { end } = await playToEnd(t.app, p.auth, start);
      const [row] = await p.finishedBattles();
      expect(cardsPlayed(JSON.parse(row?.actions ?? "[]") as Action[], 0)).toBeGreaterThanOrEqual(
        3,
      );
      return { end: end as EndMsg, account: await p.account(), row };
    };

    const real = await played(60);
    expect(real.end.end_game?.winner).toBe("player");
    // The first win over opponent 6: (30 + 10 x 1) x 3, and the season pass's double shown.
    expect(real.end.end_game?.result).toEqual({
      rewards: { silver: 120 },
      sesason_pass_bonus: 240,
    });
    expect(real.account).toMatchObject({ silver: 1120, xp: 100, battlePayments: 1 });
    expect(real.account.taskProgress).toBeGreaterThan(0);
    expect(real.row?.rewards).toBe(120);
    await t.app.close();

    const quick = await played(59.999);
    expect(quick.end.end_game?.winner).toBe("player");
    expect(quick.end.end_game?.result).toEqual({ rewards: { silver: 0 }, unpaid: "too_short" });
    expect(quick.account).toEqual({
      silver: 1000,
      xp: 0,
      score: 0,
      taskProgress: 0,
      battlePayments: 0,
    });
    expect(quick.row?.rewards).toBe(0);
  }, 120_000);

  it("the 31st paid battle of a UTC day pays nothing but moves rank score; the next day pays again", async () => {
    // Cards off here (the computer gives up before the player could play 3); the minute on the clock.
    const p = await player({ PAID_BATTLE_MIN_CARDS: "0" }, { planTurn: surrenderingCpu });
    const win = async (cpuId: number): Promise<EndMsg> => {
      const state = lastOf(await p.start(cpuId));
      t.clock.now += 60_000;
      const res = await p.post("/api/game/cpu/end-turn", {
        game_id: state.game_data?.game_id,
        version: state.game_data?.version,
        player_attack: [0, 0, 0, 0, 0],
      });
      expect(res.statusCode, res.body).toBe(200);
      const end = (res.json().data as EndMsg[]).find((m) => m.end_game);
      expect(end?.end_game?.winner).toBe("player");
      return end as EndMsg;
    };
    for (let i = 0; i < 30; i++) {
      expect((await win(6)).end_game?.result?.rewards.silver).toBeGreaterThan(0);
    }
    expect(await paidBattlesOn(t.db.kysely, p.user.id, "2026-11-21")).toBe(30);
    // The 31st: the arena bot from the story routes (its score moves even unpaid).
    await t.db.kysely.updateTable("users").set({ level: 3 }).where("id", "=", p.user.id).execute();
    const before = await p.account();
    const limited = await win(21);
    expect(limited.end_game?.result).toEqual({ rewards: { silver: 0 }, unpaid: "daily_limit" });
    expect(await p.account()).toEqual({ ...before, score: before.score + 20 });
    const rows = await p.finishedBattles();
    expect(rows).toHaveLength(31);
    expect(rows.filter((r) => r.rewards === 0)).toHaveLength(1);

    // 00:00 UTC the next day: paid again.
    t.clock.now = Date.UTC(2026, 10, 22, 0, 0, 0);
    const next = await win(21);
    expect(next.end_game?.result?.rewards.silver).toBe(50);
    expect(next.end_game?.result?.unpaid).toBeUndefined();
    expect((await p.account()).battlePayments).toBe(before.battlePayments + 1);
  }, 120_000);

  it("ten settlements claiming a player's last paid battle of the day at once: exactly one wins", async () => {
    const p = await player({});
    const day = "2026-11-21";
    const k = t.db.kysely;
    for (let i = 0; i < 29; i++) {
      expect(await claimPaidBattle(k, { userId: p.user.id, day, limit: 30 })).toBe(true);
    }
    const claims = await Promise.all(
      Array.from({ length: 10 }, () =>
        k.transaction().execute(async (trx) => {
          const won = await claimPaidBattle(trx, { userId: p.user.id, day, limit: 30 });
          // Hold the transaction open a little, as a settlement does after its claim.
          await new Promise((r) => setTimeout(r, 20));
          return won;
        }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await paidBattlesOn(k, p.user.id, day)).toBe(30);
    // Another day, or another player, is not limited by it.
    expect(await claimPaidBattle(k, { userId: p.user.id, day: "2026-11-22", limit: 30 })).toBe(
      true,
    );
  });
});
