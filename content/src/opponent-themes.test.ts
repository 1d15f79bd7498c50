import { describe, expect, it } from "vitest";
import {
  CHAPTERS,
  getCard,
  OPPONENT_THEMES,
  RESOURCE_SPELL_IDS,
  STORY_OPPONENTS,
} from "./index.ts";

const RESOURCE = new Set<number>(RESOURCE_SPELL_IDS);

describe("story decks play their theme (issue 26)", () => {
  it("gives every story opponent a theme", () => {
    expect(STORY_OPPONENTS.every((o) => OPPONENT_THEMES.has(o.id))).toBe(true);
  });

  it.each(STORY_OPPONENTS.map((o) => [o.id, o.name, o] as const))(
    "%i %s plays its theme's cards and resource spells, nothing else",
    (id, _name, o) => {
      const theme = OPPONENT_THEMES.get(id);
      if (!theme) throw new Error(`no theme for ${id}`);
      const off = o.deck.filter((card) => {
        if (RESOURCE.has(card)) return false;
        if (theme.faction) return getCard(card)?.faction !== theme.faction;
        return !theme.cards?.includes(card);
      });
      expect(off.map((c) => getCard(c)?.name)).toEqual([]);
    },
  );

  it("has a faction theme follow the chapter's faction", () => {
    for (const ch of CHAPTERS.filter((c) => !c.isPromo)) {
      for (const id of ch.opponents) {
        const theme = OPPONENT_THEMES.get(id);
        if (theme?.faction) expect(theme.faction, `opponent ${id}`).toBe(ch.faction);
      }
    }
  });

  it("has each elemental play its own element's card and not the others'", () => {
    const elementals: [number, number][] = [
      [6, 1010], // Air Elemental
      [5, 1011], // Earth Elemental
      [7, 1012], // Fire Elemental
    ];
    for (const [opponent, own] of elementals) {
      const deck = STORY_OPPONENTS.find((o) => o.id === opponent)?.deck ?? [];
      expect(deck, `opponent ${opponent}`).toContain(own);
      for (const [, other] of elementals.filter(([o]) => o !== opponent)) {
        expect(deck, `opponent ${opponent}`).not.toContain(other);
      }
    }
  });

  it("keeps resource spells to at most 14 of 40 (the old boss decks held 16-19)", () => {
    for (const o of STORY_OPPONENTS) {
      const spells = o.deck.filter((c) => RESOURCE.has(c)).length;
      expect(spells, `opponent ${o.id}`).toBeLessThanOrEqual(14);
    }
  });
});
