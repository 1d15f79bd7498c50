import { A, B, enemyCastle, enemyUnit, scenario, T, testCatalogue } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import { indexCatalogue } from "./card-index.ts";
import { IDLE_FORFEIT, TURN_CAP } from "./constants.ts";
import { checkEnd, makeCtx } from "./context.ts";
import { createBattle } from "./create.ts";
import { step } from "./step.ts";

describe("battle start", () => {
  const deck = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? T.footman : T.ogre));
  const setup = {
    seed: 77,
    sides: [
      { name: "Alice", deck },
      { name: "Bob", hp: 80, deck },
    ] as [{ name: string; deck: number[] }, { name: string; hp: number; deck: number[] }],
    opener: 1 as const,
  };

  it("deals 5 cards each, resources 2 (+1), hp from the setup (50 by default)", () => {
    const s = createBattle(setup, testCatalogue);
    for (const side of s.sides) {
      expect(side.hand).toHaveLength(5);
      expect(side.deck).toHaveLength(35);
      expect(side.resources.fire).toEqual({ amount: 2, inc: 1 });
    }
    expect(s.sides[0].hp).toBe(50);
    expect(s.sides[1].hp).toBe(80);
    expect(s.turn).toBe(1);
    expect(s.active).toBe(1);
    expect(s.version).toBe(0);
  });

  it("the opener neither draws nor grows on turn 1; the other side does on turn 2", () => {
    const s = createBattle(setup, testCatalogue);
    expect(s.sides[1].hand).toHaveLength(5);
    expect(s.sides[1].resources.pow.amount).toBe(2);
    const r = step(
      s,
      { type: "end_turn", side: 1, attack: [false, false, false, false, false] },
      testCatalogue,
    );
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.turn).toBe(2);
    expect(r.state.sides[0].hand).toHaveLength(6);
    expect(r.state.sides[0].resources.pow).toEqual({ amount: 3, inc: 1 });
  });

  it("shuffles by the seed: same seed same decks, another seed other decks", () => {
    const a = createBattle(setup, testCatalogue);
    const b = createBattle(setup, testCatalogue);
    const c = createBattle({ ...setup, seed: 78 }, testCatalogue);
    expect(a).toEqual(b);
    expect(a.sides[0].deck).not.toEqual(c.sides[0].deck);
  });

  it("gives unique hand keys from the state's counter", () => {
    const s = createBattle(setup, testCatalogue);
    const keys = s.sides.flatMap((side) => side.hand.map((h) => h.key));
    expect(new Set(keys).size).toBe(10);
    expect(Math.max(...keys)).toBeLessThan(s.nextId);
  });

  it("refuses a deck card the catalogue does not know", () => {
    expect(() =>
      createBattle(
        { ...setup, sides: [{ name: "x", deck: [123456] }, setup.sides[1]] },
        testCatalogue,
      ),
    ).toThrow(/123456/);
  });
});

describe("turn start", () => {
  it("grows resources by inc and draws 1", () => {
    const s = scenario().resources(B, { fire: 0, diamond: 1, pow: 2 }, 2).deck(B, [T.ogre]);
    s.pass();
    expect(s.resource(B, "fire")).toEqual({ amount: 2, inc: 2 });
    expect(s.resource(B, "pow")).toEqual({ amount: 4, inc: 2 });
    expect(s.hand(B)).toEqual([T.ogre]);
  });

  it("ends exhaustion: an attacker does not strike back in the enemy turn, then is ready again", () => {
    const s = scenario().onTable(A, 0, T.ogre);
    s.endTurn({ attack: [0] });
    expect(s.unit(A, 0)?.unit.exhausted).toBe(true);
    s.onTable(B, 0, T.footman);
    s.endTurn({ attack: [0] }); // B's footman attacks the exhausted ogre: no strike back
    expect(s.unit(B, 0)?.hp).toBe(3);
    expect(s.unit(A, 0)?.hp).toBe(4);
    expect(s.unit(A, 0)?.unit.exhausted).toBe(false);
  });

  it("an asleep defender still strikes back", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.footman, { asleep: true });
    s.endTurn({ attack: [0] });
    expect(s.unit(A, 0)?.hp).toBe(1);
  });
});

describe("one card per turn", () => {
  it("a second card in the same turn is already_played", () => {
    const s = scenario().give(A, T.footman, 2);
    s.play(T.footman, { cell: 0 });
    const r = s.tryPlay(T.footman, { cell: 1 });
    expect(r.ok ? null : r.error.code).toBe("already_played");
    s.pass().pass();
    s.play(T.footman, { cell: 1 });
  });
});

describe("combat", () => {
  it("resolves lanes 0 to 4 in order, deaths after each lane", () => {
    const s = scenario()
      .onTable(A, 0, T.ogre)
      .onTable(A, 3, T.footman)
      .onTable(B, 0, T.bomber)
      .hp(A, 50);
    s.endTurn({ attack: [0, 3] });
    const types = s.events.map((e) => e.type);
    const died = types.indexOf("unit_died");
    expect(types.indexOf("unit_fight")).toBeLessThan(died);
    expect(died).toBeLessThan(types.indexOf("unit_damage_to_player"));
    expect(s.castle(B)).toBe(48);
    expect(s.castle(A)).toBe(48);
  });

  it("an unopposed attacker hits the castle", () => {
    const s = scenario().onTable(A, 2, T.ogre);
    s.endTurn({ attack: [2] });
    expect(s.castle(B)).toBe(45);
    expect(s.events).toContainEqual({ type: "unit_damage_to_player", side: A, cell: 2, damage: 5 });
  });

  it("a castle at 0 loses at once: later lanes do not resolve", () => {
    const s = scenario().onTable(A, 0, T.ogre).onTable(A, 1, T.ogre).hp(B, 4);
    s.endTurn({ attack: [0, 1] });
    expect(s.state.over).toBe(true);
    expect(s.state.winner).toBe(A);
    expect(s.state.endReason).toBe("hp");
    expect(s.castle(B)).toBe(-1);
    expect(s.unit(A, 1)?.unit.exhausted).toBe(false);
    expect(s.events.filter((e) => e.type === "unit_damage_to_player")).toHaveLength(1);
  });

  it("a spell can win the battle", () => {
    const s = scenario().hp(B, 3).give(A, T.fireball);
    s.play(T.fireball, { target: enemyCastle });
    expect(s.state).toMatchObject({ over: true, winner: A, endReason: "hp" });
  });

  it("when both castles fall at one check, the side whose turn it is wins", () => {
    const s = scenario().hp(A, 0).hp(B, -2).turnOf(B);
    const ctx = makeCtx(s.state, indexCatalogue(testCatalogue));
    checkEnd(ctx);
    expect(s.state.winner).toBe(B);
  });
});

describe("end of the battle", () => {
  it("turn cap: after turn 60 the castle with more hp wins", () => {
    const s = scenario().hp(A, 10).hp(B, 12);
    s.state.turn = TURN_CAP;
    s.pass();
    expect(s.state).toMatchObject({ over: true, winner: B, endReason: "turn_cap" });
  });

  it("turn cap with equal hp is a draw (winner null)", () => {
    const s = scenario();
    s.state.turn = TURN_CAP;
    s.pass();
    expect(s.state).toMatchObject({ over: true, winner: null, endReason: "turn_cap" });
  });

  it("give up: the giver loses, even on the other side's turn", () => {
    const s = scenario();
    expect(s.act({ type: "give_up", side: B }).ok).toBe(true);
    expect(s.state).toMatchObject({ over: true, winner: A, endReason: "give_up" });
  });

  it("left (the server's drop forfeit): the leaver loses, and the battle ends as left, not give_up", () => {
    const s = scenario();
    expect(s.act({ type: "give_up", side: A, left: true }).ok).toBe(true);
    expect(s.state).toMatchObject({ over: true, winner: B, endReason: "left" });
  });

  it("timeout: ends the turn all-defence, discards the last card above 6, counts idle turns", () => {
    const s = scenario().onTable(A, 0, T.ogre).give(A, T.footman, 6).give(A, T.harpy);
    expect(s.act({ type: "timeout", side: A }).ok).toBe(true);
    expect(s.castle(B)).toBe(50);
    expect(s.hand(A)).toEqual(new Array(6).fill(T.footman));
    expect(s.events).toContainEqual(
      expect.objectContaining({ type: "discard", side: A, card: T.harpy, reason: "timeout" }),
    );
    expect(s.events).toContainEqual(expect.objectContaining({ type: "turn_end", timeout: true }));
    expect(s.state.sides[A].idle).toBe(1);
    expect(s.active).toBe(B);
  });

  it(`${IDLE_FORFEIT} timed-out turns in a row forfeit; a real end_turn resets the count`, () => {
    const s = scenario();
    s.act({ type: "timeout", side: A });
    s.pass();
    s.pass(); // A ends a turn itself: back to 0
    expect(s.state.sides[A].idle).toBe(0);
    for (let i = 0; i < IDLE_FORFEIT; i++) {
      expect(s.state.over).toBe(false);
      s.act({ type: "timeout", side: B });
      if (!s.state.over) s.act({ type: "timeout", side: A });
    }
    expect(s.state).toMatchObject({ over: true, winner: A, endReason: "idle" });
  });

  it("ending with more than 6 cards needs a discard, which is then gone", () => {
    const s = scenario().give(A, T.footman, 6).give(A, T.ogre);
    const r = s.act(s.endTurnAction());
    expect(r.ok ? null : r.error.code).toBe("discard_required");
    s.endTurn({ discard: T.ogre });
    expect(s.hand(A)).toEqual(new Array(6).fill(T.footman));
  });

  it("fatigue grows 1, 2, 3 with each draw from an empty deck", () => {
    const s = scenario().deck(B, []);
    s.pass();
    expect(s.castle(B)).toBe(49);
    s.pass().pass();
    expect(s.castle(B)).toBe(47);
    s.pass().pass();
    expect(s.castle(B)).toBe(44);
    expect(s.state.sides[B].fatigue).toBe(3);
  });

  it("version grows by 1 with every successful step", () => {
    const s = scenario().give(A, T.fireball);
    const v = s.state.version;
    expect(s.tryPlay(T.fireball, { target: enemyUnit(0) }).ok).toBe(false);
    expect(s.state.version).toBe(v);
    s.onTable(B, 0, T.ogre).play(T.fireball, { target: enemyUnit(0) });
    expect(s.state.version).toBe(v + 1);
    s.pass();
    expect(s.state.version).toBe(v + 2);
  });
});
