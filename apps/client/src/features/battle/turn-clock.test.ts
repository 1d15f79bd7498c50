import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pvpStatusStore } from "../../lib/realtime/pvp-game-channel.ts";
import { resetServerClock } from "../../lib/realtime/server-clock.ts";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { tutorialRun } from "../../stores/tutorial-state.ts";
import { sounds } from "./battle-sounds.ts";
import { TURN_SECONDS } from "./battle-timings.ts";
import { boardOf, settledBoard } from "./board-fixture.ts";
import {
  clockForSettledTurn,
  markExpired,
  msSinceTurnEnded,
  notePvpClock,
  noteTurnEnded,
  onClockTimeout,
  pvpSecondsLeft,
  resetClock,
  startTimer,
  stopTimer,
} from "./turn-clock.ts";

const player = vi.fn<(turn: number) => void>();
const enemy = vi.fn<(turn: number) => void>();

beforeEach(() => {
  vi.useFakeTimers();
  onClockTimeout({ player, enemy });
});
afterEach(() => {
  stopTimer();
  resetClock();
  resetServerClock();
  clearBattleStore();
  appStore.reset(initialAppState());
  tutorialRun.set({ running: false });
  player.mockReset();
  enemy.mockReset();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const left = () => battleStore.get().timer?.left;

/** A PvP board on `turn`, the `active` side to play. */
function pvpBoard(turn: number, active: "player" | "cpu"): StateMessage {
  const server = boardOf();
  const snap = structuredClone(server.snapshot());
  if (!snap.game_data) throw new Error("no game data");
  snap.game_data = { ...snap.game_data, isPvP: true, turn, active };
  settledBoard(snap, { phase: active === "player" ? "play_card" : "enemy_turn" });
  return snap;
}

describe("the turn clock", () => {
  it("counts down each second, warns in the last 6, and tells when the player's time ran out", async () => {
    boardOf();
    const lowTime = vi.spyOn(sounds, "lowTime").mockImplementation(() => {});
    startTimer("player", 8, 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(left()).toBe(7);
    expect(lowTime).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(lowTime).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(left()).toBe(0);
    expect(player).toHaveBeenCalledWith(1);
    expect(enemy).not.toHaveBeenCalled();
  });

  it("stops a computer's clock at zero: its turn ends on the server", async () => {
    boardOf();
    startTimer("cpu", 2, 2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(left()).toBe(0);
    expect(player).not.toHaveBeenCalled();
    expect(enemy).not.toHaveBeenCalled();
  });

  it("tells when a PvP opponent's time ran out", async () => {
    pvpBoard(2, "cpu");
    startTimer("cpu", 1, 2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(enemy).toHaveBeenCalledWith(2);
  });

  it("waits while the tutorial's guide is teaching", async () => {
    boardOf();
    tutorialRun.set({ running: true });
    appStore.set({ tutorial: { step: "PlayFirstCard40", isActive: true } });
    startTimer("player", 10, 1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(left()).toBe(10);
  });

  it("runs no clock in a replay", () => {
    boardOf({}, { mode: "replay" });
    startTimer("player", 10, 1);
    expect(battleStore.get().timer).toBeNull();
  });

  it("remembers when the player ended a turn", () => {
    noteTurnEnded(1_000);
    expect(msSinceTurnEnded(1_600)).toBe(600);
  });
});

describe("PvP clocks", () => {
  it("count to the server's deadline on the server's clock, and note the forfeit count", async () => {
    const snap = pvpBoard(3, "player");
    const now = Date.now();
    const gameData = snap.game_data;
    if (!gameData) throw new Error("no game data");
    // The server's clock is 5 s ahead of this one; its deadline is 20 s from its now.
    notePvpClock(
      {
        game_data: {
          ...gameData,
          server_time: now + 5_000,
          turn_deadline: now + 25_000,
          idle_left: 2,
        },
      },
      now,
    );
    expect(pvpStatusStore.get().idleLeft).toBe(2);
    expect(pvpSecondsLeft(3, TURN_SECONDS.player)).toBe(20);
    expect(pvpSecondsLeft(4, TURN_SECONDS.player)).toBe(TURN_SECONDS.player);
    clockForSettledTurn();
    expect(battleStore.get().timer).toEqual({ seat: "player", left: 20, turn: 3 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(left()).toBe(17);
  });

  it("count on their own once the turn expired here (no ending it again every second)", async () => {
    const snap = pvpBoard(3, "player");
    const now = Date.now();
    const gameData = snap.game_data;
    if (!gameData) throw new Error("no game data");
    notePvpClock({ game_data: { ...gameData, turn_deadline: now + 1_000 } }, now);
    markExpired(3);
    startTimer("player", TURN_SECONDS.player, 3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(left()).toBe(TURN_SECONDS.player - 3);
    expect(player).not.toHaveBeenCalled();
  });

  it("start the opponent's clock when they are to play", () => {
    pvpBoard(2, "cpu");
    clockForSettledTurn();
    expect(battleStore.get().timer).toEqual({ seat: "cpu", left: TURN_SECONDS.enemy, turn: 2 });
  });

  it("ignore a computer game's snapshots", () => {
    const server = boardOf();
    pvpStatusStore.set({ idleLeft: null });
    notePvpClock(server.snapshot(), Date.now());
    expect(pvpStatusStore.get().idleLeft).toBeNull();
  });
});
