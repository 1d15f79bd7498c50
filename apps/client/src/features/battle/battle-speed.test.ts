// @vitest-environment happy-dom
import type { StateMessage } from "@cardrealm/engine";
import { MESSAGES } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage.ts";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { currentTempo, setTempo } from "./battle-queue.ts";
import { battleSpeed, reloadBattleSpeed, setBattleSpeed } from "./battle-speed.ts";
import { TIMINGS } from "./battle-timings.ts";
import { boardOf } from "./board-fixture.ts";
import { applyMessage } from "./message-playback.ts";
import { stopTimer } from "./turn-clock.ts";

const MOSSLING = 1001;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  reloadBattleSpeed();
  setTempo(1);
});
afterEach(() => {
  stopTimer();
  clearBattleStore();
  appStore.reset(initialAppState());
  setTempo(1);
  localStorage.clear();
  vi.useRealTimers();
});

const played: StateMessage = {
  cpu_played_card: { card: MOSSLING, target: null, result: { cell: 1 } },
};

describe("the battle speed switch", () => {
  it("is 1x on a new device, and 2x is remembered and speeds the board up at once", () => {
    expect(battleSpeed()).toBe(1);
    setBattleSpeed(2);
    expect(currentTempo()).toBe(2);
    expect(localStorage.getItem(STORAGE_KEYS.battleSpeed)).toBe("2");
    // A reload reads it back.
    setTempo(1);
    reloadBattleSpeed();
    expect(battleSpeed()).toBe(2);
  });

  it("at 1x keeps the computer's card up 2000 ms while its unit lands under it", async () => {
    boardOf();
    const applying = applyMessage(played);
    await vi.advanceTimersByTimeAsync(0);
    expect(battleStore.get().cpuCard?.card).toBe(MOSSLING);
    await vi.advanceTimersByTimeAsync(TIMINGS.cpuCardLead);
    await applying;
    // The board went on (the unit is in its cell) with the card still up.
    expect(battleStore.get().shown?.cpu.table[1]?.card).toBe(MOSSLING);
    expect(battleStore.get().cpuCard?.card).toBe(MOSSLING);
    await vi.advanceTimersByTimeAsync(TIMINGS.cpuCard - TIMINGS.cpuCardLead);
    expect(battleStore.get().cpuCard).toBeNull();
  });

  it("at 2x plays the computer's turn start and card in half the time", async () => {
    setBattleSpeed(2);
    boardOf();
    const start = applyMessage({ cpu_start_turn: { turn: 2 } });
    await vi.advanceTimersByTimeAsync(TIMINGS.enemyWait / 2);
    expect(battleStore.get().message?.text).toBe(MESSAGES.enemyTurn);
    await vi.advanceTimersByTimeAsync(TIMINGS.enemyLead / 2);
    await start;
    const card = applyMessage(played);
    await vi.advanceTimersByTimeAsync(TIMINGS.cpuCardLead / 2);
    await card;
    expect(battleStore.get().shown?.cpu.table[1]?.card).toBe(MOSSLING);
    await vi.advanceTimersByTimeAsync((TIMINGS.cpuCard - TIMINGS.cpuCardLead) / 2);
    expect(battleStore.get().cpuCard).toBeNull();
  });
});
