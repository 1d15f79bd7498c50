import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type UserJson = {
  id: number;
  silver: number;
  premium: boolean;
  library: { cards: Record<string, { amount: number }>; total_amount: number };
  deck: {
    cards: Record<string, { amount: number }>;
    total_amount: number;
    sequence_number: number;
  };
  decks: { total_amount: number; sequence_number: number }[];
};

describe.each(DIALECTS)("economy on %s", (dialect) => {
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
  const post = (url: string, payload?: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      headers: auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const me = async () =>
    (await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth })).json()
      .data as UserJson;
  const setSilver = (silver: number) =>
    t.db.kysely.updateTable("users").set({ silver }).where("id", "=", userId).execute();

  describe("deck editor", () => {
    it("switches the active slot, adds within the caps and removes", async () => {
      const r = await post("/api/editor/set-active", { deck_number: 2 });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.deck.sequence_number).toBe(2);
      expect(r.json().data.deck.total_amount).toBe(0);
      const start = await me();
      const [id, { amount }] = Object.entries(start.library.cards).find(
        ([, c]) => c.amount >= 1,
      ) as [string, { amount: number }];
      for (let i = 0; i < Math.min(amount, 5); i++) {
        expect((await post("/api/editor/add-card", { card_id: Number(id) })).statusCode).toBe(200);
      }
      const over = await post("/api/editor/add-card", { card_id: Number(id) });
      expect(over.statusCode).toBe(409);
      expect(over.json().error.message.length).toBeGreaterThan(5);
      const removed = await post("/api/editor/remove", { card_id: Number(id) });
      expect(removed.json().data.deck.cards[id]?.amount ?? 0).toBe(Math.min(amount, 5) - 1);
      expect((await me()).decks[0]?.total_amount).toBe(40);
    });

    it("refuses cards the player does not own and unknown cards", async () => {
      const { COLLECTIBLE_CARDS } = await import("@cardrealm/content");
      const vampire = COLLECTIBLE_CARDS.find((c) => c.set === "vampire")?.id ?? 0;
      const notOwned = await post("/api/editor/add-card", { card_id: vampire });
      expect([404, 409]).toContain(notOwned.statusCode);
      expect((await post("/api/editor/add-card", { card_id: 99999 })).statusCode).toBe(404);
    });

    it("'complete my deck' fills an empty slot to 40 within the caps from the library", async () => {
      await post("/api/editor/set-active", { deck_number: 3 });
      const r = await post("/api/editor/complete", {});
      const u = r.json().data as UserJson;
      expect(u.deck.total_amount).toBe(40);
      for (const [id, c] of Object.entries(u.deck.cards)) {
        expect(c.amount).toBeLessThanOrEqual(u.library.cards[id]?.amount ?? 0);
        expect(c.amount).toBeLessThanOrEqual([1042, 1043, 1044].includes(Number(id)) ? 10 : 5);
      }
    });

    it("imports a deck code and names the cards the player lacks", async () => {
      const { encodeDeck, COLLECTIBLE_CARDS } = await import("@cardrealm/content");
      const vampire = COLLECTIBLE_CARDS.find((c) => c.set === "vampire")?.id ?? 0;
      const code = encodeDeck([
        { id: 1042, amount: 3 },
        { id: vampire, amount: 2 },
      ]);
      const r = await post("/api/editor/import", { deck_number: 2, code });
      expect(r.statusCode).toBe(200);
      const data = r.json().data as UserJson & {
        missing: { id: number; amount: number; name: string }[];
      };
      expect(data.missing.find((m) => m.id === vampire)?.amount).toBe(2);
      expect(data.missing.find((m) => m.id === vampire)?.name.length).toBeGreaterThan(1);
      expect(data.deck.total_amount).toBeGreaterThan(0);
      expect(
        (await post("/api/editor/import", { deck_number: 2, code: "notacode" })).statusCode,
      ).toBe(400);
    });
  });

  describe("boxes", () => {
    it("opening the Default box charges 500 and adds six cards (or their cashback)", async () => {
      const before = await me();
      const r = await post("/api/boxes/open", { id: 4, request_id: "req-open-0001" });
      expect(r.statusCode).toBe(200);
      const box = r.json().data;
      const slots = ["rare", "un_1", "un_2", "com_1", "com_2", "com_3"];
      for (const s of slots) expect(typeof box[s].card).toBe("number");
      const cashback = slots.reduce((sum, s) => sum + (box[s].cashback || 0), 0);
      const added = slots.filter((s) => box[s].cashback === false).length;
      expect(box.user.silver).toBe(before.silver - 500 + cashback);
      expect(box.user.library.total_amount).toBe(before.library.total_amount + added);
    });

    it("a retried request opens and charges once", async () => {
      const [a, b] = await Promise.all([
        post("/api/boxes/open", { id: 4, request_id: "same-click-123" }),
        post("/api/boxes/open", { id: 4, request_id: "same-click-123" }),
      ]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json().data.rare).toEqual(b.json().data.rare);
      const charges = (await ledgerFor(t.db.kysely, userId)).filter(
        (l) => l.reason === "box_open:4",
      );
      expect(charges).toHaveLength(1);
    });

    it("20 concurrent opens for a player who can afford 3: exactly 3 succeed, the ledger sums to the balance", async () => {
      await t.db.kysely.transaction().execute(async (trx) => {
        const { applyGemChange } = await import("../src/db/repositories/ledger-repo.ts");
        await applyGemChange(trx, {
          userId,
          delta: 500,
          reason: "test_top_up",
          idempotencyKey: "top-up-1",
          now: new Date().toISOString(),
        });
      });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post("/api/boxes/open", { id: 4, request_id: `parallel-${i}-abcdef` }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(402);
        expect(r.json().error.message).toBe("Not enough gems!");
      }
      const opens = await t.db.kysely
        .selectFrom("box_openings")
        .selectAll()
        .where("user_id", "=", userId)
        .execute();
      expect(opens).toHaveLength(3);
      const balance = (await me()).silver;
      expect(balance).toBeGreaterThanOrEqual(0);
      const ledger = await ledgerFor(t.db.kysely, userId);
      expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(balance);
      expect(ledger.filter((l) => l.reason === "box_open:4")).toHaveLength(3);
    });

    it("a full copy cap turns a drawn card into cashback gems", async () => {
      // Own 5 of every base card: every draw is a duplicate at its cap.
      const { COLLECTIBLE_CARDS } = await import("@cardrealm/content");
      for (const c of COLLECTIBLE_CARDS.filter((x) => x.set === "base")) {
        await t.db.kysely
          .insertInto("library_cards")
          .values({ user_id: userId, card_id: c.id, amount: 10 })
          .onConflict((oc) => oc.columns(["user_id", "card_id"]).doUpdateSet({ amount: 10 }))
          .execute();
      }
      const r = await post("/api/boxes/open", { id: 4 });
      const box = r.json().data;
      expect(box.rare.cashback).toBe(60);
      expect(box.un_1.cashback).toBe(25);
      expect(box.com_3.cashback).toBe(10);
      expect(box.user.silver).toBe(1000 - 500 + 60 + 50 + 30);
    });

    it("'Not enough gems!' when short, and nothing changes", async () => {
      await setSilver(100);
      const r = await post("/api/boxes/open", { id: 5 });
      expect(r.statusCode).toBe(402);
      expect(r.json().error.message).toBe("Not enough gems!");
      expect((await me()).silver).toBe(100);
    });

    it("the season pass costs 7500 once and makes the player premium", async () => {
      expect((await post("/api/boxes/season-pass")).json().error.message).toBe("Not enough gems!");
      await setSilver(20000);
      const [a, b] = await Promise.all([
        post("/api/boxes/season-pass"),
        post("/api/boxes/season-pass"),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const u = await me();
      expect(u.premium).toBe(true);
      expect(u.silver).toBe(12500);
    });
  });

  describe("gem shop payments", () => {
    it("lists three boxes with the second the best offer", async () => {
      const r = await t.app.inject({
        method: "GET",
        url: "/api/local/payment/boxes",
        headers: auth,
      });
      const boxes = r.json().data as { id: number; best_offer: boolean }[];
      expect(boxes).toHaveLength(3);
      expect(boxes.map((b) => b.best_offer)).toEqual([false, true, false]);
      expect(
        (await t.app.inject({ method: "GET", url: "/api/other/payment/boxes", headers: auth }))
          .statusCode,
      ).toBe(404);
    });

    it("bad economy bodies answer 400 with a message", async () => {
      for (const [url, body] of [
        ["/api/editor/set-active", { deck_number: 4 }],
        ["/api/editor/add-card", { card_id: "x" }],
        ["/api/boxes/open", { id: -1 }],
        ["/api/boxes/open", { id: 4, request_id: "bad id!" }],
        ["/api/local/payment/create", {}],
        ["/api/local/payment/implement", { payment_id: "" }],
        ["/api/boxes/season-pass", { free: true }],
      ] as const) {
        const r = await post(url, body);
        expect(r.statusCode, url).toBe(400);
        expect(r.json().error.message.length).toBeGreaterThan(3);
      }
      expect((await me()).silver).toBe(1000);
    });
  });
});
