import type { User } from "@cardrealm/protocol";

/**
 * A player's cards as the screens count them: the library (every card
 * owned) and a deck slot come as {cards: {id: {id, amount}}}; the deck
 * editor and the gallery read them as card id to amount.
 */

export type CardCounts = ReadonlyMap<number, number>;
type Collection = User["library"];

/** Card id to amount of a library or deck ({cards: {id: {id, amount}}}). */
export function countsOf(collection: Collection | undefined | null): Map<number, number> {
  const out = new Map<number, number>();
  if (!collection) return out;
  for (const entry of Object.values(collection.cards)) {
    if (entry.amount > 0) out.set(entry.id, (out.get(entry.id) ?? 0) + entry.amount);
  }
  return out;
}
