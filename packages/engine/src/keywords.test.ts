import { A, B, scenario, T } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import { readyAttackers } from "./legal.ts";

describe("keyword: wall", () => {
  it("Stone Wall never attacks: it is never ready and flagging it is refused", () => {
    const s = scenario().onTable(A, 0, T.stoneWall);
    expect(readyAttackers(s.state, A, s.catalogue)).toEqual([]);
    const r = s.act(s.endTurnAction({ attack: [0] }));
    expect(r.ok ? null : r.error.code).toBe("bad_flags");
  });

  it("Stone Wall strikes back with its attack", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.stoneWall);
    s.endTurn({ attack: [0] });
    expect(s.unit(B, 0)?.hp).toBe(4);
    expect(s.unit(A, 0)?.hp).toBe(2);
  });
});

describe("keyword: first_strike", () => {
  it("Duelist kills a 3-hp defender, which does not strike back", () => {
    const s = scenario().onTable(A, 0, T.duelist).onTable(B, 0, T.footman);
    s.endTurn({ attack: [0] });
    expect(s.unit(B, 0)).toBeNull();
    expect(s.unit(A, 0)?.hp).toBe(2);
    const fight = s.allEvents.find((e) => e.type === "unit_fight");
    expect(fight).toMatchObject({ attacking: 3, defend: 0, firstStrike: true });
  });

  it("a defender that survives the first strike still strikes back", () => {
    const s = scenario().onTable(A, 0, T.duelist).onTable(B, 0, T.ogre);
    s.endTurn({ attack: [0] });
    expect(s.unit(B, 0)?.hp).toBe(3);
    expect(s.unit(A, 0)).toBeNull();
  });

  it("without first strike both strike at once", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.footman);
    s.endTurn({ attack: [0] });
    expect(s.unit(A, 0)?.hp).toBe(1);
    expect(s.unit(B, 0)?.hp).toBe(1);
  });
});

describe("keyword: lifesteal", () => {
  it("Leech's damage to the castle heals its own castle", () => {
    const s = scenario().onTable(A, 0, T.leech).hp(A, 40);
    s.endTurn({ attack: [0] });
    expect(s.castle(B)).toBe(48);
    expect(s.castle(A)).toBe(42);
  });

  it("never heals above the starting hp", () => {
    const s = scenario().onTable(A, 0, T.leech).hp(A, 49);
    s.endTurn({ attack: [0] });
    expect(s.castle(A)).toBe(50);
  });

  it("a Leech striking back heals its owner too", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.leech).hp(B, 30);
    s.endTurn({ attack: [0] });
    expect(s.castle(B)).toBe(32);
  });
});

describe("keyword: pierce", () => {
  it("Lancer's damage beyond the defender's hp goes on to the castle", () => {
    const s = scenario().onTable(A, 0, T.lancer).onTable(B, 0, T.footman);
    s.endTurn({ attack: [0] });
    expect(s.unit(B, 0)).toBeNull();
    expect(s.castle(B)).toBe(49);
    const fight = s.allEvents.find((e) => e.type === "unit_fight");
    expect(fight).toMatchObject({ attacking: 4, pierce: 1 });
  });

  it("no excess, no castle damage", () => {
    const s = scenario().onTable(A, 0, T.lancer).onTable(B, 0, T.ogre);
    s.endTurn({ attack: [0] });
    expect(s.castle(B)).toBe(50);
    expect(s.unit(B, 0)?.hp).toBe(2);
  });
});

describe("keyword: flying", () => {
  it("Harpy strikes the castle even when the facing cell is occupied, and takes nothing back", () => {
    const s = scenario().onTable(A, 0, T.harpy).onTable(B, 0, T.ogre);
    s.endTurn({ attack: [0] });
    expect(s.castle(B)).toBe(48);
    expect(s.unit(B, 0)?.hp).toBe(6);
    expect(s.unit(A, 0)?.hp).toBe(2);
  });
});

describe("keyword: regenerate N", () => {
  it("Troll heals 2 at each of its owner's turn starts, never above max", () => {
    const s = scenario().onTable(A, 0, T.troll, { damage: 3 });
    s.pass(); // B's turn starts: not the troll's owner
    expect(s.unit(A, 0)?.hp).toBe(1);
    s.pass(); // A's turn starts
    expect(s.unit(A, 0)?.hp).toBe(3);
    expect(s.events).toContainEqual({ type: "regenerate", side: A, cell: 0, amount: 2 });
    s.pass().pass();
    expect(s.unit(A, 0)?.hp).toBe(4);
  });
});

describe("keyword: poison N", () => {
  it("Viper poisons what it damages: the unit loses 2 hp at each of its owner's turn starts", () => {
    const s = scenario().onTable(A, 0, T.viper).onTable(B, 0, T.ogre);
    s.endTurn({ attack: [0] }); // ogre takes 1, is poisoned; B's turn starts: -2
    expect(s.unit(B, 0)?.hp).toBe(3);
    expect(s.unit(B, 0)?.unit.poison).toBe(2);
    expect(s.events).toContainEqual({ type: "poison", side: B, cell: 0, damage: 2 });
    s.pass().pass(); // B's next turn start: -2 more
    expect(s.unit(B, 0)?.hp).toBe(1);
  });

  it("poison that brings a unit to 0 kills it at its owner's turn start", () => {
    const s = scenario().onTable(A, 0, T.viper).onTable(B, 0, T.footman);
    s.endTurn({ attack: [0] }); // footman 3 -> 2, then poison 2 -> 0
    expect(s.unit(B, 0)).toBeNull();
    expect(s.events.some((e) => e.type === "unit_died" && e.side === B)).toBe(true);
  });

  it("a Viper striking back poisons the attacker", () => {
    const s = scenario().onTable(A, 0, T.ogre).onTable(B, 0, T.viper);
    s.endTurn({ attack: [0] });
    expect(s.unit(A, 0)?.unit.poison).toBe(2);
  });
});
