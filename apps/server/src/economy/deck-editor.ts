import { CATALOGUE, copyCap, decodeDeck } from "@cardrealm/content";
import type { User } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { type Executor, nowIso } from "../db/executor.ts";
import {
  deckAmount,
  decksOf,
  libraryAmount,
  libraryOf,
  replaceDeck,
  setActiveDeck,
  setDeckAmount,
} from "../db/repositories/collection-repo.ts";
import { lockPlayer } from "../db/repositories/player-lock.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { type Outcome, outcomeOf, Refused } from "../services/outcome.ts";
import { userView } from "../services/user-view.ts";
import { completeDeck } from "./deck-complete.ts";

export interface ImportResult {
  user: User;
  /** Cards of the code the player lacks, named: never dropped silently. */
  missing: { id: number; name: string; amount: number }[];
}

const signInAgain = () => new Refused("unknown_player", "Please sign in again.");

/**
 * The deck editor's rules (product.md section 5): at most 5 copies (10 for
 * 1042-1044), never more copies than the library holds, three slots. Each
 * call answers the player's user object or a refusal (services/outcome.ts).
 */
export function createDeckEditor(deps: { db: Db; clock: () => number }) {
  const k = deps.db.kysely;

  async function view(userId: number): Promise<User> {
    const u = await userView(k, userId, deps.clock());
    if (!u) throw signInAgain();
    return u;
  }

  /**
   * Runs one editor change in a transaction that first takes the player's
   * lock (db/repositories/player-lock.ts): the change reads the library and
   * the deck, decides, then writes, so two changes of the same player must
   * not interleave (on PostgreSQL they would: 20 concurrent adds of a card
   * owned 4 times put 3 copies in the deck while 19 answered yes).
   */
  function change<T>(userId: number, work: (trx: Executor) => Promise<T>): Promise<T> {
    return k.transaction().execute(async (trx) => {
      if (!(await lockPlayer(trx, userId, nowIso(deps.clock)))) throw signInAgain();
      return work(trx);
    });
  }

  /** The slot asked for, or the active one (read under the lock: set-active may have moved it). */
  async function slotOf(trx: Executor, userId: number, deckNumber?: number): Promise<number> {
    if (deckNumber) return deckNumber;
    const u = await findUserById(trx, userId);
    if (!u) throw signInAgain();
    return u.active_deck;
  }

  return {
    setActive(userId: number, deckNumber: number): Promise<Outcome<User>> {
      return outcomeOf(async () => {
        // One statement, the same for every racing call: nothing to lock.
        await setActiveDeck(k, userId, deckNumber, nowIso(deps.clock));
        return view(userId);
      });
    },

    add(userId: number, cardId: number, deckNumber?: number): Promise<Outcome<User>> {
      return outcomeOf(async () => {
        const card = CATALOGUE.get(cardId);
        if (!card || card.token) throw new Refused("not_found", `No card ${cardId}.`);
        await change(userId, async (trx) => {
          const slot = await slotOf(trx, userId, deckNumber);
          const owned = await libraryAmount(trx, userId, cardId);
          const inDeck = await deckAmount(trx, userId, slot, cardId);
          if (owned <= inDeck)
            throw new Refused(
              "conflict",
              `Every copy of ${card.name} you own is already in this deck.`,
            );
          if (inDeck >= copyCap(cardId))
            throw new Refused(
              "conflict",
              `A deck holds at most ${copyCap(cardId)} copies of ${card.name}.`,
            );
          await setDeckAmount(trx, userId, slot, cardId, inDeck + 1);
        });
        return view(userId);
      });
    },

    remove(userId: number, cardId: number, deckNumber?: number): Promise<Outcome<User>> {
      return outcomeOf(async () => {
        await change(userId, async (trx) => {
          const slot = await slotOf(trx, userId, deckNumber);
          const inDeck = await deckAmount(trx, userId, slot, cardId);
          if (inDeck <= 0) throw new Refused("conflict", "That card is not in this deck.");
          await setDeckAmount(trx, userId, slot, cardId, inDeck - 1);
        });
        return view(userId);
      });
    },

    /** "Complete my deck": fills the slot to 40 from the library, balancing the resources. */
    complete(userId: number, deckNumber?: number): Promise<Outcome<User>> {
      return outcomeOf(async () => {
        await change(userId, async (trx) => {
          const slot = await slotOf(trx, userId, deckNumber);
          const library = await libraryOf(trx, userId);
          const deck = (await decksOf(trx, userId)).get(slot) ?? [];
          const filled = completeDeck(
            deck.map((c) => ({ id: c.cardId, amount: c.amount })),
            library.map((c) => ({ id: c.cardId, amount: c.amount })),
          );
          await replaceDeck(
            trx,
            userId,
            slot,
            filled.map((c) => ({ cardId: c.id, amount: c.amount })),
          );
        });
        return view(userId);
      });
    },

    /** Imports a deck code into a slot; cards the player lacks are named, never dropped silently. */
    importCode(userId: number, deckNumber: number, code: string): Promise<Outcome<ImportResult>> {
      return outcomeOf(async () => {
        const entries = decodeDeck(code);
        if (!entries) throw new Refused("invalid", "That is not a Cardrealm deck code.");
        const missing: ImportResult["missing"] = [];
        await change(userId, async (trx) => {
          const library = new Map((await libraryOf(trx, userId)).map((c) => [c.cardId, c.amount]));
          const kept: { cardId: number; amount: number }[] = [];
          for (const e of entries) {
            const card = CATALOGUE.get(e.id);
            if (!card || card.token)
              throw new Refused("invalid", `The code names an unknown card (${e.id}).`);
            const want = Math.min(e.amount, copyCap(e.id));
            const have = Math.min(want, library.get(e.id) ?? 0);
            if (have > 0) kept.push({ cardId: e.id, amount: have });
            if (have < want) missing.push({ id: e.id, name: card.name, amount: want - have });
          }
          await replaceDeck(trx, userId, deckNumber, kept);
        });
        return { user: await view(userId), missing };
      });
    },
  };
}
