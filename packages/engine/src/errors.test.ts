import * as kit from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import type { Action } from "./actions.ts";
import { cloneState } from "./clone.ts";
import type { EngineErrorCode } from "./errors.ts";
import { step } from "./step.ts";

/** Runs an illegal action: it must fail with `code` and leave the state exactly as it was. */
function refuses(s: Scenario, action: Action | ((s: Scenario) => Action), code: EngineErrorCode) {
  const before = cloneState(s.state);
  const json = JSON.stringify(s.state);
  const a = typeof action === "function" ? action(s) : action;
  const r = step(s.state, a, s.catalogue);
  expect(r.ok ? "ok" : r.error.code).toBe(code);
  if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
  expect(s.state).toEqual(before);
  expect(JSON.stringify(s.state)).toBe(json);
}

const { A, B, enemyCastle, enemyUnit, ownCastle, ownUnit, scenario, T } = kit;
type Scenario = kit.Scenario;
const defence = [false, false, false, false, false];

describe("illegal actions return a typed error and leave the state as it was", () => {
  it("not_your_turn", () => {
    const s = scenario().give(B, T.footman);
    refuses(
      s,
      { type: "play_card", side: B, handKey: s.keyOf(T.footman, B), cell: 0 },
      "not_your_turn",
    );
    refuses(s, { type: "end_turn", side: B, attack: defence }, "not_your_turn");
    refuses(s, { type: "timeout", side: B }, "not_your_turn");
  });

  it("battle_over", () => {
    const s = scenario().give(A, T.footman);
    s.act({ type: "give_up", side: B });
    refuses(s, (x) => x.playAction(T.footman, { cell: 0 }), "battle_over");
    refuses(s, { type: "end_turn", side: A, attack: defence }, "battle_over");
    refuses(s, { type: "give_up", side: A }, "battle_over");
    refuses(s, { type: "timeout", side: A }, "battle_over");
  });

  it("unknown_hand_key", () => {
    const s = scenario().give(B, T.footman);
    refuses(s, { type: "play_card", side: A, handKey: 999, cell: 0 }, "unknown_hand_key");
    // A key of the other side's hand is unknown too.
    refuses(
      s,
      { type: "play_card", side: A, handKey: s.keyOf(T.footman, B), cell: 0 },
      "unknown_hand_key",
    );
  });

  it("unaffordable", () => {
    const s = scenario().resources(A, { fire: 3, diamond: 0 }).give(A, T.ogre);
    refuses(s, (x) => x.playAction(T.ogre, { cell: 0 }), "unaffordable");
  });

  it("bad_cell: a unit without a cell, or outside 0-4", () => {
    const s = scenario().give(A, T.footman);
    refuses(s, (x) => x.playAction(T.footman), "bad_cell");
    refuses(s, (x) => x.playAction(T.footman, { cell: 5 }), "bad_cell");
    refuses(s, (x) => x.playAction(T.footman, { cell: -1 }), "bad_cell");
    refuses(s, (x) => x.playAction(T.footman, { cell: 1.5 }), "bad_cell");
  });

  it("cell_occupied", () => {
    const s = scenario().onTable(A, 2, T.ogre).give(A, T.footman);
    refuses(s, (x) => x.playAction(T.footman, { cell: 2 }), "cell_occupied");
  });

  it("cell_empty: a unit target on an empty cell", () => {
    const s = scenario().onTable(B, 0, T.ogre).give(A, T.fireball);
    refuses(s, (x) => x.playAction(T.fireball, { target: enemyUnit(3) }), "cell_empty");
  });

  it("bad_target: a target the card does not allow", () => {
    const s = scenario()
      .onTable(A, 0, T.footman)
      .onTable(B, 0, T.footman)
      .give(A, T.fireball)
      .give(A, T.blessing)
      .give(A, T.doom)
      .give(A, T.meteor);
    // Fireball aims at the enemy (cpu side): not at an own unit, nor the own castle.
    refuses(s, (x) => x.playAction(T.fireball, { target: ownUnit(0) }), "bad_target");
    refuses(s, (x) => x.playAction(T.fireball, { target: ownCastle }), "bad_target");
    // Blessing aims at units only.
    refuses(s, (x) => x.playAction(T.blessing, { target: ownCastle }), "bad_target");
    // A spell that needs a target, played without one.
    refuses(s, (x) => x.playAction(T.fireball), "bad_target");
    // A card that takes no target, given one.
    refuses(s, (x) => x.playAction(T.meteor, { target: enemyCastle }), "bad_target");
    // Malformed targets.
    refuses(
      s,
      (x) =>
        x.playAction(T.fireball, { target: { key: "target_cpu_hp", value: 0, side: "player" } }),
      "bad_target",
    );
    refuses(
      s,
      (x) => x.playAction(T.fireball, { target: { key: "table_key", value: 7, side: "cpu" } }),
      "bad_target",
    );
  });

  it("bad_target: a unit-targeting spell needs a unit on that side", () => {
    const s = scenario().give(A, T.doom);
    refuses(s, (x) => x.playAction(T.doom, { target: enemyCastle }), "bad_target");
    refuses(s, (x) => x.playAction(T.doom), "bad_target");
  });

  it("already_played", () => {
    const s = scenario().give(A, T.footman, 2);
    s.play(T.footman, { cell: 0 });
    refuses(s, (x) => x.playAction(T.footman, { cell: 1 }), "already_played");
  });

  it("discard_required", () => {
    const s = scenario().give(A, T.footman, 7);
    refuses(s, { type: "end_turn", side: A, attack: defence }, "discard_required");
  });

  it("bad_discard: no such card, or no discard needed", () => {
    const s = scenario().give(A, T.footman, 7);
    refuses(s, { type: "end_turn", side: A, attack: defence, discard: 12345 }, "bad_discard");
    const t = scenario().give(A, T.footman, 3);
    refuses(t, (x) => x.endTurnAction({ discard: T.footman }), "bad_discard");
  });

  it("bad_flags: not 5 booleans, or a unit that cannot attack", () => {
    const s = scenario()
      .onTable(A, 0, T.footman, { asleep: true })
      .onTable(A, 1, T.stoneWall)
      .onTable(A, 2, T.footman, { stun: 1 })
      .onTable(A, 3, T.pacifist)
      .onTable(A, 4, T.footman);
    refuses(s, { type: "end_turn", side: A, attack: [true] }, "bad_flags");
    refuses(
      s,
      {
        type: "end_turn",
        side: A,
        attack: [false, false, false, false, "yes"] as unknown as boolean[],
      },
      "bad_flags",
    );
    for (const cell of [0, 1, 2, 3])
      refuses(s, (x) => x.endTurnAction({ attack: [cell] }), "bad_flags");
    const empty = scenario();
    refuses(empty, (x) => x.endTurnAction({ attack: [2] }), "bad_flags");
  });

  it("stale_version: an intent made against an old version", () => {
    const s = scenario().give(A, T.footman);
    refuses(
      s,
      (x) => ({ ...x.playAction(T.footman, { cell: 0 }), version: x.state.version - 1 }),
      "stale_version",
    );
    const ok = s.act({ ...s.playAction(T.footman, { cell: 0 }), version: s.state.version });
    expect(ok.ok).toBe(true);
  });

  it("bad_action: not an action", () => {
    const s = scenario();
    refuses(s, { type: "dance", side: A } as unknown as Action, "bad_action");
    refuses(s, { type: "give_up", side: 2 } as unknown as Action, "bad_action");
    refuses(s, null as unknown as Action, "bad_action");
  });

  it("a successful step never mutates its input either", () => {
    const s = scenario().onTable(A, 0, T.ogre).onTable(B, 0, T.footman).give(A, T.earthquake);
    const before = cloneState(s.state);
    const input = s.state;
    s.play(T.earthquake);
    expect(input).toEqual(before);
    expect(s.state).not.toEqual(before);
  });
});
