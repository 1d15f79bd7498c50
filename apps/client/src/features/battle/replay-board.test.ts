import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { pushIfNewer, resetSync } from "./battle-sync.ts";
import { shownFromSnapshot } from "./battle-view.ts";
import { answerOf, boardOf } from "./board-fixture.ts";
import { fakeBattleServer } from "./fake-battle-server.ts";
import { playReplayMessages, showReplayFrame } from "./replay-board.ts";

const MOSSLING = 1001;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  resetSync();
  clearBattleStore();
  vi.useRealTimers();
});

describe("the board in replay mode", () => {
  it("shows a frame at once: the last snapshot, read-only, and the end if it came", () => {
    const server = fakeBattleServer({ cpuId: 28 });
    const first = server.snapshot();
    const end: StateMessage = { end_game: { winner: "cpu", reason: "give_up" } };
    showReplayFrame([first, end]);
    expect(battleStore.get()).toMatchObject({
      mode: "replay",
      status: "ready",
      phase: "end_game",
      endGame: end.end_game,
      background: "vampireBG",
      timer: null,
      shown: shownFromSnapshot(first),
    });
    showReplayFrame([first]);
    expect(battleStore.get()).toMatchObject({ phase: "play_card", endGame: null });
  });

  it("shows nothing for steps without a snapshot", () => {
    boardOf();
    const before = battleStore.get();
    showReplayFrame([{ cpu_start_turn: { turn: 2 } }]);
    expect(battleStore.get()).toMatchObject({ mode: "live", shown: before.shown });
  });

  it("animates a step like the live battle, noting no version of the live game", async () => {
    const server = fakeBattleServer();
    showReplayFrame([server.snapshot()]);
    const [unit] = server.setHand([MOSSLING]) as [number];
    const step = answerOf(server, "POST /api/game/cpu/play-card", {
      hand_key: unit,
      key: "table_key",
      value: 1,
      side: "player",
    });
    const done = playReplayMessages(step);
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(battleStore.get().shown?.player.table[1]?.card).toBe(MOSSLING);
    expect(battleStore.get().mode).toBe("replay");
    // The live game's versions were not touched: a resync's list of version 1 is still newer.
    pushIfNewer([server.snapshot()]);
    expect(battleStore.get().animating).toBe(true);
  });

  it("plays nothing over a live battle", async () => {
    boardOf();
    const before = battleStore.get();
    await playReplayMessages([{ cpu_start_turn: { turn: 2 } }]);
    expect(battleStore.get()).toBe(before);
  });
});
