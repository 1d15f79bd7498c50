/**
 * Pure helpers behind <GameCard>: cost parts, the accessible label, the art
 * path and the name fitting. Kept apart from the component so they can be
 * tested without a DOM.
 */
import type { ApiCard } from "@cardrealm/protocol";

export type CardSize = "mini" | "big" | "huge";
export type CostResource = "fire" | "diamond" | "pow";

export const COST_ORDER: readonly CostResource[] = ["fire", "diamond", "pow"];

/** Non-zero cost parts in display order (fire, diamond, pow). */
export function costParts(
  card: Pick<ApiCard, "cost">,
): Array<{ resource: CostResource; amount: number }> {
  return COST_ORDER.filter((r) => card.cost[r] > 0).map((r) => ({
    resource: r,
    amount: card.cost[r],
  }));
}

/** "2 fire 1 diamond", or "free" when every part is zero. */
export function costText(card: Pick<ApiCard, "cost">): string {
  const parts = costParts(card);
  return parts.length === 0 ? "free" : parts.map((p) => `${p.amount} ${p.resource}`).join(" ");
}

/** The text a card shows: the short ability text on mini, the full text on bigger sizes. */
export function cardText(card: ApiCard, size: CardSize): string {
  return size === "mini" ? card.ab_text : card.ability.full_text || card.ab_text;
}

export interface StatOverride {
  attack?: number;
  hp?: number;
}

/** "Name, cost 2 fire, attack 3 hp 4, text": what a screen reader says for a card. */
export function cardAriaLabel(
  card: ApiCard,
  size: CardSize = "mini",
  stats: StatOverride = {},
): string {
  const parts = [card.name, `cost ${costText(card)}`];
  if (card.type_card === "unit") {
    parts.push(`attack ${stats.attack ?? card.attack ?? 0} hp ${stats.hp ?? card.hp ?? 0}`);
  } else {
    parts.push("spell");
  }
  const text = cardText(card, size);
  if (text) parts.push(text);
  return parts.join(", ");
}

/**
 * Where the pipeline puts a card's art panel: the WebP bitmap baked from its
 * SVG (tools/art/rasterise.ts). A bitmap is decoded once; an SVG with
 * filters would be re-rasterised on the CPU whenever the card moves or scales.
 */
export function cardArtUrl(id: number, size: CardSize, base = "/img/cards"): string {
  return `${base}/${id}-${size === "mini" ? "mini" : "max"}.webp`;
}

/**
 * Name font sizes in percent of the card width (cqw). At the default card
 * widths of card-frame.css (110 / 300 / 400 px) they are the product's maxima:
 * 14 px mini, 16 px big, 22 px very big (product.md section 9).
 */
export const NAME_FONT_CQW: Record<CardSize, number> = { mini: 12.7, big: 5.33, huge: 5.5 };
/** Share of the card width the name may use. */
const NAME_ROOM_CQW: Record<CardSize, number> = { mini: 82, big: 80, huge: 80 };
/** Smallest one-line size before a name wraps (about 9 px, 12 px and 16 px at the default widths). */
const NAME_MIN_CQW: Record<CardSize, number> = { mini: 8.2, big: 4, huge: 4 };
/** Size of a two-line name: what the taller banner holds. */
const NAME_TWO_CQW: Record<CardSize, number> = { mini: 8.2, big: 4.4, huge: 4.6 };
/** Average glyph width of the title font, in em (Cinzel capitals and small capitals). */
const GLYPH_EM = 0.7;

/**
 * The name's font size (cqw) and whether it wraps onto two lines: full size
 * when it fits, smaller when it is long, two lines rather than unreadable.
 */
export function nameFit(name: string, size: CardSize): { cqw: number; lines: 1 | 2 } {
  const max = NAME_FONT_CQW[size];
  const room = NAME_ROOM_CQW[size];
  const oneLine = room / (Math.max(name.length, 1) * GLYPH_EM);
  if (oneLine >= max) return { cqw: max, lines: 1 };
  if (oneLine >= NAME_MIN_CQW[size] || !name.includes(" ")) {
    return { cqw: round2(Math.max(oneLine, NAME_MIN_CQW[size] * 0.8)), lines: 1 };
  }
  const twoLines = room / (halfLength(name) * GLYPH_EM);
  return { cqw: round2(Math.min(NAME_TWO_CQW[size], twoLines)), lines: 2 };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Length of the longer line when a name is broken at the space nearest its middle. */
function halfLength(name: string): number {
  let best = name.length;
  for (let i = 0; i < name.length; i++) {
    if (name[i] !== " ") continue;
    best = Math.min(best, Math.max(i, name.length - i - 1));
  }
  return best;
}

export const RARITY_LABEL: Record<ApiCard["rarity"], string> = {
  common: "Common",
  uncommon: "Uncommon",
  rare: "Rare",
};
