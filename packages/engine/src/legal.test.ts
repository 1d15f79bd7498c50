import { A, B, type Scenario, scenario, T } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.ts";
import { legalActions, readyAttackers } from "./legal.ts";
import { step } from "./step.ts";

function plays(s: Scenario): Action[] {
  return legalActions(s.state, s.catalogue).filter((a) => a.type === "play_card");
}

function allAccepted(s: Scenario): void {
  for (const a of legalActions(s.state, s.catalogue)) {
    const r = step(s.state, a, s.catalogue);
    expect(r.ok ? "ok" : `${JSON.stringify(a)} -> ${r.error.code}`).toBe("ok");
  }
}

describe("legalActions", () => {
  it("lists a unit once per empty own cell", () => {
    const s = scenario().onTable(A, 1, T.ogre).give(A, T.footman);
    const cells = plays(s).map((a) => (a.type === "play_card" ? a.cell : -1));
    expect(cells).toEqual([0, 2, 3, 4]);
    allAccepted(s);
  });

  it("lists a targeted spell once per legal target", () => {
    const s = scenario().onTable(B, 0, T.ogre).onTable(B, 3, T.ogre).onTable(A, 2, T.ogre);
    s.give(A, T.fireball);
    const targets = plays(s).map((a) => (a.type === "play_card" ? a.target : null));
    expect(targets).toEqual([
      { key: "target_cpu_hp", value: 0, side: "cpu" },
      { key: "table_key", value: 0, side: "cpu" },
      { key: "table_key", value: 3, side: "cpu" },
    ]);
    allAccepted(s);
  });

  it("leaves out unaffordable cards and unit spells without a unit to aim at", () => {
    const s = scenario()
      .resources(A, { fire: 0, diamond: 0, pow: 20 })
      .give(A, T.ogre)
      .give(A, T.doom);
    expect(plays(s)).toEqual([]);
    s.onTable(B, 4, T.footman);
    expect(plays(s)).toHaveLength(1);
  });

  it("lists a unit with an entry target once per cell x target, or plainly when no target exists", () => {
    const s = scenario().onTable(B, 0, T.footman).onTable(B, 1, T.footman).give(A, T.archer);
    s.onTable(A, 0, T.ogre).onTable(A, 1, T.ogre).onTable(A, 2, T.ogre);
    expect(plays(s)).toHaveLength(2 * 2);
    allAccepted(s);
    const t = scenario().give(A, T.archer);
    expect(plays(t)).toHaveLength(5);
    allAccepted(t);
  });

  it("offers end_turn with all-defence flags and give_up; no plays after the card of the turn", () => {
    const s = scenario().give(A, T.footman, 2);
    s.play(T.footman, { cell: 0 });
    expect(legalActions(s.state, s.catalogue)).toEqual([
      { type: "end_turn", side: A, attack: [false, false, false, false, false] },
      { type: "give_up", side: A },
    ]);
  });

  it("offers one end_turn per discard choice when holding more than 6", () => {
    const s = scenario().give(A, T.footman, 7);
    const ends = legalActions(s.state, s.catalogue).filter((a) => a.type === "end_turn");
    expect(ends).toHaveLength(7);
    expect(new Set(ends.map((a) => (a.type === "end_turn" ? a.discard : 0))).size).toBe(7);
    allAccepted(s);
  });

  it("is empty once the battle is over", () => {
    const s = scenario();
    s.act({ type: "give_up", side: A });
    expect(legalActions(s.state, s.catalogue)).toEqual([]);
  });
});

describe("readyAttackers", () => {
  it("lists awake, unstunned, non-wall units with attack >= 1 of the side to move", () => {
    const s = scenario()
      .onTable(A, 0, T.footman, { asleep: true })
      .onTable(A, 1, T.stoneWall)
      .onTable(A, 2, T.footman, { stun: 2 })
      .onTable(A, 3, T.pacifist)
      .onTable(A, 4, T.footman)
      .onTable(B, 0, T.footman);
    expect(readyAttackers(s.state, A, s.catalogue)).toEqual([4]);
    expect(readyAttackers(s.state, B, s.catalogue)).toEqual([]);
  });

  it("counts aura attack: a 0-attack unit next to a Banner Bearer may attack", () => {
    const s = scenario().onTable(A, 3, T.pacifist).onTable(A, 4, T.banner);
    expect(readyAttackers(s.state, A, s.catalogue)).toEqual([3]);
  });
});
