import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { mockFetch } from "../../test/fixtures.ts";
import { endTurn } from "./battle-intents.ts";
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

/** Lets the board play on, 50 ms at a time, until the player's clock runs for `turn`. */
async function untilPlayerClock(turn: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const timer = battleStore.get().timer;
    if (timer?.seat === "player" && timer.turn === turn) return;
    await vi.advanceTimersByTimeAsync(50);
  }
  throw new Error(`the player's clock for turn ${turn} never started`);
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

  it("gives the player's next turn 10 s in a story battle, and 50 s again once they end a turn themselves", async () => {
    const server = boardOf();
    mockFetch(server.routes);
    onPlayerTimeout(1);
    // Turns count both sides': the computer's is 2, the player's next one 3.
    await untilPlayerClock(3);
    // The computer played its turn; the player's next turn counts from 10 s (product.md section 4).
    expect(battleStore.get()).toMatchObject({
      phase: "play_card",
      timer: { seat: "player", left: TURN_SECONDS.afterTimeout, turn: 3 },
    });
    endTurn();
    await untilPlayerClock(5);
    expect(battleStore.get().timer).toEqual({ seat: "player", left: TURN_SECONDS.player, turn: 5 });
  });

  it("keeps 50 s for the turn after a timeout against the arena bot", async () => {
    const server = boardOf({ cpuId: ARENA_BOT_ID });
    mockFetch(server.routes);
    onPlayerTimeout(1);
    await untilPlayerClock(3);
    expect(battleStore.get().timer).toEqual({ seat: "player", left: TURN_SECONDS.player, turn: 3 });
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
