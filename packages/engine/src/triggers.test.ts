import { A, B, enemyUnit, ownUnit, scenario, T, testCatalogue } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import { MAX_TRIGGERS_PER_STEP } from "./constants.ts";
import { messagesFor } from "./messages-for.ts";

describe("trigger: on_play", () => {
  it("Archer deals 2 to the selected enemy unit as it enters", () => {
    const s = scenario().onTable(B, 4, T.footman).give(A, T.archer);
    s.play(T.archer, { cell: 0, target: enemyUnit(4) });
    expect(s.unit(B, 4)?.hp).toBe(1);
    expect(s.unit(A, 0)?.card).toBe(T.archer);
  });

  it("Archer may enter without a target only when there is none", () => {
    const s = scenario().give(A, T.archer);
    s.play(T.archer, { cell: 0 });
    expect(s.unit(A, 0)?.card).toBe(T.archer);
    const t = scenario().onTable(B, 4, T.footman).give(A, T.archer);
    const r = t.tryPlay(T.archer, { cell: 0 });
    expect(r.ok ? null : r.error.code).toBe("bad_target");
  });

  it("units enter asleep and wake at their owner's next turn start", () => {
    const s = scenario().give(A, T.footman);
    s.play(T.footman, { cell: 0 });
    expect(s.unit(A, 0)?.unit.sleep).toBe(true);
    expect(s.act(s.endTurnAction({ attack: [0] })).ok).toBe(false);
    s.pass().pass();
    expect(s.unit(A, 0)?.unit.sleep).toBe(false);
  });
});

describe("trigger: turn_start", () => {
  it("Priest heals all own units by 1 at the start of its owner's turn", () => {
    const s = scenario().onTable(A, 0, T.priest).onTable(A, 1, T.footman, { damage: 2 });
    s.pass();
    expect(s.unit(A, 1)?.hp).toBe(1); // not on the enemy's turn
    s.pass();
    expect(s.unit(A, 1)?.hp).toBe(2);
  });
});

describe("trigger: turn_end", () => {
  it("Torchbearer deals 1 to the enemy castle at the end of its owner's turn only", () => {
    const s = scenario().onTable(A, 0, T.torchbearer);
    s.pass();
    expect(s.castle(B)).toBe(49);
    s.pass();
    expect(s.castle(B)).toBe(49);
  });

  it("fires after combat", () => {
    const s = scenario().onTable(A, 0, T.torchbearer).onTable(A, 1, T.footman);
    s.endTurn({ attack: [1] });
    const types = s.events.map((e) => e.type);
    expect(types.indexOf("unit_damage_to_player")).toBeLessThan(types.indexOf("ability"));
  });
});

describe("trigger: on_attack", () => {
  it("Berserker gains +1 attack as it attacks, before it strikes", () => {
    const s = scenario().onTable(A, 0, T.berserker);
    s.endTurn({ attack: [0] });
    expect(s.castle(B)).toBe(47);
    expect(s.unit(A, 0)?.attack).toBe(3);
  });
});

describe("trigger: on_damaged", () => {
  it("Spiteful Imp hits the facing unit for 1 whenever it is damaged and lives", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.spiteful);
    s.endTurn({ attack: [0] });
    // footman took 1 strike back + 1 from the imp's trigger
    expect(s.unit(A, 0)?.hp).toBe(1);
    expect(s.unit(B, 0)?.hp).toBe(2);
  });

  it("does not fire for a unit that dies of the damage", () => {
    const s = scenario().onTable(A, 0, T.ogre).onTable(B, 0, T.spiteful);
    s.endTurn({ attack: [0] });
    expect(s.unit(B, 0)).toBeNull();
    expect(s.unit(A, 0)?.hp).toBe(5);
  });
});

describe("trigger: on_death", () => {
  it("Bomber deals 2 to the enemy castle when it dies", () => {
    const s = scenario().onTable(A, 0, T.ogre).onTable(B, 0, T.bomber);
    s.endTurn({ attack: [0] });
    expect(s.castle(A)).toBe(48);
  });

  it("Gravedigger leaves a Skeleton in its cell", () => {
    const s = scenario().onTable(A, 0, T.ogre).onTable(B, 0, T.gravedigger);
    s.endTurn({ attack: [0] });
    expect(s.unit(B, 0)?.card).toBe(T.skeleton);
  });
});

describe("trigger: aura (derived, never stored)", () => {
  it("Banner Bearer gives adjacent own units +1/+1 while it stands", () => {
    const s = scenario().onTable(A, 1, T.banner).onTable(A, 0, T.footman).onTable(A, 3, T.footman);
    expect(s.unit(A, 0)).toMatchObject({ attack: 3, hp: 4 });
    expect(s.unit(A, 3)).toMatchObject({ attack: 2, hp: 3 });
    expect(s.unit(A, 1)).toMatchObject({ attack: 0, hp: 3 }); // not itself
    expect(s.state.sides[A].table[0]).toMatchObject({ attack: 2, hp: 3 }); // stored stats untouched
  });

  it("when the aura source leaves, a unit whose damage reaches its hp dies", () => {
    const s = scenario()
      .onTable(B, 1, T.banner)
      .onTable(B, 0, T.footman, { damage: 3 })
      .give(A, T.fireball);
    expect(s.unit(B, 0)?.hp).toBe(1);
    s.play(T.fireball, { target: enemyUnit(1) });
    expect(s.unit(B, 1)).toBeNull();
    expect(s.unit(B, 0)).toBeNull();
  });

  it("Warlord gives the other own units +1 attack", () => {
    const s = scenario().onTable(A, 0, T.warlord).onTable(A, 4, T.footman).onTable(B, 4, T.footman);
    expect(s.unit(A, 4)?.attack).toBe(3);
    expect(s.unit(A, 0)?.attack).toBe(2);
    expect(s.unit(B, 4)?.attack).toBe(2);
  });

  it("Plague Bearer's -1 hp aura kills a 1-hp enemy as it enters", () => {
    const s = scenario().onTable(B, 3, T.skeleton).give(A, T.plagueBearer);
    s.play(T.plagueBearer, { cell: 0 });
    expect(s.unit(B, 3)).toBeNull();
  });

  it("Elf Lord's aura only touches elves (faction filter)", () => {
    const s = scenario()
      .onTable(A, 0, T.elfLord)
      .onTable(A, 1, T.elfScout)
      .onTable(A, 2, T.footman);
    expect(s.unit(A, 1)).toMatchObject({ attack: 3, hp: 3 });
    expect(s.unit(A, 2)).toMatchObject({ attack: 2, hp: 3 });
  });
});

describe("double", () => {
  it("Chain Spark fires twice, each time at a random enemy, reported as double_state", () => {
    const s = scenario().onTable(B, 0, T.ogre).give(A, T.chainSpark);
    s.play(T.chainSpark);
    expect(s.unit(B, 0)?.hp).toBe(4);
    const msgs = messagesFor(s.events, s.state, A, s.catalogue);
    const mw = msgs.find((m) => m.middleware_ability)?.middleware_ability;
    expect(mw).toMatchObject({ double_state: true, card_id: T.chainSpark, tableKey: null });
    expect(mw?.result).toHaveLength(2);
  });

  it("a single-firing ability reports double_state false", () => {
    const s = scenario().onTable(A, 0, T.footman).give(A, T.blessing);
    s.play(T.blessing, { target: ownUnit(0) });
    const msgs = messagesFor(s.events, s.state, A, s.catalogue);
    expect(msgs.find((m) => m.middleware_ability)?.middleware_ability?.double_state).toBe(false);
  });
});

describe("ability loops", () => {
  it("two units that answer damage with damage stop at the trigger depth guard", () => {
    const echo = {
      id: 9901,
      name: "Echo",
      level: 1,
      type: "unit" as const,
      cost: { fire: 0, diamond: 0, pow: 0 },
      attack: 1,
      hp: 50,
      rarity: "common" as const,
      set: "base" as const,
      faction: "neutral" as const,
      abilities: [
        {
          trigger: "on_damaged" as const,
          target: "facing_unit" as const,
          effect: { kind: "damage" as const, amount: 1 },
        },
        {
          trigger: "on_damaged" as const,
          target: "self" as const,
          effect: { kind: "heal" as const, amount: 1 },
        },
      ],
    };
    const catalogue = new Map([...testCatalogue, [echo.id, echo]]);
    const s = scenario({ catalogue }).onTable(A, 0, echo.id).onTable(B, 0, echo.id);
    s.endTurn({ attack: [0] });
    expect(s.state.active).toBe(B);
    expect(s.eventsOf("ability").length).toBeLessThanOrEqual(MAX_TRIGGERS_PER_STEP);
    expect(s.unit(A, 0)).not.toBeNull();
  });
});
