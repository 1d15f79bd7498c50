import { A, B, enemyCastle, enemyUnit, ownCastle, ownUnit, scenario, T } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";

describe("effect: damage", () => {
  it("Fireball deals 3 to a selected enemy unit", () => {
    const s = scenario().onTable(B, 2, T.ogre).give(A, T.fireball);
    s.play(T.fireball, { target: enemyUnit(2) });
    expect(s.unit(B, 2)?.hp).toBe(3);
  });

  it("Fireball deals 3 to the enemy castle", () => {
    const s = scenario().give(A, T.fireball);
    s.play(T.fireball, { target: enemyCastle });
    expect(s.castle(B)).toBe(47);
  });

  it("a unit brought to 0 hp leaves the table at once", () => {
    const s = scenario().onTable(B, 2, T.footman).give(A, T.fireball);
    s.play(T.fireball, { target: enemyUnit(2) });
    expect(s.unit(B, 2)).toBeNull();
  });
});

describe("effect: heal", () => {
  it("Mend heals a unit up to its max hp, no further", () => {
    const s = scenario().onTable(A, 1, T.footman, { damage: 1 }).give(A, T.mend);
    s.play(T.mend, { target: ownUnit(1) });
    expect(s.unit(A, 1)?.hp).toBe(3);
    expect(s.unit(A, 1)?.maxHp).toBe(3);
  });

  it("Mend heals the own castle up to its starting hp", () => {
    const s = scenario().hp(A, 48).give(A, T.mend);
    s.play(T.mend, { target: ownCastle });
    expect(s.castle(A)).toBe(50);
    const ability = s.eventsOf("ability")[0];
    expect(ability?.results[0]).toMatchObject({ effect: "heal", amount: 2 });
  });
});

describe("effect: buff", () => {
  it("Blessing gives +2/+2 for good", () => {
    const s = scenario().onTable(A, 0, T.footman).give(A, T.blessing);
    s.play(T.blessing, { target: ownUnit(0) });
    expect(s.unit(A, 0)).toMatchObject({ attack: 4, hp: 5 });
    s.pass().pass();
    expect(s.unit(A, 0)).toMatchObject({ attack: 4, hp: 5 });
  });

  it("Battle Cry's temporary +2 attack lasts through the enemy turn and ends at the owner's next turn start", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(A, 1, T.stoneWall).give(A, T.battleCry);
    s.play(T.battleCry);
    expect(s.unit(A, 0)?.attack).toBe(4);
    expect(s.unit(A, 1)?.attack).toBe(3);
    s.pass();
    expect(s.unit(A, 0)?.attack).toBe(4); // still on during B's turn: strikes back with 4
    s.pass();
    expect(s.unit(A, 0)?.attack).toBe(2);
  });
});

describe("effect: buff (temporary hp)", () => {
  it("Stone Skin's temporary +3 hp lasts through the enemy turn and ends at the owner's next turn start", () => {
    const s = scenario().onTable(A, 0, T.footman).give(A, T.stoneSkin);
    s.play(T.stoneSkin, { target: ownUnit(0) });
    expect(s.unit(A, 0)).toMatchObject({ hp: 6, maxHp: 6 });
    s.pass();
    expect(s.unit(A, 0)).toMatchObject({ hp: 6, maxHp: 6 });
    s.pass();
    expect(s.unit(A, 0)).toMatchObject({ hp: 3, maxHp: 3 });
  });

  it("a unit kept alive only by a temporary buff dies when it ends", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.ogre).give(A, T.stoneSkin);
    s.play(T.stoneSkin, { target: ownUnit(0) });
    s.pass();
    s.endTurn({ attack: [0] }); // the ogre deals 5 (6 -> 1); A's turn starts: 3 - 5 <= 0
    expect(s.unit(A, 0)).toBeNull();
    expect(s.events).toContainEqual(
      expect.objectContaining({ type: "unit_died", side: A, cell: 0 }),
    );
  });
});

describe("effect: stun N", () => {
  it("Thunderclap: a stunned defender does not strike back", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.ogre).give(A, T.thunderclap);
    s.play(T.thunderclap, { target: enemyUnit(0) });
    s.endTurn({ attack: [0] });
    expect(s.unit(A, 0)?.hp).toBe(3);
    expect(s.unit(B, 0)?.hp).toBe(4);
  });

  it("stun 2 counts down at its owner's turn starts: not ready while the counter is above 0", () => {
    const s = scenario().onTable(B, 0, T.ogre).give(A, T.thunderclap);
    s.play(T.thunderclap, { target: enemyUnit(0) });
    s.pass(); // B's turn start: stun 2 -> 1
    expect(s.unit(B, 0)?.unit.stun).toBe(1);
    expect(s.act(s.endTurnAction({ attack: [0] })).ok).toBe(false);
    s.pass().pass(); // B's next turn start: 1 -> 0
    expect(s.unit(B, 0)?.unit.stun).toBe(0);
    s.endTurn({ attack: [0] });
    expect(s.castle(A)).toBe(45);
  });
});

describe("effect: destroy", () => {
  it("Doom removes a unit whatever its hp, and its on_death fires", () => {
    const s = scenario().onTable(B, 3, T.bomber).give(A, T.doom);
    s.play(T.doom, { target: enemyUnit(3) });
    expect(s.unit(B, 3)).toBeNull();
    expect(s.castle(A)).toBe(48); // Bomber: on death, 2 damage to the enemy (A's) castle
  });
});

describe("effect: gain_resource / gain_inc (own)", () => {
  it("Fire Ritual gives 3 fire now", () => {
    const s = scenario().resources(A, { fire: 1 }).give(A, T.fireRitual);
    s.play(T.fireRitual);
    expect(s.resource(A, "fire")).toEqual({ amount: 4, inc: 1 });
  });

  it("Growth raises diamond income by 1", () => {
    const s = scenario().resources(A, { diamond: 0 }).give(A, T.growth);
    s.play(T.growth);
    expect(s.resource(A, "diamond")).toEqual({ amount: 0, inc: 2 });
    s.pass().pass();
    expect(s.resource(A, "diamond").amount).toBe(2);
  });
});

describe("effect: drain_resource / drain_inc (enemy, never below 0)", () => {
  it("Siphon takes 3 pow from the enemy, not below 0", () => {
    const s = scenario().resources(B, { pow: 2 }).give(A, T.siphon);
    s.play(T.siphon);
    expect(s.resource(B, "pow").amount).toBe(0);
    expect(s.eventsOf("ability")[0]?.results[0]).toMatchObject({ amount: 2 });
  });

  it("Sap lowers the enemy's fire income by 1, not below 0", () => {
    const s = scenario().give(A, T.sap, 2).resources(B, {}, 1);
    s.play(T.sap);
    expect(s.resource(B, "fire").inc).toBe(0);
    s.pass().pass();
    s.play(T.sap);
    expect(s.resource(B, "fire").inc).toBe(0);
  });
});

describe("effect: draw N", () => {
  it("Insight draws 2", () => {
    const s = scenario().deck(A, [T.ogre, T.harpy, T.troll]).give(A, T.insight);
    s.play(T.insight);
    expect(s.hand(A)).toEqual([T.ogre, T.harpy]);
    expect(s.state.sides[A].deck).toEqual([T.troll]);
  });

  it("a card drawn into a full hand (7) is lost", () => {
    const s = scenario().deck(A, [T.ogre, T.harpy]).give(A, T.footman, 6).give(A, T.insight);
    s.play(T.insight); // hand 6 -> draws ogre (7), harpy burns
    expect(s.hand(A)).toHaveLength(7);
    expect(s.events).toContainEqual({ type: "burn", side: A, card: T.harpy });
  });

  it("drawing from an empty deck deals fatigue 1, then 2, then 3", () => {
    const s = scenario().deck(A, []).give(A, T.insight, 2);
    s.play(T.insight);
    expect(s.castle(A)).toBe(47);
    s.pass(); // B
    s.pass(); // A's turn start draws: fatigue 3
    expect(s.castle(A)).toBe(44);
  });
});

describe("effect: discard (enemy, random)", () => {
  it("Mind Rot makes the enemy discard 2 random cards", () => {
    const s = scenario().give(B, T.ogre).give(B, T.harpy).give(B, T.troll).give(A, T.mindRot);
    s.play(T.mindRot);
    expect(s.hand(B)).toHaveLength(1);
    expect(s.eventsOf("discard").map((e) => e.side)).toEqual([B, B]);
  });

  it("discards only what there is", () => {
    const s = scenario().give(B, T.ogre).give(A, T.mindRot);
    s.play(T.mindRot);
    expect(s.hand(B)).toEqual([]);
  });
});

describe("effect: summon", () => {
  it("Raise Dead (double) summons two asleep Skeleton tokens into the lowest empty cells", () => {
    const s = scenario().onTable(A, 0, T.footman).give(A, T.raiseDead);
    s.play(T.raiseDead);
    expect(s.unit(A, 1)?.card).toBe(T.skeleton);
    expect(s.unit(A, 2)?.card).toBe(T.skeleton);
    expect(s.unit(A, 1)?.unit.sleep).toBe(true);
    expect(s.eventsOf("ability")[0]?.double).toBe(true);
  });

  it("Necromancer summons into the empty cell nearest to it (left first)", () => {
    const s = scenario().onTable(A, 1, T.footman).give(A, T.necromancer);
    s.play(T.necromancer, { cell: 2 });
    expect(s.unit(A, 3)?.card).toBe(T.skeleton);
  });

  it("a full table summons nothing", () => {
    const s = scenario();
    for (let c = 0; c < 5; c++) s.onTable(A, c, T.footman);
    s.give(A, T.raiseDead).play(T.raiseDead);
    expect(s.state.sides[A].table.every((u) => u?.card === T.footman)).toBe(true);
  });
});

describe("effect: return_to_hand", () => {
  it("Banish returns an enemy unit to its owner's hand as a fresh card", () => {
    const s = scenario().onTable(B, 2, T.ogre, { damage: 3 }).give(A, T.banish);
    s.play(T.banish, { target: enemyUnit(2) });
    expect(s.unit(B, 2)).toBeNull();
    expect(s.hand(B)).toEqual([T.ogre]);
  });

  it("a full hand loses the returned card", () => {
    const s = scenario().onTable(B, 2, T.ogre).give(B, T.footman, 7).give(A, T.banish);
    s.play(T.banish, { target: enemyUnit(2) });
    expect(s.unit(B, 2)).toBeNull();
    expect(s.hand(B)).not.toContain(T.ogre);
  });

  it("a returned token vanishes", () => {
    const s = scenario().onTable(B, 2, T.skeleton).give(A, T.banish);
    s.play(T.banish, { target: enemyUnit(2) });
    expect(s.unit(B, 2)).toBeNull();
    expect(s.hand(B)).toEqual([]);
  });
});

describe("effect: swap_cells", () => {
  it("Shuffle moves the enemy unit one cell right, trading places with what is there", () => {
    const s = scenario().onTable(B, 1, T.ogre).onTable(B, 2, T.footman).give(A, T.shuffle);
    s.play(T.shuffle, { target: enemyUnit(1) });
    expect(s.unit(B, 1)?.card).toBe(T.footman);
    expect(s.unit(B, 2)?.card).toBe(T.ogre);
  });

  it("cell 4 wraps to cell 0", () => {
    const s = scenario().onTable(B, 4, T.ogre).give(A, T.shuffle);
    s.play(T.shuffle, { target: enemyUnit(4) });
    expect(s.unit(B, 0)?.card).toBe(T.ogre);
    expect(s.unit(B, 4)).toBeNull();
  });
});
