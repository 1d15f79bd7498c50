import type { ApiCard } from "@cardrealm/protocol";

export type CardSet = ApiCard["set"];

export const SETS: readonly { id: CardSet; name: string }[] = [
  { id: "base", name: "Base set" },
  { id: "vampire", name: "Vampire" },
];

/** Album order of the factions (the story's order, neutral last). */
export const FACTION_ORDER = [
  "elf",
  "undead",
  "thief",
  "heretic",
  "tower",
  "demon",
  "troll",
  "vampire",
  "neutral",
] as const;

export function factionRank(faction: string): number {
  const i = (FACTION_ORDER as readonly string[]).indexOf(faction);
  return i < 0 ? FACTION_ORDER.length : i;
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
