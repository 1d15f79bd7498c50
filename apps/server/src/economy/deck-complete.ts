/**
 * "Complete my deck" (issue 26: it keeps a deck's resource mix playable).
 * Pure: fills a deck to 40 from a library, within copy caps and owned
 * amounts, one copy at a time, each time the card that keeps the deck's
 * resources in step with its income:
 *
 * - demand: what the deck's cards cost in each resource (resource spells
 *   aside); supply: the base income of each resource plus the resource
 *   spells that raise it. The pick keeps demand / supply as even as it can
 *   across fire, diamond and pow, so no resource piles up while another
 *   starves (a hand of 4/8/8 Colossi with 23 diamond and 1 pow).
 * - the curve: cards near a turn's income are preferred; dear cards (12 or
 *   more in all) are capped at DEAR_CARDS_MAX, resource spells at
 *   RESOURCE_SPELLS_MAX.
 */
import {
  CATALOGUE,
  type CardAmount,
  COLLECTIBLE_CARDS,
  copyCap,
  RESOURCE_SPELL_IDS,
} from "@cardrealm/content";
import { DECK_MIN_CARDS } from "@cardrealm/protocol";

const RESOURCES = ["fire", "diamond", "pow"] as const;
type Resource = (typeof RESOURCES)[number];
type Mix = Record<Resource, number>;

/** A card at least this dear (fire + diamond + pow) is a late-game finisher. */
export const DEAR_CARD_COST = 12;
export const DEAR_CARDS_MAX = 4;
/** Dear cards a completed deck aims at: what a late game's income is for. */
const DEAR_CARDS_WANTED = 3;
export const RESOURCE_SPELLS_MAX = 8;
/** Supply of a resource over a deck, in cost points: its base income ... */
const BASE_SUPPLY = 40;
/** ... plus this much per resource spell raising it. */
const SPELL_SUPPLY = 8;
/** The cost a turn's income pays for. */
const TARGET_COST = 4;

const SPELL_RESOURCE: ReadonlyMap<number, Resource> = new Map(
  (RESOURCE_SPELL_IDS as readonly number[]).map((id) => {
    const gain = CATALOGUE.get(id)?.abilities.find((a) => a.effect.kind === "gain_inc");
    const r = gain?.effect.kind === "gain_inc" ? gain.effect.resource : "fire";
    return [id, r] as const;
  }),
);

function costOf(id: number): Mix {
  return CATALOGUE.get(id)?.cost ?? { fire: 0, diamond: 0, pow: 0 };
}

function total(m: Mix): number {
  return m.fire + m.diamond + m.pow;
}

/** Spread of demand / supply across the three resources (0: in step). */
export function mixSpread(deck: readonly CardAmount[]): number {
  const demand: Mix = { fire: 0, diamond: 0, pow: 0 };
  const spells: Mix = { fire: 0, diamond: 0, pow: 0 };
  for (const { id, amount } of deck) add(demand, spells, id, amount);
  return spread(demand, spells);
}

function add(demand: Mix, spells: Mix, id: number, n: number): void {
  const gain = SPELL_RESOURCE.get(id);
  if (gain) {
    spells[gain] += n;
    return;
  }
  const c = costOf(id);
  for (const r of RESOURCES) demand[r] += c[r] * n;
}

function spread(demand: Mix, spells: Mix): number {
  const ratios = RESOURCES.map((r) => demand[r] / (BASE_SUPPLY + SPELL_SUPPLY * spells[r]));
  return Math.max(...ratios) - Math.min(...ratios);
}

/** Fills a deck to 40 from a library (see the module comment). */
export function completeDeck(
  deck: readonly CardAmount[],
  library: readonly CardAmount[],
): CardAmount[] {
  const amounts = new Map(deck.map((c) => [c.id, c.amount]));
  const owned = new Map(library.map((c) => [c.id, c.amount]));
  const demand: Mix = { fire: 0, diamond: 0, pow: 0 };
  const spells: Mix = { fire: 0, diamond: 0, pow: 0 };
  let dear = 0;
  let size = 0;
  for (const [id, n] of amounts) {
    add(demand, spells, id, n);
    if (total(costOf(id)) >= DEAR_CARD_COST) dear += n;
    size += n;
  }
  const candidates = COLLECTIBLE_CARDS.filter((c) => owned.has(c.id));
  while (size < DECK_MIN_CARDS) {
    let best: number | undefined;
    let bestScore = Number.POSITIVE_INFINITY;
    const spellCount = spells.fire + spells.diamond + spells.pow;
    for (const c of candidates) {
      const have = amounts.get(c.id) ?? 0;
      if (have >= Math.min(copyCap(c.id), owned.get(c.id) ?? 0)) continue;
      const isSpell = SPELL_RESOURCE.has(c.id);
      const cost = total(c.cost);
      if (isSpell && spellCount >= RESOURCE_SPELLS_MAX) continue;
      if (cost >= DEAR_CARD_COST && dear >= DEAR_CARDS_MAX) continue;
      const d = { ...demand };
      const s = { ...spells };
      add(d, s, c.id, 1);
      const isDear = cost >= DEAR_CARD_COST;
      const curve = isSpell
        ? 0.3
        : isDear
          ? dear < DEAR_CARDS_WANTED
            ? -0.5
            : 1
          : Math.abs(cost - TARGET_COST) * 0.05;
      const score = 10 * spread(d, s) + curve + have * 0.01 - (c.rarity === "rare" ? 0.02 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = c.id;
      }
    }
    if (best === undefined) break; // the library cannot fill 40
    amounts.set(best, (amounts.get(best) ?? 0) + 1);
    add(demand, spells, best, 1);
    if (total(costOf(best)) >= DEAR_CARD_COST) dear++;
    size++;
  }
  return [...amounts].map(([id, amount]) => ({ id, amount })).sort((a, b) => a.id - b.id);
}
