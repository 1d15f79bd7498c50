/**
 * The deck editor's rules of display, apart from React so they are tested
 * without a DOM: what may be added, filtering and sorting, the cost curve and
 * the deck list of a deck code. The server keeps the last word on every
 * change (caps, ownership).
 */
import { copyCap } from "@cardrealm/content";
import { type ApiCard, DECK_MIN_CARDS, type User } from "@cardrealm/protocol";
import { type CardCounts, countsOf } from "../../lib/collection.ts";
import type { DeckEditorFilter } from "../../stores/app-store.ts";

export type DeckSlot = User["deck"];

export { type CardCounts, copyCap, countsOf, DECK_MIN_CARDS };

/** Cards of a counts map. */
export function totalOf(counts: CardCounts): number {
  let n = 0;
  for (const v of counts.values()) n += v;
  return n;
}

export type AddBlock = "none-left" | "cap" | null;

/**
 * Adding is offered only when the library holds more copies than the deck
 * and the deck is below the card's cap (product.md section 5).
 */
export function addBlock(cardId: number, libraryAmount: number, deckAmount: number): AddBlock {
  if (libraryAmount <= deckAmount) return "none-left";
  if (deckAmount >= copyCap(cardId)) return "cap";
  return null;
}

export function canAdd(cardId: number, libraryAmount: number, deckAmount: number): boolean {
  return addBlock(cardId, libraryAmount, deckAmount) === null;
}

/** The caption under a library card that cannot be added. */
export function addBlockText(cardId: number, block: AddBlock): string {
  if (block === "cap") return `Max ${copyCap(cardId)} in a deck`;
  if (block === "none-left") return "All in deck";
  return "";
}

export function totalCost(card: Pick<ApiCard, "cost">): number {
  return card.cost.fire + card.cost.diamond + card.cost.pow;
}

/** Cheapest first, then by name, so equal costs keep a stable order. */
export function byCost(a: ApiCard, b: ApiCard): number {
  return totalCost(a) - totalCost(b) || a.name.localeCompare(b.name) || a.id - b.id;
}

export function matchesFilter(card: ApiCard, filter: DeckEditorFilter): boolean {
  return filter === "all" || card.type_card === filter;
}

export function matchesSearch(card: ApiCard, search: string): boolean {
  const q = search.trim().toLowerCase();
  return q === "" || card.name.toLowerCase().includes(q);
}

/** The library slider: owned cards of the filter and search, by id or by cost. */
export function libraryCards(
  cards: readonly ApiCard[],
  library: CardCounts,
  options: { filter: DeckEditorFilter; search: string; sortByCost: boolean },
): ApiCard[] {
  const list = cards.filter(
    (c) =>
      (library.get(c.id) ?? 0) > 0 &&
      matchesFilter(c, options.filter) &&
      matchesSearch(c, options.search),
  );
  return options.sortByCost ? list.sort(byCost) : list.sort((a, b) => a.id - b.id);
}

/** The deck slider: every card of the deck, cheapest first. */
export function deckCards(cards: readonly ApiCard[], deck: CardCounts): ApiCard[] {
  return cards.filter((c) => (deck.get(c.id) ?? 0) > 0).sort(byCost);
}

export interface CurveBar {
  /** Total cost of the bar's cards; the last bar holds this cost and more. */
  cost: number;
  label: string;
  /** Cards (copies) at this cost. */
  count: number;
  /** The count split by the share of each resource in the cards' costs. */
  fire: number;
  diamond: number;
  pow: number;
}

/** Bars from cost 1 to 7+ (every collectible card costs 1 to 8). */
export const CURVE_MAX = 7;

/**
 * The deck's cost curve: copies by total cost, each bar stacked by resource.
 * A card costing 2 diamond and 1 pow adds 2/3 of a card to diamond and 1/3 to
 * pow, so a bar's segments add up to its card count.
 */
export function costCurve(cards: readonly ApiCard[], deck: CardCounts): CurveBar[] {
  const bars: CurveBar[] = [];
  for (let cost = 1; cost <= CURVE_MAX; cost++) {
    bars.push({
      cost,
      label: cost === CURVE_MAX ? `${CURVE_MAX}+` : String(cost),
      count: 0,
      fire: 0,
      diamond: 0,
      pow: 0,
    });
  }
  for (const card of cards) {
    const n = deck.get(card.id) ?? 0;
    if (n <= 0) continue;
    const total = totalCost(card);
    const bar = bars[Math.min(Math.max(total, 1), CURVE_MAX) - 1];
    if (!bar) continue;
    bar.count += n;
    if (total === 0) continue;
    bar.fire += (n * card.cost.fire) / total;
    bar.diamond += (n * card.cost.diamond) / total;
    bar.pow += (n * card.cost.pow) / total;
  }
  return bars;
}

/** Resource pips the whole deck asks for, by resource. */
export function resourceTotals(
  cards: readonly ApiCard[],
  deck: CardCounts,
): { fire: number; diamond: number; pow: number } {
  const out = { fire: 0, diamond: 0, pow: 0 };
  for (const card of cards) {
    const n = deck.get(card.id) ?? 0;
    out.fire += n * card.cost.fire;
    out.diamond += n * card.cost.diamond;
    out.pow += n * card.cost.pow;
  }
  return out;
}

/** Deck entries ({id, amount}) in id order, for a deck code. */
export function deckEntries(deck: CardCounts): { id: number; amount: number }[] {
  return [...deck.entries()]
    .filter(([, amount]) => amount > 0)
    .sort(([a], [b]) => a - b)
    .map(([id, amount]) => ({ id, amount }));
}

/**
 * The deck code in what a player pastes: a bare code, or a share link
 * carrying ?deck=<code>.
 */
export function codeFromInput(input: string): string {
  const text = input.trim();
  const match = /[?&]deck=([A-Za-z0-9_-]+)/.exec(text);
  return match?.[1] ?? text;
}

/** The link that opens the game and offers to import the deck. */
export function shareLink(code: string, location: Pick<Location, "origin" | "pathname">): string {
  return `${location.origin}${location.pathname}?deck=${code}`;
}

export function slotOf(user: User, slot: number): DeckSlot | undefined {
  if (user.deck.sequence_number === slot) return user.deck;
  return user.decks.find((d) => d.sequence_number === slot);
}
