/**
 * Concurrency of the collection: every deck-editing route, called 20 times at
 * once by one player (Promise.all over app.inject: real concurrency on
 * PostgreSQL, whose pool runs the transactions side by side; SQLite runs one
 * writer at a time). After each race the invariants a player would notice:
 * no 5xx, every refusal a clean 4xx in the usual shape, deck copies equal to
 * the "yes" answers and within the owned amount and the copy cap, the gem
 * ledger summing to every balance, nothing recorded twice.
 *
 * Table-driven: a new mutating route is one more entry in a RACES table, here
 * or in concurrency-shop.test.ts (boxes, season pass, rewards, payments,
 * progression); the runner is in concurrency-support.ts.
 */
import { encodeDeck } from "@cardrealm/content";
import { expect } from "vitest";
import {
  CALLS,
  CARD_ID,
  deckCopies,
  describeRaces,
  type RaceCase,
  setDeckCopies,
  setLibrary,
  yes,
} from "./concurrency-support.ts";
import { announceDialects } from "./harness.ts";

announceDialects();

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
];

describeRaces(RACES);
