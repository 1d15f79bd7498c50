import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { battleStore, clearBattleStore, initialBattleState } from "../../stores/battle-store.ts";
import { mockFetch } from "../../test/fixtures.ts";
import {
  clearQueue,
  onBattleGone,
  pushIfNewer,
  pushStates,
  queueDrained,
  receivePvpState,
  resetSync,
  resync,
  syncedGameId,
} from "./battle-sync.ts";
import { fakeBattleServer, GAME_ID } from "./fake-battle-server.ts";
import { stopTimer } from "./turn-clock.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  clearQueue();
  stopTimer();
  resetSync();
  clearBattleStore();
  onBattleGone(() => {});
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The snapshot of the fake server's game at `version`. */
function snapshotAt(version: number): StateMessage {
  const snap = fakeBattleServer().snapshot();
  if (!snap.game_data) throw new Error("no game data");
  snap.game_data.version = version;
  return snap;
}

async function drained(): Promise<void> {
  const done = queueDrained();
  await vi.advanceTimersByTimeAsync(10_000);
  await done;
}

const version = () => battleStore.get().shown?.version;

describe("keeping the board in step with the server", () => {
  it("applies a list through the queue and remembers its game", async () => {
    battleStore.reset({ ...initialBattleState(), status: "loading" });
    pushStates([snapshotAt(3)]);
    expect(battleStore.get().animating).toBe(true);
    await drained();
    expect(battleStore.get()).toMatchObject({ status: "ready", animating: false });
    expect(version()).toBe(3);
    expect(syncedGameId()).toBe(GAME_ID);
  });

  it("takes a resync's answer only when it moved the game on", async () => {
    pushStates([snapshotAt(3)]);
    await drained();
    pushIfNewer([snapshotAt(3)]);
    pushIfNewer(null);
    expect(battleStore.get().animating).toBe(false);
    pushIfNewer([snapshotAt(4)]);
    await drained();
    expect(version()).toBe(4);
  });

  it("takes a channel list only for this game, when newer, and never over a replay", async () => {
    pushStates([snapshotAt(3)]);
    await drained();
    const frame = (seq: number, gameId = GAME_ID) => ({
      type: "state" as const,
      game_id: gameId,
      seq,
      messages: [snapshotAt(seq)],
    });
    expect(receivePvpState(frame(5, "another-game"))).toBe(false);
    expect(receivePvpState(frame(2))).toBe(true);
    await drained();
    expect(version()).toBe(3);
    expect(receivePvpState(frame(6))).toBe(true);
    await drained();
    expect(version()).toBe(6);
    battleStore.set({ mode: "replay" });
    expect(receivePvpState(frame(7))).toBe(false);
  });

  it("re-syncs from the server, and when the battle is gone says so", async () => {
    const gone = vi.fn();
    onBattleGone(gone);
    mockFetch({
      "GET /api/game/cpu/current": () => ({ status: 200, body: { data: [snapshotAt(9)] } }),
    });
    await resync();
    await drained();
    expect(version()).toBe(9);
    const none = () => ({ status: 200, body: { data: null } });
    mockFetch({ "GET /api/game/cpu/current": none, "GET /api/game/pvp/current": none });
    await resync();
    expect(gone).toHaveBeenCalledTimes(1);
    battleStore.set({ endGame: { winner: "player", reason: "hp" } });
    await resync();
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
