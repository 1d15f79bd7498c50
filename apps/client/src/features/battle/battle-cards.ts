import { CATALOGUE, toApiCard } from "@cardrealm/content";
import type { ApiCard } from "@cardrealm/protocol";
import { appStore } from "../../stores/app-store.ts";

/**
 * Card lookups for the battle: the ApiCard list loaded at login (app store),
 * with the bundled catalogue as a fallback (tokens a battle summons, tests).
 */
let indexed: { from: ApiCard[]; byId: Map<number, ApiCard> } | null = null;
const fallback = new Map<number, ApiCard>();

export function battleCard(id: number): ApiCard | null {
  const cards = appStore.get().cards;
  if (!indexed || indexed.from !== cards) {
    indexed = { from: cards, byId: new Map(cards.map((c) => [c.id, c])) };
  }
  const known = indexed.byId.get(id);
  if (known) return known;
  let made = fallback.get(id);
  if (!made) {
    const def = CATALOGUE.get(id);
    if (!def) return null;
    made = toApiCard(def) as ApiCard;
    fallback.set(id, made);
  }
  return made;
}

/** The printed cost, attack and hp of a card (0 when unknown). */
export function printed(id: number): {
  fire: number;
  diamond: number;
  pow: number;
  attack: number;
  hp: number;
} {
  const card = battleCard(id);
  return {
    fire: card?.cost.fire ?? 0,
    diamond: card?.cost.diamond ?? 0,
    pow: card?.cost.pow ?? 0,
    attack: card?.attack ?? 0,
    hp: card?.hp ?? 0,
  };
}
