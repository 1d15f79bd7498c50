import { describe, expect, it } from "vitest";
import { Rng } from "../shared/rng.ts";
import { spellLook } from "./spell-scene.ts";
import { subjectOf } from "./subject.ts";
import type { CardDef } from "./types.ts";

/** A unit of the given name and faction, with optional keywords. */
function unit(name: string, faction: CardDef["faction"], keywords?: CardDef["keywords"]): CardDef {
  return {
    id: 9001,
    name,
    level: 1,
    type: "unit",
    cost: { fire: 1, diamond: 1, pow: 1 },
    attack: 1,
    hp: 1,
    rarity: "common",
    set: "base",
    faction,
    keywords,
    abilities: [],
  };
}

const subject = (card: CardDef) => subjectOf(card, new Rng("test"));

describe("what a card's picture shows", () => {
  it("reads the body from the head noun of the name", () => {
    expect(subject(unit("Bone Wyvern", "undead"))).toMatchObject({
      body: "beast",
      beast: "dragon",
      bones: true,
    });
    expect(subject(unit("Sewer Rat", "thief"))).toMatchObject({ body: "beast", beast: "rat" });
    expect(subject(unit("Hellhound Whelp", "demon"))).toMatchObject({ beast: "hound" });
    expect(subject(unit("Lich of the Hollow Crown", "undead"))).toMatchObject({
      head: "skull",
      held: "staff",
      robe: true,
    });
  });

  it("turns keywords into props and poses", () => {
    expect(subject(unit("Nameless Wanderer", "neutral", { flying: true }))).toMatchObject({
      flying: true,
      wings: "feather",
    });
    expect(subject(unit("Nameless Wanderer", "vampire", { flying: true })).wings).toBe("bat");
    expect(subject(unit("Nameless Wanderer", "neutral", { wall: true }))).toMatchObject({
      shield: true,
      pose: "guard",
    });
    expect(subject(unit("Nameless Wanderer", "neutral", { pierce: true })).held).toBe("spear");
  });

  it("falls back to the faction's look for a name it does not know", () => {
    expect(subject(unit("Qwxz", "tower"))).toMatchObject({ robe: true, head: "hat" });
    expect(subject(unit("Qwxz", "troll"))).toMatchObject({ build: "bulky", held: "club" });
  });

  it("draws a spell as its effect, a name word first", () => {
    const spell = (name: string, effect: CardDef["abilities"][number]["effect"]): CardDef => ({
      ...unit(name, "neutral"),
      type: "spell",
      abilities: [{ trigger: "on_play", target: "selected", effect }],
    });
    expect(spellLook(spell("Arcane Bolt", { kind: "damage", amount: 2 }))).toBe("bolt");
    expect(spellLook(spell("Qwxz", { kind: "heal", amount: 2 }))).toBe("heal");
    expect(spellLook(spell("Qwxz", { kind: "summon", cardId: 1 }))).toBe("portal");
    expect(spellLook(spell("Qwxz", { kind: "gain_inc", resource: "diamond", amount: 1 }))).toBe(
      "crystal",
    );
  });
});
