import { sql } from "kysely";
import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";
import type { Part } from "../run-together.ts";

export interface CardAmount {
  cardId: number;
  amount: number;
}

/** The upsert of `n` distinct cards, compiled once per row count (db/prepared.ts). */
const upsertCards: ReturnType<typeof upsertOf>[] = [];
function upsertOf(n: number) {
  return prepared((db) =>
    db
      .insertInto("library_cards")
      .values(Array.from({ length: n }, () => ({ user_id: 0, card_id: 0, amount: 0 })))
      .onConflict((oc) =>
        oc
          .columns(["user_id", "card_id"])
          .doUpdateSet({ amount: sql<number>`library_cards.amount + excluded.amount` }),
      ),
  );
}

/** Adds cards to a library (amounts add up), in one statement. */
export async function addToLibrary(
  db: Executor,
  userId: number,
  cards: CardAmount[],
): Promise<void> {
  const part = addToLibraryPart(userId, cards);
  if (part) await part.query(db, part.params);
}

/** `addToLibrary` as a statement to run with others (db/run-together.ts); undefined: no card. */
export function addToLibraryPart(userId: number, cards: readonly CardAmount[]): Part | undefined {
  // One row per card: an upsert may not touch the same row twice (PostgreSQL).
  const sums = new Map<number, number>();
  for (const c of cards) sums.set(c.cardId, (sums.get(c.cardId) ?? 0) + c.amount);
  if (sums.size === 0) return undefined;
  upsertCards[sums.size] ??= upsertOf(sums.size);
  const upsert = upsertCards[sums.size];
  if (!upsert) throw new Error("no upsert compiled");
  return {
    query: upsert,
    params: [...sums].flatMap(([cardId, amount]) => [userId, cardId, amount]),
  };
}

const libraryRows = prepared((db) =>
  db
    .selectFrom("library_cards")
    .select(["card_id", "amount"])
    .where("user_id", "=", 0)
    .where("amount", ">", 0)
    .orderBy("card_id"),
);

export async function libraryOf(db: Executor, userId: number): Promise<CardAmount[]> {
  const rows = await libraryRows(db, [userId, 0]);
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

const deckRows = prepared((db) =>
  db
    .selectFrom("deck_cards")
    .select(["deck_number", "card_id", "amount"])
    .where("user_id", "=", 0)
    .orderBy("deck_number")
    .orderBy("card_id"),
);

export async function decksOf(db: Executor, userId: number): Promise<Map<number, CardAmount[]>> {
  const rows = await deckRows(db, [userId]);
  const decks = new Map<number, CardAmount[]>();
  for (const r of rows) {
    const list = decks.get(r.deck_number) ?? [];
    list.push({ cardId: r.card_id, amount: r.amount });
    decks.set(r.deck_number, list);
  }
  return decks;
}

const mapRows = prepared((db) =>
  db.selectFrom("user_maps").select("cpu_id").where("user_id", "=", 0).orderBy("cpu_id"),
);

export async function mapsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await mapRows(db, [userId]);
  return rows.map((r) => r.cpu_id);
}

/** Cards looked up at once by `libraryAmounts` (the six of a box). */
const AMOUNTS_AT_ONCE = 6;
const amountRows = prepared((db) =>
  db
    .selectFrom("library_cards")
    .select(["card_id", "amount"])
    .where("user_id", "=", 0)
    .where(
      "card_id",
      "in",
      Array.from({ length: AMOUNTS_AT_ONCE }, () => 0),
    ),
);

/** How many of each card the player owns (0 for a card not in the library). */
export async function libraryAmounts(
  db: Executor,
  userId: number,
  cardIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(cardIds.map((id) => [id, 0]));
  const ids = [...out.keys()];
  for (let i = 0; i < ids.length; i += AMOUNTS_AT_ONCE) {
    const chunk = ids.slice(i, i + AMOUNTS_AT_ONCE);
    // Padded with the chunk's first id: the statement always takes six.
    const padded = Array.from({ length: AMOUNTS_AT_ONCE }, (_, j) => chunk[j] ?? chunk[0]);
    for (const r of await amountRows(db, [userId, ...padded])) out.set(r.card_id, r.amount);
  }
  return out;
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
