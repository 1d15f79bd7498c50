/**
 * What the concurrency tests (concurrency.test.ts: the collection's deck
 * editing; concurrency-shop.test.ts: boxes, the season pass, rewards, the
 * payment notice, progression) share: a race's shape, the player's state
 * helpers, the invariants every race keeps, and the runner that calls a route
 * 20 times at once.
 */
import { COLLECTIBLE_CARDS, copyCap } from "@cardrealm/content";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyGemChange } from "../src/db/repositories/ledger-repo.ts";
import { DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

export const CALLS = 20;

export interface Player {
  id: number;
  auth: Record<string, string>;
}

export interface RaceCtx {
  t: TestApp;
  player: Player;
  /** What arrange() noted for check(). */
  notes: Record<string, number>;
}

export interface Call {
  method: "POST" | "PUT";
  url: string;
  payload?: Record<string, unknown>;
}

export interface RaceCase {
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
export const CARD_ID = CARD.id;

export const yes = (answers: LightMyRequestResponse[]) =>
  answers.filter((a) => a.statusCode === 200);

export async function setLibrary(c: RaceCtx, cardId: number, amount: number) {
  await c.t.db.kysely
    .insertInto("library_cards")
    .values({ user_id: c.player.id, card_id: cardId, amount })
    .onConflict((oc) => oc.columns(["user_id", "card_id"]).doUpdateSet({ amount }))
    .execute();
}

export async function setDeckCopies(c: RaceCtx, slot: number, cardId: number, amount: number) {
  await c.t.db.kysely
    .insertInto("deck_cards")
    .values({ user_id: c.player.id, deck_number: slot, card_id: cardId, amount })
    .onConflict((oc) => oc.columns(["user_id", "deck_number", "card_id"]).doUpdateSet({ amount }))
    .execute();
}

export async function deckCopies(c: RaceCtx, slot: number, cardId?: number): Promise<number> {
  let q = c.t.db.kysely
    .selectFrom("deck_cards")
    .select("amount")
    .where("user_id", "=", c.player.id)
    .where("deck_number", "=", slot);
  if (cardId !== undefined) q = q.where("card_id", "=", cardId);
  return (await q.execute()).reduce((s, r) => s + r.amount, 0);
}

/** Gems through the ledger (never a bare UPDATE), so the ledger keeps summing to the balance. */
export async function grantGems(c: RaceCtx, delta: number) {
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

export async function silverOf(c: RaceCtx): Promise<number> {
  const r = await c.t.db.kysely
    .selectFrom("users")
    .select("silver")
    .where("id", "=", c.player.id)
    .executeTakeFirstOrThrow();
  return r.silver;
}

export async function ledgerRows(c: RaceCtx, reason: string): Promise<number> {
  const rows = await c.t.db.kysely
    .selectFrom("gem_ledger")
    .select("id")
    .where("user_id", "=", c.player.id)
    .where("reason", "=", reason)
    .execute();
  return rows.length;
}

/** Invariants every race must keep, whatever the route. */
export async function checkCommonInvariants(t: TestApp): Promise<void> {
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

/**
 * Registers, per dialect, one test per race: a fresh app and player, the
 * race's arrange, 20 identical calls at once, every refusal one the race
 * allows, then its checks and the common invariants. `more` adds tests on the
 * same fresh app and player.
 */
export function describeRaces(
  races: readonly RaceCase[],
  more?: (current: () => { t: TestApp; player: Player }) => void,
): void {
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

    it.each(races)("$name", async (race) => {
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
    more?.(() => ({ t, player }));
  });
}
