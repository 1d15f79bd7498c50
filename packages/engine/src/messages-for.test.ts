import { A, B, enemyCastle, enemyUnit, scenario, T } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import type { StateMessage } from "./messages.ts";
import { messagesFor, snapshotMessage } from "./messages-for.ts";

function keysOf(msgs: StateMessage[]): string[][] {
  return msgs.map((m) => Object.keys(m));
}

describe("messagesFor: the viewer is always player, the other side cpu", () => {
  it("writes the mover's own play as player_played_card and the opponent's as cpu_played_card", () => {
    const s = scenario().onTable(B, 1, T.ogre).give(A, T.fireball);
    s.play(T.fireball, { target: enemyUnit(1) });
    const mine = messagesFor(s.events, s.state, A, s.catalogue);
    const theirs = messagesFor(s.events, s.state, B, s.catalogue);
    expect(mine[0]?.player_played_card).toEqual({
      card: T.fireball,
      handKey: expect.any(Number),
      cell: null,
      target: { key: "table_key", value: 1, side: "cpu" },
    });
    expect(theirs[0]?.cpu_played_card).toEqual({
      card: T.fireball,
      target: { key: "table_key", value: 1, side: "player" },
      result: { cell: null },
    });
    expect(mine[1]?.middleware_ability).toMatchObject({
      tableKey: null,
      side: "player",
      card_id: T.fireball,
      double_state: false,
      result: [
        { target: { key: "table_key", value: 1, side: "cpu" }, effect: "damage", amount: 3 },
      ],
    });
    expect(theirs[1]?.middleware_ability?.side).toBe("cpu");
  });

  it("writes combat as unit_fight and unit_damage_to_player, sides from the viewer", () => {
    const s = scenario().onTable(A, 0, T.footman).onTable(B, 0, T.footman).onTable(A, 2, T.ogre);
    s.endTurn({ attack: [0, 2] });
    const mine = messagesFor(s.events, s.state, A, s.catalogue);
    const theirs = messagesFor(s.events, s.state, B, s.catalogue);
    expect(mine.find((m) => m.unit_fight)?.unit_fight).toEqual({
      tableKey: 0,
      sideA: "player",
      sideD: "cpu",
      attacking: 2,
      defend: 2,
      pierce: 0,
    });
    expect(theirs.find((m) => m.unit_fight)?.unit_fight).toMatchObject({
      sideA: "cpu",
      sideD: "player",
    });
    expect(mine.find((m) => m.unit_damage_to_player)?.unit_damage_to_player).toEqual({
      tableKey: 2,
      side: "player",
      damage: 5,
    });
  });

  it("marks the other side's turn with cpu_end_turn / cpu_start_turn", () => {
    const s = scenario();
    s.pass();
    expect(keysOf(messagesFor(s.events, s.state, A, s.catalogue)).flat()).toContain(
      "cpu_start_turn",
    );
    s.pass();
    const forA = messagesFor(s.events, s.state, A, s.catalogue);
    expect(forA[0]).toEqual({ cpu_end_turn: { turn: 4, timeout: false } });
    expect(forA.some((m) => m.phase === "play_card")).toBe(true);
  });

  it("sends skip_turn to the side whose turn timed out", () => {
    const s = scenario();
    s.act({ type: "timeout", side: A });
    expect(messagesFor(s.events, s.state, A, s.catalogue)[0]).toEqual({ skip_turn: true });
    expect(messagesFor(s.events, s.state, B, s.catalogue)[0]).toEqual({
      cpu_end_turn: { turn: 3, timeout: true },
    });
  });

  it("sends end_game with the winner from each viewer's side", () => {
    const s = scenario().hp(B, 2).give(A, T.fireball);
    s.play(T.fireball, { target: enemyCastle });
    const a = messagesFor(s.events, s.state, A, s.catalogue);
    const b = messagesFor(s.events, s.state, B, s.catalogue);
    expect(a.find((m) => m.end_game)?.end_game).toEqual({ winner: "player", reason: "hp" });
    expect(b.find((m) => m.end_game)?.end_game).toEqual({ winner: "cpu", reason: "hp" });
    expect(a.at(-1)?.phase).toBe("end_game");
  });

  it("ends with a snapshot: game_data, phase, player (with hand), cpu (without), counters", () => {
    const s = scenario().give(A, T.ogre).give(B, T.harpy).onTable(B, 3, T.footman);
    const snap = snapshotMessage(s.state, A, s.catalogue);
    expect(Object.keys(snap).sort()).toEqual(["counters", "cpu", "game_data", "phase", "player"]);
    expect(snap.player?.hand).toEqual({ [String(s.keyOf(T.ogre, A))]: T.ogre });
    expect(snap.cpu).not.toHaveProperty("hand");
    expect(snap.cpu?.table[3]).toMatchObject({ card: T.footman, effect: { stun: 0 } });
    expect(snap.cpu?.table[0]).toBe(0);
    expect(snap.counters).toEqual({
      player: { deck_count: 20, hand_count: 1 },
      cpu: { deck_count: 20, hand_count: 1 },
    });
    expect(snap.game_data).toMatchObject({
      playerName: "Alice",
      cpuName: "Bob",
      active: "player",
      version: s.state.version,
    });
  });

  it("never shows the opponent's drawn or discarded cards", () => {
    const s = scenario().deck(B, [T.troll]).give(B, T.viper).give(A, T.mindRot);
    s.play(T.mindRot); // B discards the viper
    const afterDiscard = JSON.stringify(messagesFor(s.events, s.state, A, s.catalogue));
    expect(afterDiscard).not.toContain(String(T.viper));
    s.pass(); // B draws the troll
    const afterDraw = JSON.stringify(messagesFor(s.events, s.state, A, s.catalogue));
    expect(afterDraw).not.toContain(String(T.troll));
    expect(JSON.stringify(messagesFor(s.events, s.state, B, s.catalogue))).toContain(
      String(T.troll),
    );
  });
});
