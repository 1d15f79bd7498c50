import { CARD_SETS, type CardSet, FACTIONS } from "@cardrealm/engine";
import type { ApiCard } from "@cardrealm/protocol";

export type { CardSet };

/** Each set's tab name: a record over the engine's sets, so a new set does not compile without one. */
const SET_NAMES: Record<CardSet, string> = {
  base: "Base set",
  vampire: "Vampire",
};

/** The album's sets, in the engine's order. */
export const SETS: readonly { id: CardSet; name: string }[] = CARD_SETS.map((id) => ({
  id,
  name: SET_NAMES[id],
}));

/** Album order of the factions: the engine's FACTIONS (the story's order, neutral last). */
export function factionRank(faction: string): number {
  const i = (FACTIONS as readonly string[]).indexOf(faction);
  return i < 0 ? FACTIONS.length : i;
}

/** The cards of a set in album order: by faction, then by id. */
export function setCards(cards: readonly ApiCard[], set: CardSet): ApiCard[] {
  return cards
    .filter((c) => c.set === set)
    .sort((a, b) => factionRank(a.faction) - factionRank(b.faction) || a.id - b.id);
}

/** Factions present in a list, in album order. */
export function factionsOf(cards: readonly ApiCard[]): string[] {
  return [...new Set(cards.map((c) => c.faction))].sort((a, b) => factionRank(a) - factionRank(b));
}

/** Distinct cards owned of a list, and the list's size ("34 / 110"). */
export function progressOf(
  cards: readonly ApiCard[],
  owned: ReadonlyMap<number, number>,
): { owned: number; total: number } {
  let n = 0;
  for (const c of cards) if ((owned.get(c.id) ?? 0) > 0) n++;
  return { owned: n, total: cards.length };
}
