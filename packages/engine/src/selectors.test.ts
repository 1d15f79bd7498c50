import { A, B, enemyCastle, ownCastle, scenario, T } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";

describe("target selectors", () => {
  it("selected: a castle, when the card allows unit_castle", () => {
    const s = scenario().give(A, T.fireball);
    s.play(T.fireball, { target: enemyCastle });
    expect(s.castle(B)).toBe(47);
  });

  it("self: Berserker buffs only itself", () => {
    const s = scenario().onTable(A, 0, T.berserker).onTable(A, 1, T.footman);
    s.endTurn({ attack: [0, 1] });
    expect(s.unit(A, 0)?.attack).toBe(3);
    expect(s.unit(A, 1)?.attack).toBe(2);
  });

  it("facing_unit: Frontliner hits the enemy unit in the same cell, nothing when empty", () => {
    const s = scenario().onTable(B, 2, T.ogre).onTable(B, 3, T.ogre).give(A, T.frontliner, 2);
    s.play(T.frontliner, { cell: 2 });
    expect(s.unit(B, 2)?.hp).toBe(4);
    expect(s.unit(B, 3)?.hp).toBe(6);
    s.pass().pass();
    s.play(T.frontliner, { cell: 0 });
    expect(s.castle(B)).toBe(50);
  });

  it("adjacent_own: Drummer buffs the own units beside it, not further away", () => {
    const s = scenario()
      .onTable(A, 0, T.footman)
      .onTable(A, 2, T.footman)
      .onTable(A, 3, T.footman)
      .give(A, T.drummer);
    s.play(T.drummer, { cell: 1 });
    expect(s.unit(A, 0)?.attack).toBe(3);
    expect(s.unit(A, 2)?.attack).toBe(3);
    expect(s.unit(A, 3)?.attack).toBe(2);
  });

  it("all_own: Rejuvenate heals every own unit, not the enemy's", () => {
    const s = scenario()
      .onTable(A, 0, T.ogre, { damage: 4 })
      .onTable(A, 4, T.ogre, { damage: 1 })
      .onTable(B, 0, T.ogre, { damage: 4 })
      .give(A, T.rejuvenate);
    s.play(T.rejuvenate);
    expect(s.unit(A, 0)?.hp).toBe(4);
    expect(s.unit(A, 4)?.hp).toBe(6);
    expect(s.unit(B, 0)?.hp).toBe(2);
  });

  it("all_enemy: Inferno hits every enemy unit, no own unit", () => {
    const s = scenario()
      .onTable(B, 0, T.footman)
      .onTable(B, 3, T.skeleton)
      .onTable(A, 0, T.footman)
      .give(A, T.inferno);
    s.play(T.inferno);
    expect(s.unit(B, 0)?.hp).toBe(2);
    expect(s.unit(B, 3)).toBeNull();
    expect(s.unit(A, 0)?.hp).toBe(3);
  });

  it("all_units: Earthquake hits both sides", () => {
    const s = scenario().onTable(B, 0, T.ogre).onTable(A, 2, T.ogre).give(A, T.earthquake);
    s.play(T.earthquake);
    expect(s.unit(B, 0)?.hp).toBe(4);
    expect(s.unit(A, 2)?.hp).toBe(4);
  });

  it("random_enemy: hits only enemy units, chosen by the seeded rng", () => {
    const hits = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const s = scenario({ seed })
        .onTable(B, 0, T.ogre)
        .onTable(B, 4, T.ogre)
        .onTable(A, 2, T.ogre)
        .give(A, T.chainSpark);
      s.play(T.chainSpark);
      expect(s.unit(A, 2)?.hp).toBe(6);
      for (const r of s.eventsOf("ability")[0]?.results ?? []) {
        if (r.target.kind === "unit") hits.add(r.target.cell);
      }
      const again = scenario({ seed })
        .onTable(B, 0, T.ogre)
        .onTable(B, 4, T.ogre)
        .onTable(A, 2, T.ogre)
        .give(A, T.chainSpark);
      again.play(T.chainSpark);
      expect(again.state).toEqual(s.state);
    }
    expect(hits).toEqual(new Set([0, 4]));
  });

  it("random_enemy with no enemy unit does nothing", () => {
    const s = scenario().give(A, T.chainSpark);
    s.play(T.chainSpark);
    expect(s.castle(B)).toBe(50);
    expect(s.eventsOf("ability")[0]?.results).toEqual([]);
  });

  it("own_castle: Sanctuary heals the own castle", () => {
    const s = scenario().hp(A, 30).give(A, T.sanctuary);
    s.play(T.sanctuary);
    expect(s.castle(A)).toBe(35);
  });

  it("enemy_castle: Meteor hits the enemy castle", () => {
    const s = scenario().give(A, T.meteor);
    s.play(T.meteor);
    expect(s.castle(B)).toBe(45);
  });

  it("filter type wall: Fortify only buffs own walls", () => {
    const s = scenario().onTable(A, 0, T.stoneWall).onTable(A, 1, T.footman).give(A, T.fortify);
    s.play(T.fortify);
    expect(s.unit(A, 0)?.hp).toBe(9);
    expect(s.unit(A, 1)?.hp).toBe(3);
  });

  it("target side is from the player's view: own castle key for a heal", () => {
    const s = scenario().hp(A, 40).give(A, T.mend);
    s.play(T.mend, { target: ownCastle });
    expect(s.castle(A)).toBe(44);
  });
});
