// @vitest-environment happy-dom
import type { StateMessage } from "@cardrealm/engine";
import type { SpectateView } from "@cardrealm/protocol";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { mockFetch, ok, resetAll } from "../../test/fixtures.ts";
import { disposeBattle } from "../battle/battle-lifecycle.ts";
import { fakeBattleServer, GAME_ID } from "../battle/fake-battle-server.ts";
import { showReplayFrame } from "../battle/replay-board.ts";
import { connectBoards } from "../shell/board-ports.ts";
import { routeChannelMessage } from "../shell/realtime.ts";
import { EmoteBar } from "./emote-bar.tsx";
import { emoteStore, followGame, sendEmote, setMuted } from "./emote-store.ts";
import { isNewer, openWatch, stopWatch, watchGameIn, watchStore } from "./watch-player.ts";

// The shell connects the battle's board to the watch (features/shell/board-ports.ts).
connectBoards();

afterEach(() => {
  stopWatch();
  disposeBattle();
  followGame(null);
  emoteStore.set({ readyAt: 0, muted: false });
  resetAll();
  vi.useRealTimers();
});

/** A public snapshot of the fake battle (no hand of either side). */
function publicSnapshot(version: number): StateMessage {
  const snap = fakeBattleServer().snapshot();
  const game = snap.game_data;
  const player = snap.player;
  if (!game || !player) throw new Error("no snapshot");
  return {
    ...snap,
    game_data: { ...game, isPvP: true, version, game_id: GAME_ID },
    player: { ...player, hand: {} },
  };
}

function view(shown: number, extra: Partial<SpectateView> = {}): SpectateView {
  return {
    game_id: GAME_ID,
    live_turn: shown + 1,
    shown_turn: shown,
    sides: [{ nickname: "Ann" }, { nickname: "Bob" }],
    messages: shown > 0 ? [publicSnapshot(shown)] : [],
    over: false,
    watchers: 1,
    ...extra,
  };
}

const channel = (data: Record<string, unknown>, hash = String(Math.random())) =>
  routeChannelMessage({ hash, data: data as never });

describe("watching a friend's game", () => {
  it("a ?watch= link names the game; newer turns and the end replace what is shown, older ones never", () => {
    expect(watchGameIn(`?watch=${GAME_ID}`)).toBe(GAME_ID);
    expect(watchGameIn("?replay=x")).toBeNull();
    expect(isNewer(null, view(0))).toBe(true);
    expect(isNewer(view(2), view(3))).toBe(true);
    expect(isNewer(view(3), view(2))).toBe(false);
    expect(isNewer(view(3), view(3, { watchers: 2 }))).toBe(true);
    expect(isNewer(view(3), view(3, { over: true }))).toBe(true);
    expect(isNewer(view(3, { over: true }), view(4))).toBe(false);
  });

  it("opens on the game screen, then shows each spectate message of that game as it comes", async () => {
    const { calls } = mockFetch({ "POST /api/game/pvp/watch": ok(view(0)) });
    await openWatch(GAME_ID);
    expect(calls[0]?.init?.body).toBe(JSON.stringify({ game_id: GAME_ID }));
    expect(appStore.get().route).toBe("game");
    expect(watchStore.get()).toMatchObject({ status: "ready", gameId: GAME_ID });
    // Nothing released yet: no board.
    expect(battleStore.get().shown).toBeNull();

    channel({ type: "spectate", view: view(1) });
    expect(battleStore.get().shown?.version).toBe(1);
    expect(battleStore.get().mode).toBe("replay");
    // Another game's view, and an older one, are dropped.
    channel({
      type: "spectate",
      view: view(5, { game_id: "1f6d3c1e-8a3b-4c55-9a8e-2b1f6c7d9e01" }),
    });
    channel({ type: "spectate", view: view(0) });
    expect(watchStore.get().view?.shown_turn).toBe(1);
    channel({ type: "spectate", view: view(2) });
    expect(battleStore.get().shown?.version).toBe(2);
  });

  it("a refused watch says why and shows no board", async () => {
    mockFetch({
      "POST /api/game/pvp/watch": () => ({
        status: 404,
        body: {
          error: { code: "not_found", message: "There is no game of a friend to watch here." },
        },
      }),
    });
    await openWatch(GAME_ID);
    expect(watchStore.get().status).toBe("error");
    expect(watchStore.get().error).toMatch(/no game of a friend to watch/);
    expect(battleStore.get().shown).toBeNull();
  });
});

describe("emotes in a PvP battle", () => {
  function showPvpBattle(): void {
    showReplayFrame([publicSnapshot(3)]);
    battleStore.set({ mode: "live" });
  }

  it("the opponent's emote shows as a bubble by their portrait, unless muted (kept on this device)", () => {
    showPvpBattle();
    render(<EmoteBar />);
    act(() => channel({ type: "emote", game_id: GAME_ID, emote: "wow" }));
    expect(screen.getByTestId("emote-bubble-theirs").textContent).toBe("Wow!");
    act(() => setMuted(true));
    expect(screen.queryByTestId("emote-bubble-theirs")).toBeNull();
    expect(localStorage.getItem("cardrealm.muteOpponent")).toBe("on");
    act(() => channel({ type: "emote", game_id: GAME_ID, emote: "threaten" }));
    expect(screen.queryByTestId("emote-bubble-theirs")).toBeNull();
  });

  it("players see how many watch their game", () => {
    showPvpBattle();
    render(<EmoteBar />);
    expect(screen.queryByTestId("watchers-count")).toBeNull();
    act(() => channel({ type: "watchers", game_id: GAME_ID, count: 3 }));
    expect(screen.getByTestId("watchers-count").textContent).toBe("3 watching");
  });

  it("sending one shows our bubble; the bar waits out the 3 s gap before the next", async () => {
    const { calls } = mockFetch({ "POST /api/game/pvp/emote": ok({ emote: "greetings" }) });
    showPvpBattle();
    render(<EmoteBar />);
    fireEvent.click(screen.getByTestId("emote-toggle"));
    await act(async () => {
      fireEvent.click(screen.getByTestId("emote-greetings"));
    });
    expect(calls.map((c) => c.key)).toEqual(["POST /api/game/pvp/emote"]);
    expect(calls[0]?.init?.body).toBe(JSON.stringify({ game_id: GAME_ID, emote: "greetings" }));
    expect(screen.getByTestId("emote-bubble-mine").textContent).toBe("Greetings!");
    fireEvent.click(screen.getByTestId("emote-toggle"));
    expect((screen.getByTestId("emote-wow") as HTMLButtonElement).disabled).toBe(true);
    // Straight away again: not even asked.
    expect(await sendEmote("wow")).toBe(false);
    expect(calls).toHaveLength(1);
    expect(await sendEmote("wow", Date.now() + 3_001)).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it("a refused emote (the server's gap) says why", async () => {
    mockFetch({
      "POST /api/game/pvp/emote": () => ({
        status: 429,
        body: { error: { code: "rate_limited", message: "One emote every 3 s: wait 2 s." } },
      }),
    });
    showPvpBattle();
    render(<EmoteBar />);
    await act(async () => {
      await sendEmote("oops");
    });
    expect(screen.getByTestId("emote-error").textContent).toBe("One emote every 3 s: wait 2 s.");
    expect(screen.queryByTestId("emote-bubble-mine")).toBeNull();
  });
});
