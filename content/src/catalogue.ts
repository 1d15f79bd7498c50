/**
 * The whole card catalogue, assembled from the per-faction data files.
 * Data only: nothing here knows how a card behaves in battle (the engine does).
 */
import type { CardDef, CardSet, Catalogue, Faction } from "@cardrealm/engine";
import { DEMON_CARDS } from "./cards/demon.ts";
import { ELF_CARDS } from "./cards/elf.ts";
import { HERETIC_CARDS } from "./cards/heretic.ts";
import { NEUTRAL_CARDS } from "./cards/neutral.ts";
import { THIEF_CARDS } from "./cards/thief.ts";
import { TOWER_CARDS } from "./cards/tower.ts";
import { TROLL_CARDS } from "./cards/troll.ts";
import { UNDEAD_CARDS } from "./cards/undead.ts";
import { VAMPIRE_CARDS } from "./cards/vampire.ts";

/** Every card, tokens included, ordered by id. */
export const CARDS: readonly CardDef[] = [
  ...ELF_CARDS,
  ...UNDEAD_CARDS,
  ...THIEF_CARDS,
  ...HERETIC_CARDS,
  ...TOWER_CARDS,
  ...DEMON_CARDS,
  ...TROLL_CARDS,
  ...VAMPIRE_CARDS,
  ...NEUTRAL_CARDS,
].sort((a, b) => a.id - b.id);

/** The catalogue the engine is parameterised with. */
export const CATALOGUE: Catalogue = new Map(CARDS.map((c) => [c.id, c]));

/** The three basic resource spells (fire, diamond, pow income +1). */
export const RESOURCE_SPELL_IDS = [1042, 1043, 1044] as const;

/** Copies of one card allowed in a deck (product.md section 9). */
export const DECK_COPY_CAP = 5;
export const RESOURCE_SPELL_COPY_CAP = 10;
export const DECK_MIN_SIZE = 40;

export function copyCap(cardId: number): number {
  return (RESOURCE_SPELL_IDS as readonly number[]).includes(cardId)
    ? RESOURCE_SPELL_COPY_CAP
    : DECK_COPY_CAP;
}

/**
 * A stable fingerprint of the card data (32-bit FNV-1a over the JSON), stored
 * in battle traces beside the engine version so a replay can tell whether the
 * cards it was recorded with have changed since.
 */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export const CATALOGUE_VERSION: string = `cat-${fnv1a(JSON.stringify(CARDS))}`;

export function getCard(id: number): CardDef | undefined {
  return CATALOGUE.get(id);
}

/** Like getCard, for ids that must exist (deck lists, summon targets). */
export function requireCard(id: number): CardDef {
  const card = CATALOGUE.get(id);
  if (!card) throw new Error(`unknown card id ${id}`);
  return card;
}

/** Cards a player can own: everything but tokens. */
export const COLLECTIBLE_CARDS: readonly CardDef[] = CARDS.filter((c) => !c.token);

export function cardsBySet(set: CardSet): CardDef[] {
  return COLLECTIBLE_CARDS.filter((c) => c.set === set);
}

export function cardsByFaction(faction: Faction): CardDef[] {
  return COLLECTIBLE_CARDS.filter((c) => c.faction === faction);
}

/**
 * The cards a box can give: Default box (4) draws from "base", the Vampire box
 * (5) from "vampire"; tokens never.
 */
export function boxPool(set: CardSet): CardDef[] {
  return cardsBySet(set);
}

/** The season-finish reward: one of each vampire card (rules.md section 4). */
export const SEASON_FINISH_CARD_IDS: readonly number[] = cardsBySet("vampire").map((c) => c.id);

/** A deck list as {id, amount} entries, the shape of a user's deck and library. */
export interface CardAmount {
  id: number;
  amount: number;
}

/** Entries to a flat id list (each id repeated amount times). */
export function expandDeck(entries: readonly CardAmount[]): number[] {
  return entries.flatMap((e) => Array.from({ length: e.amount }, () => e.id));
}

/**
 * A deck slot as the battle deck the server deals from: its entries in
 * card-id order (the order the server reads a slot back, collection-repo.ts
 * decksOf), each id repeated by its amount. createBattle shuffles this list
 * with the battle's seed, so the order is part of what a seed deals: the
 * server and tools/simulate (which replays a seed off-line) both build it here.
 */
export function battleDeck(entries: readonly CardAmount[]): number[] {
  return expandDeck([...entries].sort((a, b) => a.id - b.id));
}

/** Counts copies in a flat id list. */
export function countCopies(ids: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * Problems with a deck list against the catalogue: unknown ids, tokens, copies
 * over the cap, fewer than 40 cards. Empty when the deck is legal.
 */
export function deckProblems(ids: readonly number[]): string[] {
  const problems: string[] = [];
  if (ids.length < DECK_MIN_SIZE)
    problems.push(`deck has ${ids.length} cards, needs ${DECK_MIN_SIZE}`);
  for (const [id, n] of countCopies(ids)) {
    const card = CATALOGUE.get(id);
    if (!card) problems.push(`unknown card ${id}`);
    else if (card.token) problems.push(`token ${id} in deck`);
    if (n > copyCap(id)) problems.push(`card ${id}: ${n} copies, cap ${copyCap(id)}`);
  }
  return problems;
}
