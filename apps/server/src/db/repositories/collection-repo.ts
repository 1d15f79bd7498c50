import { sql } from "kysely";
import type { Executor } from "../executor.ts";

export interface CardAmount {
  cardId: number;
  amount: number;
}

/** Adds cards to a library (amounts add up). */
export async function addToLibrary(
  db: Executor,
  userId: number,
  cards: CardAmount[],
): Promise<void> {
  for (const c of cards) {
    await db
      .insertInto("library_cards")
      .values({ user_id: userId, card_id: c.cardId, amount: c.amount })
      .onConflict((oc) =>
        oc
          .columns(["user_id", "card_id"])
          .doUpdateSet({ amount: sql<number>`library_cards.amount + ${c.amount}` }),
      )
      .execute();
  }
}

export async function libraryOf(db: Executor, userId: number): Promise<CardAmount[]> {
  const rows = await db
    .selectFrom("library_cards")
    .select(["card_id", "amount"])
    .where("user_id", "=", userId)
    .where("amount", ">", 0)
    .orderBy("card_id")
    .execute();
  return rows.map((r) => ({ cardId: r.card_id, amount: r.amount }));
}

/** Replaces one deck slot's content. */
export async function replaceDeck(
  db: Executor,
  userId: number,
  deckNumber: number,
  cards: CardAmount[],
): Promise<void> {
  await db
    .deleteFrom("deck_cards")
    .where("user_id", "=", userId)
    .where("deck_number", "=", deckNumber)
    .execute();
  if (cards.length === 0) return;
  await db
    .insertInto("deck_cards")
    .values(
      cards.map((c) => ({
        user_id: userId,
        deck_number: deckNumber,
        card_id: c.cardId,
        amount: c.amount,
      })),
    )
    .execute();
}

export async function decksOf(db: Executor, userId: number): Promise<Map<number, CardAmount[]>> {
  const rows = await db
    .selectFrom("deck_cards")
    .select(["deck_number", "card_id", "amount"])
    .where("user_id", "=", userId)
    .orderBy("deck_number")
    .orderBy("card_id")
    .execute();
  const decks = new Map<number, CardAmount[]>();
  for (const r of rows) {
    const list = decks.get(r.deck_number) ?? [];
    list.push({ cardId: r.card_id, amount: r.amount });
    decks.set(r.deck_number, list);
  }
  return decks;
}

export async function mapsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_maps")
    .select("cpu_id")
    .where("user_id", "=", userId)
    .orderBy("cpu_id")
    .execute();
  return rows.map((r) => r.cpu_id);
}

export async function libraryAmount(db: Executor, userId: number, cardId: number): Promise<number> {
  const r = await db
    .selectFrom("library_cards")
    .select("amount")
    .where("user_id", "=", userId)
    .where("card_id", "=", cardId)
    .executeTakeFirst();
  return r?.amount ?? 0;
}

export async function deckAmount(
  db: Executor,
  userId: number,
  deckNumber: number,
  cardId: number,
): Promise<number> {
  const r = await db
    .selectFrom("deck_cards")
    .select("amount")
    .where("user_id", "=", userId)
    .where("deck_number", "=", deckNumber)
    .where("card_id", "=", cardId)
    .executeTakeFirst();
  return r?.amount ?? 0;
}

/** Sets one card's amount in a deck slot (0 removes it). */
export async function setDeckAmount(
  db: Executor,
  userId: number,
  deckNumber: number,
  cardId: number,
  amount: number,
): Promise<void> {
  if (amount <= 0) {
    await db
      .deleteFrom("deck_cards")
      .where("user_id", "=", userId)
      .where("deck_number", "=", deckNumber)
      .where("card_id", "=", cardId)
      .execute();
    return;
  }
  await db
    .insertInto("deck_cards")
    .values({ user_id: userId, deck_number: deckNumber, card_id: cardId, amount })
    .onConflict((oc) => oc.columns(["user_id", "deck_number", "card_id"]).doUpdateSet({ amount }))
    .execute();
}

export async function setActiveDeck(
  db: Executor,
  userId: number,
  deckNumber: number,
  now: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ active_deck: deckNumber, updated_at: now })
    .where("id", "=", userId)
    .execute();
}
