import { describe, expect, it } from "vitest";
import type { BattlePhase } from "../../stores/battle-store.ts";
import { isPlayerActing, type MachineEvent, transition } from "./battle-machine.ts";

function run(from: BattlePhase, ...events: MachineEvent[]): BattlePhase {
  return events.reduce(transition, from);
}

describe("the battle interaction machine", () => {
  it("picks a unit, places it, waits for the server, and is back in play_card", () => {
    expect(run("play_card", { type: "pick", kind: "unit" })).toBe("select_unit_target");
    expect(
      run("play_card", { type: "pick", kind: "unit" }, { type: "place", thenAim: false }),
    ).toBe("play_unit");
    expect(
      run(
        "play_card",
        { type: "pick", kind: "unit" },
        { type: "place", thenAim: false },
        { type: "server", phase: "play_card" },
      ),
    ).toBe("play_card");
  });

  it("asks a unit with an entry target for its target after its cell", () => {
    expect(
      run(
        "play_card",
        { type: "pick", kind: "unit" },
        { type: "place", thenAim: true },
        { type: "aim", unit: true },
      ),
    ).toBe("play_unit");
  });

  it("sends a spell without a target at once, and a targeted one after its target", () => {
    expect(run("play_card", { type: "pick", kind: "spell_free" })).toBe("play_card_progress");
    expect(run("play_card", { type: "pick", kind: "spell_target" })).toBe("select_spell_target");
    expect(
      run("play_card", { type: "pick", kind: "spell_target" }, { type: "aim", unit: false }),
    ).toBe("play_spell");
  });

  it("cancels a pick back to play_card, and switches to another card", () => {
    expect(run("select_spell_target", { type: "cancel" })).toBe("play_card");
    expect(run("select_unit_target", { type: "pick", kind: "spell_target" })).toBe(
      "select_spell_target",
    );
  });

  it("needs a discard above 6 cards before the end turn", () => {
    expect(run("play_card", { type: "end_turn", mustDiscard: true })).toBe("discard_card");
    expect(run("discard_card", { type: "discard" })).toBe("end_turn");
    expect(run("discard_card", { type: "cancel" })).toBe("play_card");
    expect(run("play_card", { type: "end_turn", mustDiscard: false })).toBe("end_turn");
  });

  it("ignores the player's intents while waiting, in the enemy's turn and after the end", () => {
    for (const phase of ["play_unit", "end_turn", "enemy_turn", "give_up"] as const) {
      expect(run(phase, { type: "pick", kind: "unit" })).toBe(phase);
      expect(run(phase, { type: "end_turn", mustDiscard: false })).toBe(phase);
      expect(isPlayerActing(phase)).toBe(false);
    }
    expect(run("end_game", { type: "server", phase: "play_card" })).toBe("end_game");
  });

  it("follows the server: the enemy's turn, skip_turn, the end, and a failed call", () => {
    expect(run("end_turn", { type: "server", phase: "enemy_turn" })).toBe("enemy_turn");
    expect(run("enemy_turn", { type: "server", phase: "play_card" })).toBe("play_card");
    expect(run("select_unit_target", { type: "skip_turn" })).toBe("enemy_turn");
    expect(run("give_up", { type: "server", phase: "play_card" })).toBe("give_up");
    expect(run("give_up", { type: "server", phase: "end_game" })).toBe("end_game");
    expect(run("play_unit", { type: "failed", phase: "play_card" })).toBe("play_card");
    expect(run("play_card", { type: "give_up" })).toBe("give_up");
  });
});
