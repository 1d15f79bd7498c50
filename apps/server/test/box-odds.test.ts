/**
 * The box window's "Chance" column (GET /api/boxes odds): per card, the
 * chance that one given card of the rarity is in a box. Checked here against
 * a simulation of the box roll itself (economy/boxes.ts drawBox, the draw
 * box-opening.ts uses) with a seeded generator, not against the formula.
 */
import { describe, expect, it } from "vitest";
import { BOXES, boxCards, drawBox } from "../src/economy/boxes.ts";

/** mulberry32: a small seeded generator, so the simulation is the same every run. */
function seeded(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(u * n);
  };
}

const BOXES_ROLLED = 20_000;
const RARITIES = ["rare", "uncommon", "common"] as const;

describe.each(BOXES.map((b) => [b.name, b] as const))("the %s box's odds", (_name, box) => {
  const cards = boxCards(box.set);
  // How many boxes held each card at least once.
  const boxesWith = new Map<number, number>();
  const draw = seeded(box.id * 7919);
  for (let i = 0; i < BOXES_ROLLED; i++) {
    const ids = new Set(drawBox(cards, draw).map((d) => d.card.id));
    for (const id of ids) boxesWith.set(id, (boxesWith.get(id) ?? 0) + 1);
  }

  it.each(RARITIES)("%s: the Chance shown is how often one given card comes out", (rarity) => {
    const ofRarity = cards.filter((c) => c.rarity === rarity);
    expect(ofRarity.length).toBe(box.pool[rarity]);
    // Every card of the rarity equally: their mean share of boxes, and each one's.
    const shares = ofRarity.map((c) => (boxesWith.get(c.id) ?? 0) / BOXES_ROLLED);
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    expect(Math.abs(mean - box.odds[rarity])).toBeLessThan(0.003);
    for (const share of shares) expect(Math.abs(share - box.odds[rarity])).toBeLessThan(0.02);
  });

  it("is not the slot share (a box always holds 1 rare, 2 uncommon, 3 common)", () => {
    expect(box.odds.rare).not.toBeCloseTo(1 / 6, 3);
    expect(box.odds.common).not.toBeCloseTo(3 / 6, 3);
    // Every box holds its rarities' slots, whatever the draw.
    const rolled = drawBox(cards, seeded(1));
    for (const r of RARITIES) {
      expect(rolled.filter((d) => d.rarity === r).length).toBe(box.slots[r]);
    }
  });
});
