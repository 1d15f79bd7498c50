/**
 * Concurrency of the shop and progression: box opens, the season pass,
 * reward popups, the platform's payment notice, the tutorial step, and the
 * season-end job, each 20 times at once (see concurrency.test.ts for how the
 * races run and what they check).
 */
import {
  COLLECTIBLE_CARDS,
  copyCap,
  dailyTasksFor,
  SEASON_LEVEL_XP,
  utcDay,
} from "@cardrealm/content";
import { SEASON_PASS_PRICE } from "@cardrealm/protocol";
import { expect, it } from "vitest";
import { signFields } from "../src/partners/partner-signature.ts";
import { createProgression } from "../src/progression/progression.ts";
import { createSeasonEnd } from "../src/progression/season-end.ts";
import {
  CALLS,
  checkCommonInvariants,
  describeRaces,
  grantGems,
  ledgerRows,
  type RaceCase,
  setLibrary,
  silverOf,
  yes,
} from "./concurrency-support.ts";
import { announceDialects, newGuest, TEST_PARTNER_SECRET } from "./harness.ts";

announceDialects();

/** The signed notice of the payment race (built in its arrange). */
let raceNotice: Record<string, unknown> = {};

const RACES: RaceCase[] = [
  {
    name: "box open retried with one request id",
    call: () => ({
      method: "POST",
      url: "/api/boxes/open",
      payload: { id: 4, request_id: "one-click-0001" },
    }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers).length).toBeGreaterThan(0);
      const rares = new Set(yes(answers).map((a) => JSON.stringify(a.json().data.rare)));
      expect(rares.size).toBe(1);
      expect(await ledgerRows(c, "box_open:4")).toBe(1);
    },
  },
  {
    name: "box opens with distinct request ids, gems for 3",
    async arrange(c) {
      await grantGems(c, 500);
      c.notes.library = (
        await c.t.db.kysely
          .selectFrom("library_cards")
          .select("amount")
          .where("user_id", "=", c.player.id)
          .execute()
      ).reduce((s, r) => s + r.amount, 0);
    },
    call: (i) => ({
      method: "POST",
      url: "/api/boxes/open",
      payload: { id: 4, request_id: `many-clicks-${i}` },
    }),
    refusals: [[402, "not_enough_gems"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(3);
      expect(await ledgerRows(c, "box_open:4")).toBe(3);
      const slots = ["rare", "un_1", "un_2", "com_1", "com_2", "com_3"] as const;
      const added = yes(answers)
        .flatMap((a) => slots.map((s) => a.json().data[s] as { cashback: number | false }))
        .filter((e) => e.cashback === false).length;
      const library = await c.t.db.kysely
        .selectFrom("library_cards")
        .select(["card_id", "amount"])
        .where("user_id", "=", c.player.id)
        .execute();
      expect(library.reduce((s, r) => s + r.amount, 0)).toBe((c.notes.library ?? 0) + added);
      const opens = await c.t.db.kysely
        .selectFrom("box_openings")
        .select("id")
        .where("user_id", "=", c.player.id)
        .execute();
      expect(opens).toHaveLength(3);
    },
  },
  {
    name: "box opens of cards at their cap pay cashback, never a copy above the cap",
    async arrange(c) {
      await grantGems(c, 9000);
      // Every base card one short of its cap (never fewer than the player already owns).
      const owned = await c.t.db.kysely
        .selectFrom("library_cards")
        .select(["card_id", "amount"])
        .where("user_id", "=", c.player.id)
        .execute();
      for (const card of COLLECTIBLE_CARDS.filter((x) => x.set === "base")) {
        const have = owned.find((o) => o.card_id === card.id)?.amount ?? 0;
        await setLibrary(c, card.id, Math.max(have, copyCap(card.id) - 1));
      }
    },
    call: (i) => ({
      method: "POST",
      url: "/api/boxes/open",
      payload: { id: 4, request_id: `cap-race-${i}` },
    }),
    refusals: [[402, "not_enough_gems"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(CALLS);
      const over = await c.t.db.kysely
        .selectFrom("library_cards")
        .select(["card_id", "amount"])
        .where("user_id", "=", c.player.id)
        .execute();
      for (const r of over)
        expect(r.amount, `card ${r.card_id}`).toBeLessThanOrEqual(copyCap(r.card_id));
    },
  },
  {
    name: "box opens that finish the day's open-a-box task pay it once",
    async arrange(c) {
      // Move the clock to a day whose tasks for this player include opening a box.
      for (let d = 0; d < 60; d++) {
        const day = utcDay(c.t.clock.now);
        const task = dailyTasksFor(c.player.id, day).find((x) => x.kind === "open_boxes");
        if (task) {
          c.notes.task = task.id;
          c.notes.gems = task.gems;
          break;
        }
        c.t.clock.now += 86_400_000;
      }
      expect(c.notes.task, "a day with an open-a-box task").toBeDefined();
      await grantGems(c, 9000);
    },
    call: (i) => ({
      method: "POST",
      url: "/api/boxes/open",
      payload: { id: 4, request_id: `daily-race-${i}` },
    }),
    refusals: [[402, "not_enough_gems"]],
    async check(c, answers) {
      expect(yes(answers).length).toBeGreaterThan(0);
      const paid = await c.t.db.kysely
        .selectFrom("gem_ledger")
        .select("delta")
        .where("user_id", "=", c.player.id)
        .where("reason", "=", "daily_task")
        .where("idempotency_key", "like", `daily:%:${c.notes.task}`)
        .execute();
      expect(paid.map((p) => p.delta)).toEqual([c.notes.gems]);
    },
  },
  {
    name: "season pass bought by a player who can afford it, with paid rewards due",
    async arrange(c) {
      await grantGems(c, SEASON_PASS_PRICE);
      // Season level 3 reached: buying the pass pays the paid track's levels 1-3.
      await c.t.db.kysely
        .updateTable("users")
        .set({ season_xp: 3 * SEASON_LEVEL_XP })
        .where("id", "=", c.player.id)
        .execute();
    },
    call: () => ({ method: "POST", url: "/api/boxes/season-pass" }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(1);
      expect(await ledgerRows(c, "season_pass")).toBe(1);
      const paid = await c.t.db.kysely
        .selectFrom("season_rewards")
        .select("level")
        .where("user_id", "=", c.player.id)
        .where("track", "=", "paid")
        .orderBy("level")
        .execute();
      expect(paid.map((p) => p.level)).toEqual([1, 2, 3]);
      // 1000 start + the paid track's gem rewards of levels 1-3, nothing twice.
      const rewards = await c.t.db.kysely
        .selectFrom("gem_ledger")
        .select("delta")
        .where("user_id", "=", c.player.id)
        .where("reason", "=", "season_reward")
        .execute();
      expect(await silverOf(c)).toBe(1000 + rewards.reduce((s, r) => s + r.delta, 0));
    },
  },
  {
    name: "season pass by a player who cannot afford it",
    call: () => ({ method: "POST", url: "/api/boxes/season-pass" }),
    refusals: [[402, "not_enough_gems"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(0);
      expect(await ledgerRows(c, "season_pass")).toBe(0);
    },
  },
  {
    name: "reward popups marked seen",
    async arrange(c) {
      await c.t.db.kysely
        .updateTable("users")
        .set({ season_xp: 1000 })
        .where("id", "=", c.player.id)
        .execute();
    },
    call: () => ({ method: "POST", url: "/api/arena/rewards/seen", payload: { free_level: 1 } }),
    refusals: [],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(CALLS);
      const rows = await c.t.db.kysely
        .selectFrom("season_seen")
        .selectAll()
        .where("user_id", "=", c.player.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.free_level).toBe(1);
    },
  },
  {
    name: "the platform's payment notice, the same one 20 times at once",
    async arrange(c) {
      // A platform player with an order; the platform notifies its payment.
      const buyer = `race-${c.player.id}`;
      await c.t.db.kysely
        .updateTable("users")
        .set({ partner_id: `local:${buyer}` })
        .where("id", "=", c.player.id)
        .execute();
      const created = await c.t.app.inject({
        method: "POST",
        url: "/api/local/payment/create",
        headers: c.player.auth,
        payload: { id: 2 },
      });
      const order = created.json().data as { order_id: string; price: number };
      const fields = {
        order_id: order.order_id,
        payment_id: `race-pay-${c.player.id}`,
        user_id: buyer,
        amount: order.price,
        status: "paid",
        ts: Math.floor(c.t.clock.now / 1000),
      };
      raceNotice = { ...fields, sign: signFields(TEST_PARTNER_SECRET, fields) };
      c.notes.before = await silverOf(c);
    },
    call: () => ({ method: "POST", url: "/api/local/payment/callback", payload: raceNotice }),
    refusals: [],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(CALLS);
      expect(answers.filter((a) => a.json().data.credited === true)).toHaveLength(1);
      expect(await ledgerRows(c, "payment")).toBe(1);
      expect(await silverOf(c)).toBe((c.notes.before ?? 0) + 3600);
    },
  },
  {
    name: "tutorial step saved",
    call: () => ({
      method: "PUT",
      url: "/api/player/tutorial",
      payload: { step: "Welcome10", isActive: true },
    }),
    refusals: [],
    async check(c, answers) {
      // Saving the same step again is a no-op, not a conflict, even at the same moment.
      expect(yes(answers)).toHaveLength(CALLS);
      const u = await c.t.db.kysely
        .selectFrom("users")
        .select(["tutorial_step", "tutorial_active"])
        .where("id", "=", c.player.id)
        .executeTakeFirstOrThrow();
      expect(u).toEqual({ tutorial_step: "Welcome10", tutorial_active: 1 });
    },
  },
];

describeRaces(RACES, (current) => {
  it("the season-end job run 20 times at once, past the season's end, closes it once and pays each rank reward once", async () => {
    const { t, player } = current();
    const k = t.db.kysely;
    const players = [player.id];
    for (let i = 0; i < 4; i++) players.push((await newGuest(t.app)).user.id);
    for (const [i, id] of players.entries()) {
      await k
        .updateTable("users")
        .set({ rank_score: 650 * i + 10, season_xp: 100 })
        .where("id", "=", id)
        .execute();
    }
    const clock = () => t.clock.now;
    const progression = createProgression({ db: t.db, clock });
    const job = createSeasonEnd({ db: t.db, clock, progression });
    // The open season (November 2026) ended at 00:00 UTC on December 1st.
    t.clock.now = Date.UTC(2026, 11, 1, 0, 0, 1);
    const runs = await Promise.all(Array.from({ length: CALLS }, () => job.run()));
    expect(runs.filter((r) => r.closed !== null)).toHaveLength(1);
    const open = await k.selectFrom("seasons").select("id").where("status", "=", "open").execute();
    expect(open).toHaveLength(1);
    const rewards = await k
      .selectFrom("gem_ledger")
      .select("user_id")
      .where("reason", "=", "season_rank_reward")
      .execute();
    expect(rewards.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(
      [...players].sort((a, b) => a - b),
    );
    const scores = await k.selectFrom("users").select("rank_score").execute();
    expect(scores.every((u) => u.rank_score === 0)).toBe(true);
    await checkCommonInvariants(t);
  });
});
