/**
 * Every mutating route of the collection, shop and progression, called 20
 * times at once by one player (Promise.all over app.inject: real concurrency
 * on PostgreSQL, whose pool runs the transactions side by side; SQLite runs
 * one writer at a time). After each race the invariants a player would
 * notice: no 5xx, every refusal a clean 4xx in the usual shape, deck copies
 * equal to the "yes" answers and within the owned amount and the copy cap,
 * the gem ledger summing to every balance, nothing recorded twice.
 *
 * Table-driven: a new mutating route is one more entry in RACES (payments
 * and battle starts belong here once their owners make them race-safe).
 */
import {
  COLLECTIBLE_CARDS,
  copyCap,
  dailyTasksFor,
  encodeDeck,
  SEASON_LEVEL_XP,
  utcDay,
} from "@cardrealm/content";
import { SEASON_PASS_PRICE } from "@cardrealm/protocol";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyGemChange } from "../src/db/repositories/ledger-repo.ts";
import { signFields } from "../src/partners/partner-signature.ts";
import { createProgression } from "../src/progression/progression.ts";
import { createSeasonEnd } from "../src/progression/season-end.ts";
import {
  announceDialects,
  DIALECTS,
  newGuest,
  TEST_PARTNER_SECRET,
  type TestApp,
  testApp,
} from "./harness.ts";

announceDialects();

const CALLS = 20;

interface Player {
  id: number;
  auth: Record<string, string>;
}

interface RaceCtx {
  t: TestApp;
  player: Player;
  /** What arrange() noted for check(). */
  notes: Record<string, number>;
}

interface Call {
  method: "POST" | "PUT";
  url: string;
  payload?: Record<string, unknown>;
}

interface RaceCase {
  name: string;
  /** Puts the player in the state the race starts from. */
  arrange?: (c: RaceCtx) => Promise<void>;
  /** The i-th of the concurrent calls (identical for most cases). */
  call: (i: number, c: RaceCtx) => Call;
  /** Refusals a race may legitimately cause: status and error code. */
  refusals: readonly (readonly [number, string])[];
  /** The case's own invariants, from the answers and the tables. */
  check: (c: RaceCtx, answers: LightMyRequestResponse[]) => Promise<void>;
}

/** A base card that is neither a resource spell (cap 10) nor in the starter deck slot 2 or 3. */
const CARD = COLLECTIBLE_CARDS.find((c) => c.set === "base" && copyCap(c.id) === 5);
if (!CARD) throw new Error("no base card with a copy cap of 5");
const CARD_ID = CARD.id;

const yes = (answers: LightMyRequestResponse[]) => answers.filter((a) => a.statusCode === 200);

async function setLibrary(c: RaceCtx, cardId: number, amount: number) {
  await c.t.db.kysely
    .insertInto("library_cards")
    .values({ user_id: c.player.id, card_id: cardId, amount })
    .onConflict((oc) => oc.columns(["user_id", "card_id"]).doUpdateSet({ amount }))
    .execute();
}

async function setDeckCopies(c: RaceCtx, slot: number, cardId: number, amount: number) {
  await c.t.db.kysely
    .insertInto("deck_cards")
    .values({ user_id: c.player.id, deck_number: slot, card_id: cardId, amount })
    .onConflict((oc) => oc.columns(["user_id", "deck_number", "card_id"]).doUpdateSet({ amount }))
    .execute();
}

async function deckCopies(c: RaceCtx, slot: number, cardId?: number): Promise<number> {
  let q = c.t.db.kysely
    .selectFrom("deck_cards")
    .select("amount")
    .where("user_id", "=", c.player.id)
    .where("deck_number", "=", slot);
  if (cardId !== undefined) q = q.where("card_id", "=", cardId);
  return (await q.execute()).reduce((s, r) => s + r.amount, 0);
}

/** Gems through the ledger (never a bare UPDATE), so the ledger keeps summing to the balance. */
async function grantGems(c: RaceCtx, delta: number) {
  await c.t.db.kysely.transaction().execute(async (trx) => {
    await applyGemChange(trx, {
      userId: c.player.id,
      delta,
      reason: "test_grant",
      idempotencyKey: `test-grant:${c.player.id}:${delta}`,
      now: new Date(c.t.clock.now).toISOString(),
    });
  });
}

async function silverOf(c: RaceCtx): Promise<number> {
  const r = await c.t.db.kysely
    .selectFrom("users")
    .select("silver")
    .where("id", "=", c.player.id)
    .executeTakeFirstOrThrow();
  return r.silver;
}

async function ledgerRows(c: RaceCtx, reason: string): Promise<number> {
  const rows = await c.t.db.kysely
    .selectFrom("gem_ledger")
    .select("id")
    .where("user_id", "=", c.player.id)
    .where("reason", "=", reason)
    .execute();
  return rows.length;
}

/** The signed notice of the payment race (built in its arrange). */
let raceNotice: Record<string, unknown> = {};

const RACES: RaceCase[] = [
  {
    name: "add-card of a card owned 4 times into an empty slot",
    arrange: (c) => setLibrary(c, CARD_ID, 4),
    call: () => ({
      method: "POST",
      url: "/api/editor/add-card",
      payload: { card_id: CARD_ID, deck_number: 2 },
    }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(4);
      expect(await deckCopies(c, 2, CARD_ID)).toBe(4);
    },
  },
  {
    name: "add-card of a card owned 9 times stops at the copy cap",
    arrange: (c) => setLibrary(c, CARD_ID, 9),
    call: () => ({
      method: "POST",
      url: "/api/editor/add-card",
      payload: { card_id: CARD_ID, deck_number: 2 },
    }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(5);
      expect(await deckCopies(c, 2, CARD_ID)).toBe(5);
    },
  },
  {
    name: "add-card into the active slot (no deck_number)",
    async arrange(c) {
      await setLibrary(c, CARD_ID, 3);
      await c.t.db.kysely
        .updateTable("users")
        .set({ active_deck: 3 })
        .where("id", "=", c.player.id)
        .execute();
    },
    call: () => ({ method: "POST", url: "/api/editor/add-card", payload: { card_id: CARD_ID } }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(3);
      expect(await deckCopies(c, 3, CARD_ID)).toBe(3);
    },
  },
  {
    name: "remove of a card with 3 copies in the deck",
    async arrange(c) {
      await setLibrary(c, CARD_ID, 5);
      await setDeckCopies(c, 2, CARD_ID, 3);
    },
    call: () => ({
      method: "POST",
      url: "/api/editor/remove",
      payload: { card_id: CARD_ID, deck_number: 2 },
    }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(3);
      expect(await deckCopies(c, 2, CARD_ID)).toBe(0);
    },
  },
  {
    name: "adds and removes of one card at once",
    async arrange(c) {
      await setLibrary(c, CARD_ID, 5);
      await setDeckCopies(c, 2, CARD_ID, 3);
    },
    call: (i) => ({
      method: "POST",
      url: i % 2 === 0 ? "/api/editor/add-card" : "/api/editor/remove",
      payload: { card_id: CARD_ID, deck_number: 2 },
    }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      const adds = answers.filter((a, i) => i % 2 === 0 && a.statusCode === 200).length;
      const removes = answers.filter((a, i) => i % 2 === 1 && a.statusCode === 200).length;
      expect(await deckCopies(c, 2, CARD_ID)).toBe(3 + adds - removes);
    },
  },
  {
    name: "complete my deck on an empty slot",
    call: () => ({ method: "POST", url: "/api/editor/complete", payload: { deck_number: 3 } }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers).length).toBeGreaterThan(0);
      expect(await deckCopies(c, 3)).toBe(40);
    },
  },
  {
    name: "complete my deck racing adds into the same slot",
    arrange: (c) => setLibrary(c, CARD_ID, 5),
    call: (i) =>
      i % 4 === 0
        ? { method: "POST", url: "/api/editor/complete", payload: { deck_number: 2 } }
        : {
            method: "POST",
            url: "/api/editor/add-card",
            payload: { card_id: CARD_ID, deck_number: 2 },
          },
    refusals: [[409, "conflict"]],
    async check(c) {
      // Whatever order they ran in, the slot holds at least 40 and the card stays within 5.
      expect(await deckCopies(c, 2)).toBeGreaterThanOrEqual(40);
      expect(await deckCopies(c, 2, CARD_ID)).toBeLessThanOrEqual(5);
    },
  },
  {
    name: "import of one deck code",
    arrange: (c) => setLibrary(c, CARD_ID, 4),
    call: () => ({
      method: "POST",
      url: "/api/editor/import",
      payload: { deck_number: 2, code: encodeDeck([{ id: CARD_ID, amount: 5 }]) },
    }),
    refusals: [[409, "conflict"]],
    async check(c, answers) {
      expect(yes(answers).length).toBeGreaterThan(0);
      for (const a of yes(answers)) {
        expect(a.json().data.missing).toEqual([
          expect.objectContaining({ id: CARD_ID, amount: 1 }),
        ]);
      }
      expect(await deckCopies(c, 2)).toBe(4);
    },
  },
  {
    name: "set-active",
    call: () => ({ method: "POST", url: "/api/editor/set-active", payload: { deck_number: 2 } }),
    refusals: [],
    async check(c, answers) {
      expect(yes(answers)).toHaveLength(CALLS);
      const u = await c.t.db.kysely
        .selectFrom("users")
        .select("active_deck")
        .where("id", "=", c.player.id)
        .executeTakeFirstOrThrow();
      expect(u.active_deck).toBe(2);
    },
  },
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

/** Invariants every race must keep, whatever the route. */
async function checkCommonInvariants(t: TestApp): Promise<void> {
  const k = t.db.kysely;
  // The gem ledger sums to every balance.
  const users = await k.selectFrom("users").select(["id", "silver"]).execute();
  const sums = await k
    .selectFrom("gem_ledger")
    .select(["user_id", (eb) => eb.fn.sum<number>("delta").as("total")])
    .groupBy("user_id")
    .execute();
  for (const u of users) {
    const total = Number(sums.find((s) => s.user_id === u.id)?.total ?? 0);
    expect(total, `ledger of player ${u.id}`).toBe(u.silver);
  }
  // No deck holds more copies than its player owns, nor more than the cap.
  const decks = await k
    .selectFrom("deck_cards")
    .leftJoin("library_cards", (j) =>
      j
        .onRef("library_cards.user_id", "=", "deck_cards.user_id")
        .onRef("library_cards.card_id", "=", "deck_cards.card_id"),
    )
    .select(["deck_cards.card_id", "deck_cards.amount", "library_cards.amount as owned"])
    .execute();
  for (const d of decks) {
    expect(d.amount, `card ${d.card_id}`).toBeLessThanOrEqual(d.owned ?? 0);
    expect(d.amount, `card ${d.card_id}`).toBeLessThanOrEqual(copyCap(d.card_id));
  }
  // Nothing paid twice: daily tasks and season rewards appear once in the ledger.
  const keys = await k.selectFrom("gem_ledger").select("idempotency_key").execute();
  expect(new Set(keys.map((r) => r.idempotency_key)).size).toBe(keys.length);
  const finished = await k
    .selectFrom("daily_tasks")
    .select("finished")
    .where("finished", "=", 1)
    .execute();
  const dailyPaid = await k
    .selectFrom("gem_ledger")
    .select("id")
    .where("reason", "=", "daily_task")
    .execute();
  expect(dailyPaid.length).toBe(finished.length);
}

describe.each(DIALECTS)("20 concurrent identical calls on %s", (dialect) => {
  let t: TestApp;
  let player: Player;
  beforeEach(async () => {
    t = await testApp(dialect);
    const g = await newGuest(t.app);
    player = { id: g.user.id, auth: g.auth };
  });
  afterEach(async () => {
    await t.app.close();
  });

  it.each(RACES)("$name", async (race) => {
    const c: RaceCtx = { t, player, notes: {} };
    await race.arrange?.(c);
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => {
        const call = race.call(i, c);
        return t.app.inject({
          method: call.method,
          url: call.url,
          headers: player.auth,
          ...(call.payload ? { payload: call.payload } : {}),
        });
      }),
    );
    for (const a of answers) {
      if (a.statusCode === 200) continue;
      const body = a.json() as { error?: { code?: string; message?: string } };
      expect(
        race.refusals.some(([s, code]) => s === a.statusCode && code === body.error?.code),
        `unexpected ${a.statusCode} ${a.body}`,
      ).toBe(true);
      expect(body.error?.message?.length ?? 0).toBeGreaterThan(3);
    }
    await race.check(c, answers);
    await checkCommonInvariants(t);
  });

  it("the season-end job run 20 times at once, past the season's end, closes it once and pays each rank reward once", async () => {
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
