import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { mockFetch } from "../../test/fixtures.ts";
import { clearQueue, queueDrained, resetSync } from "./battle-sync.ts";
import { ARENA_BOT_ID, TURN_SECONDS } from "./battle-timings.ts";
import { boardOf, settledBoard } from "./board-fixture.ts";
import { resetClock, stopTimer } from "./turn-clock.ts";
import { onEnemyTimeout, onPlayerTimeout, WARNING_GRACE_MS } from "./turn-timeouts.ts";

const MOSSLING = 1001;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  clearQueue();
  stopTimer();
  resetClock();
  resetSync();
  clearBattleStore();
  appStore.reset(initialAppState());
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function drained(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
  const done = queueDrained();
  await vi.advanceTimersByTimeAsync(20_000);
  await done;
}

describe("a clock that ran out", () => {
  it("ends the player's turn, and restarts at 10 s against the computer", async () => {
    const server = boardOf();
    mockFetch(server.routes);
    battleStore.set({
      pick: { handKey: 1, card: MOSSLING, isUnit: true, via: "click", cell: null },
    });
    onPlayerTimeout(1);
    expect(battleStore.get().timer).toEqual({
      seat: "player",
      left: TURN_SECONDS.afterTimeout,
      turn: 1,
    });
    await drained();
    expect(server.calls[0]?.path).toBe("end-turn");
  });

  it("discards the last card of a hand above six, and restarts at 50 s against the arena bot", async () => {
    const server = boardOf({ cpuId: ARENA_BOT_ID });
    const keys = server.setHand(Array(7).fill(MOSSLING));
    settledBoard(server.snapshot());
    mockFetch(server.routes);
    onPlayerTimeout(1);
    expect(battleStore.get().timer?.left).toBe(TURN_SECONDS.player);
    await drained();
    expect(server.calls[0]).toMatchObject({ path: "end-turn", body: { discard_card: keys[6] } });
  });

  it("reports a PvP opponent who ran out, after a grace, only while their turn is on", async () => {
    const server = boardOf();
    const snap: StateMessage = structuredClone(server.snapshot());
    if (!snap.game_data) throw new Error("no game data");
    snap.game_data = { ...snap.game_data, isPvP: true, active: "cpu", turn: 2 };
    settledBoard(snap, { phase: "enemy_turn" });
    const { calls } = mockFetch({
      "POST /api/game/pvp/warning": () => ({ status: 409, body: { error: { code: "early" } } }),
    });
    onEnemyTimeout(2);
    expect(battleStore.get().timer).toEqual({ seat: "cpu", left: 5, turn: 2 });
    await vi.advanceTimersByTimeAsync(WARNING_GRACE_MS);
    expect(calls.map((c) => c.key)).toEqual(["POST /api/game/pvp/warning"]);

    // Their turn ended meanwhile (the server's own timer): nothing is sent.
    onEnemyTimeout(2);
    battleStore.set((s) => ({ shown: s.shown ? { ...s.shown, active: "player" } : null }));
    await vi.advanceTimersByTimeAsync(WARNING_GRACE_MS);
    expect(calls).toHaveLength(1);
  });
});
