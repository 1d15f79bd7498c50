import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverGameData } from "../../lib/realtime/pvp-game-channel.ts";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { makeUser, mockFetch } from "../../test/fixtures.ts";
import {
  disposeBattle,
  ensureBattle,
  finishBattle,
  isPracticeBattle,
  keepBattle,
  releaseBattle,
  startBattle,
} from "./battle-lifecycle.ts";
import { queueDrained } from "./battle-sync.ts";
import { fakeBattleServer, GAME_ID } from "./fake-battle-server.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  disposeBattle();
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

/** A started battle the player just won: its end panel is up. */
async function wonBattle(cpuId: number, patch: Record<string, unknown> = {}): Promise<void> {
  const server = fakeBattleServer({ cpuId });
  const snap: StateMessage = structuredClone(server.snapshot());
  if (!snap.game_data) throw new Error("no game data");
  snap.game_data = { ...snap.game_data, ...patch };
  startBattle([snap, { end_game: { winner: "player", reason: "hp" } }]);
  await drained();
  mockFetch({ "GET /api/player-details": () => ({ status: 200, body: { data: makeUser() } }) });
}

describe("the battle's lifecycle", () => {
  it("starts from the pending battle the story left, and clears it", async () => {
    const server = fakeBattleServer();
    appStore.set({ pendingBattle: { cpuId: server.cpuId, messages: server.start() } });
    ensureBattle();
    expect(appStore.get().pendingBattle).toBeNull();
    await drained();
    expect(battleStore.get()).toMatchObject({ status: "ready", mode: "live" });
    expect(battleStore.get().shown?.gameId).toBe(GAME_ID);
  });

  it("resumes the battle the server has, or goes home when there is none", async () => {
    const server = fakeBattleServer();
    mockFetch(server.routes);
    ensureBattle();
    expect(battleStore.get().status).toBe("loading");
    await drained();
    expect(battleStore.get().status).toBe("ready");

    disposeBattle();
    const none = () => ({ status: 200, body: { data: null } });
    mockFetch({ "GET /api/game/cpu/current": none, "GET /api/game/pvp/current": none });
    appStore.set({ route: "game" });
    ensureBattle();
    await drained();
    expect(appStore.get().route).toBe("home");
    expect(battleStore.get().status).toBe("empty");
  });

  it("says the battle is gone when the resume fails", async () => {
    mockFetch({ "GET /api/game/cpu/current": () => ({ status: 500, body: {} }) });
    ensureBattle();
    await drained();
    expect(battleStore.get().status).toBe("gone");
  });

  it("forgets the battle a moment after the screen goes, unless it came back", async () => {
    const server = fakeBattleServer();
    startBattle(server.start());
    await drained();
    releaseBattle();
    keepBattle();
    await vi.advanceTimersByTimeAsync(10);
    expect(battleStore.get().status).toBe("ready");
    releaseBattle();
    await vi.advanceTimersByTimeAsync(10);
    expect(battleStore.get().status).toBe("empty");
  });

  it("applies the opponent's moves the channel brought before the screen opened", async () => {
    const server = fakeBattleServer();
    const early = structuredClone(server.snapshot());
    if (!early.game_data) throw new Error("no game data");
    early.game_data.version = 5;
    deliverGameData({ type: "state", game_id: GAME_ID, seq: 5, messages: [early] });
    startBattle(server.start());
    await drained();
    expect(battleStore.get().shown?.version).toBe(5);
  });

  it("after a story battle: the story's after part, the music back to the menu, home", async () => {
    await wonBattle(6);
    appStore.set({ route: "game" });
    await finishBattle();
    expect(appStore.get().cpuStory).toMatchObject({ action: "after", winner: "player", cpuId: 6 });
    expect(appStore.get().music).toMatchObject({ playBattle: false, playMenu: true });
    expect(appStore.get().route).toBe("home");
    expect(battleStore.get().status).toBe("empty");
  });

  it("after an arena game: back to the arena, no story; a friendly one goes home", async () => {
    await wonBattle(0, { isPvP: true });
    await finishBattle();
    expect(appStore.get().route).toBe("arena");
    expect(appStore.get().cpuStory.action).not.toBe("after");
    await wonBattle(0, { isPvP: true, friendly: true });
    await finishBattle();
    expect(appStore.get().route).toBe("home");
  });

  it("Watch replay opens the viewer on the battle, Close going where Continue would have", async () => {
    await wonBattle(0, { isPvP: true });
    await finishBattle("replay");
    expect(appStore.get().replay).toEqual({
      source: { kind: "own", id: GAME_ID },
      returnTo: "arena",
    });
  });

  it("a deck challenge is recognised by its game, and ends without the story", async () => {
    await wonBattle(6);
    appStore.set({ practice: { gameId: GAME_ID, deckCode: "X", cpuId: 6 } });
    expect(isPracticeBattle()).toBe(true);
    await finishBattle();
    expect(appStore.get().practice).toBeNull();
    expect(appStore.get().cpuStory.action).not.toBe("after");
  });
});
