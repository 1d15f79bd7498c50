import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { TIMINGS } from "./battle-timings.ts";
import {
  pauseTutorialForEnemyTurn,
  tutorialAfterEnemyTurn,
  tutorialStep,
} from "./battle-tutorial.ts";
import { boardOf, settledBoard } from "./board-fixture.ts";
import {
  changeHp,
  dispatch,
  payCost,
  resolveDeaths,
  showMessage,
  signed,
  wake,
} from "./board-stage.ts";

const MOSSLING = 1001; // unit 2/2, costs 2 diamond

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  clearBattleStore();
  appStore.reset(initialAppState());
  vi.useRealTimers();
});

const shown = () => {
  const b = battleStore.get().shown;
  if (!b) throw new Error("no board");
  return b;
};

describe("the board's stage", () => {
  it("moves the phase through the machine and keeps a pick only while it is placed or aimed", () => {
    boardOf();
    const pick = { handKey: 1, card: MOSSLING, isUnit: true, via: "click" as const, cell: null };
    battleStore.set({ pick });
    dispatch({ type: "pick", kind: "unit" });
    expect(battleStore.get()).toMatchObject({ phase: "select_unit_target", pick });
    dispatch({ type: "place", thenAim: false });
    expect(battleStore.get()).toMatchObject({ phase: "play_unit", pick });
    dispatch({ type: "server", phase: "play_card" });
    expect(battleStore.get()).toMatchObject({ phase: "play_card", pick: null });
  });

  it("changes a castle's hp with its floating number, gone after 700 ms", async () => {
    boardOf();
    const hp = shown().cpu.hp;
    changeHp({ seat: "cpu", cell: null }, -3);
    changeHp({ seat: "player", cell: null }, 0);
    expect(shown().cpu.hp).toBe(hp - 3);
    expect(battleStore.get().popups).toMatchObject([
      { seat: "cpu", cell: null, text: "-3", tone: "damage" },
    ]);
    await vi.advanceTimersByTimeAsync(TIMINGS.popup);
    expect(battleStore.get().popups).toEqual([]);
    expect(signed(2)).toBe("+2");
    expect(signed(-2)).toBe("-2");
  });

  it("fades units at 0 hp out and takes them off the table", async () => {
    const server = boardOf();
    server.putUnit(1, 2, MOSSLING);
    server.putUnit(0, 0, MOSSLING);
    settledBoard(server.snapshot());
    changeHp({ seat: "cpu", cell: 2 }, -5);
    const done = resolveDeaths(["player-0"]);
    expect(battleStore.get().dying.sort()).toEqual(["cpu-2", "player-0"]);
    await vi.advanceTimersByTimeAsync(TIMINGS.removal);
    await done;
    expect(battleStore.get().dying).toEqual([]);
    expect(shown().cpu.table[2]).toBeNull();
    expect(shown().player.table[0]).toBeNull();
  });

  it("pays a played card's printed cost and wakes a side's units", () => {
    const server = boardOf();
    server.putUnit(0, 1, MOSSLING);
    settledBoard(server.snapshot());
    battleStore.set({
      shown: {
        ...shown(),
        player: {
          ...shown().player,
          table: shown().player.table.map((u) => (u ? { ...u, sleep: true } : null)),
        },
      },
    });
    const diamond = shown().player.diamond.amount;
    payCost("player", MOSSLING);
    expect(shown().player.diamond.amount).toBe(Math.max(0, diamond - 2));
    wake("player");
    expect(shown().player.table[1]?.sleep).toBe(false);
  });

  it("shows a banner message for its time, unless a newer one replaced it", async () => {
    boardOf();
    showMessage("Enemy turn!", "enemy_turn", 1000);
    await vi.advanceTimersByTimeAsync(500);
    showMessage("Your turn!", "your_turn", 1000);
    await vi.advanceTimersByTimeAsync(600);
    expect(battleStore.get().message?.text).toBe("Your turn!");
    await vi.advanceTimersByTimeAsync(400);
    expect(battleStore.get().message).toBeNull();
  });
});

describe("the tutorial's battle steps", () => {
  it("moves only from the step named, pauses for the enemy and comes back one step on", () => {
    boardOf();
    appStore.set({ tutorial: { step: "PlayFirstCard40", isActive: true } });
    tutorialStep("PlaySecondCard50", "EndTurnBattle55");
    expect(appStore.get().tutorial.step).toBe("PlayFirstCard40");
    tutorialStep("PlayFirstCard40", "EndTurnBattle45");
    expect(appStore.get().tutorial).toEqual({ step: "EndTurnBattle45", isActive: true });
    pauseTutorialForEnemyTurn();
    expect(appStore.get().tutorial.isActive).toBe(false);
    tutorialAfterEnemyTurn();
    expect(appStore.get().tutorial).toEqual({ step: "PlaySecondCard50", isActive: true });
  });

  it("never moves during a replay", () => {
    boardOf({}, { mode: "replay" });
    appStore.set({ tutorial: { step: "PlayFirstCard40", isActive: true } });
    tutorialStep("PlayFirstCard40", "EndTurnBattle45");
    expect(appStore.get().tutorial.step).toBe("PlayFirstCard40");
  });
});
