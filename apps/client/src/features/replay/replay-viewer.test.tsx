// @vitest-environment happy-dom
import { ReplaySchema } from "@cardrealm/protocol";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { deliverGameData } from "../../lib/realtime/pvp-game-channel.ts";
import { appStore, type ReplaySource } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { makeUser, mockFetch, resetAll } from "../../test/fixtures.ts";
import { disposeBattle, startBattle } from "../battle/battle-lifecycle.ts";
import { lastSnapshot, shownFromSnapshot } from "../battle/battle-view.ts";
import { fakeBattleServer, GAME_ID } from "../battle/fake-battle-server.ts";
import BattleScreen from "../shell/battle-route.tsx";
import { REPLAY_ID, recordReplay, SHARE_ID } from "./replay-fixture.ts";
import { cursorForTurn, messagesUpTo, turnMarks } from "./replay-model.ts";
import { replayPlayer, stopReplay } from "./replay-player.ts";

beforeEach(() => {
  vi.useFakeTimers();
  // Rendered alone (no shell), the battle screen stays after Close and tries to resume a battle.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  stopReplay();
  disposeBattle();
  resetAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const REPLAY = recordReplay();

async function mount(
  routes: Parameters<typeof mockFetch>[0] = {},
  source: ReplaySource = { kind: "own", id: REPLAY_ID },
) {
  const log = mockFetch({
    [`GET /api/replays/${REPLAY_ID}`]: () => ({ status: 200, body: { data: REPLAY } }),
    ...routes,
  });
  act(() =>
    appStore.set({
      isAuth: true,
      user: makeUser(),
      route: "game",
      replay: { source, returnTo: "arena" },
    }),
  );
  render(<BattleScreen />);
  await advance(0);
  return log;
}

/** The board the replay's messages settle on after step `cursor`. */
function boardAfter(cursor: number) {
  const snap = lastSnapshot(messagesUpTo(REPLAY.steps, cursor));
  return snap ? shownFromSnapshot(snap) : null;
}

/** Steps forward and lets the animation play out. */
async function forward(): Promise<void> {
  fireEvent.click(screen.getByTestId("replay-forward"));
  await advance(20_000);
}

describe("the replay viewer", () => {
  it("the fixture is a valid replay of the wire contract, with several turns", () => {
    expect(ReplaySchema.safeParse(REPLAY).success).toBe(true);
    expect(turnMarks(REPLAY.steps).length).toBeGreaterThan(3);
  });

  it("opens at the start, read-only: no end turn, no menu, no playable hand card", async () => {
    await mount();
    expect(screen.getByTestId("battle-screen").dataset.mode).toBe("replay");
    expect(screen.getByTestId("replay-bar")).toBeTruthy();
    expect(screen.queryByTestId("end-turn")).toBeNull();
    expect(screen.queryByTestId("all-attack")).toBeNull();
    expect(screen.queryByTestId("battle-menu")).toBeNull();
    expect(battleStore.get().shown).toEqual(boardAfter(0));
    const cards = screen.getAllByTestId(/^hand-card-/);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.dataset.playable).toBe("false");
    fireEvent.click(cards[0] as HTMLElement);
    expect(battleStore.get().pick).toBeNull();
    expect(screen.getByTestId("replay-back")).toHaveProperty("disabled", true);
  });

  it("stepping forward animates each action and reaches the board the battle reached", async () => {
    await mount();
    for (let cursor = 1; cursor <= 6; cursor++) {
      await forward();
      expect(replayPlayer.get().cursor).toBe(cursor);
      expect(battleStore.get().animating).toBe(false);
      expect(battleStore.get().shown).toEqual(boardAfter(cursor));
    }
    expect(screen.getByTestId("replay-caption").textContent).toContain("Action 6 of");
  });

  it("stepping back rebuilds the previous board at once, the same as playing up to it", async () => {
    await mount();
    for (let i = 0; i < 5; i++) await forward();
    const played = battleStore.get().shown;
    await forward();
    fireEvent.click(screen.getByTestId("replay-back"));
    // No animation: the board is there before any timer runs.
    expect(replayPlayer.get().cursor).toBe(5);
    expect(battleStore.get().animating).toBe(false);
    expect(battleStore.get().shown).toEqual(played);
  });

  it("stepping back in the middle of an animation stops it and shows the step before", async () => {
    await mount();
    await forward();
    await forward();
    fireEvent.click(screen.getByTestId("replay-forward"));
    await advance(30);
    fireEvent.click(screen.getByTestId("replay-back"));
    await advance(20_000);
    expect(replayPlayer.get().cursor).toBe(2);
    expect(battleStore.get().shown).toEqual(boardAfter(2));
  });

  it("the scrubber jumps to the start of a turn", async () => {
    await mount();
    const marks = turnMarks(REPLAY.steps);
    const target = marks[3];
    if (!target) throw new Error("the fixture has too few turns");
    fireEvent.change(screen.getByTestId("replay-scrubber"), {
      target: { value: String(target.turn) },
    });
    expect(replayPlayer.get().cursor).toBe(cursorForTurn(REPLAY.steps, target.turn));
    expect(battleStore.get().shown).toEqual(boardAfter(target.cursor));
    expect(screen.getByTestId("replay-turn").textContent).toBe(String(target.turn));
    expect(screen.getByTestId("turn-badge").textContent).toContain(String(target.turn));
  });

  it("plays to the end, faster at 4x, and says who won", async () => {
    await mount();
    fireEvent.click(screen.getByTestId("replay-speed-4"));
    expect(screen.getByTestId("replay-speed-4").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("replay-play"));
    expect(replayPlayer.get().playing).toBe(true);
    const last = REPLAY.steps.length - 1;
    for (let i = 0; i < 200 && replayPlayer.get().cursor < last; i++) await advance(1000);
    await advance(5000);
    expect(replayPlayer.get().cursor).toBe(last);
    expect(replayPlayer.get().playing).toBe(false);
    expect(battleStore.get().shown).toEqual(boardAfter(last));
    // No live end panel over a replay.
    expect(screen.queryByTestId("end-game-panel")).toBeNull();
  });

  it("pause stops at a settled board", async () => {
    await mount();
    fireEvent.click(screen.getByTestId("replay-play"));
    await advance(3000);
    fireEvent.click(screen.getByTestId("replay-play"));
    const at = replayPlayer.get().cursor;
    expect(replayPlayer.get().playing).toBe(false);
    expect(battleStore.get().shown).toEqual(boardAfter(at));
    await advance(20_000);
    expect(replayPlayer.get().cursor).toBe(at);
  });

  it("Share asks for the share id, copies the link and shows it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { calls } = await mount({
      [`POST /api/replays/${REPLAY_ID}/share`]: () => ({
        status: 200,
        body: { data: { share_id: SHARE_ID, path: `/?replay=${SHARE_ID}` } },
      }),
    });
    fireEvent.click(screen.getByTestId("replay-share-button"));
    await advance(0);
    const link = `${window.location.origin}/?replay=${SHARE_ID}`;
    expect(calls.some((c) => c.key === `POST /api/replays/${REPLAY_ID}/share`)).toBe(true);
    expect(writeText).toHaveBeenCalledWith(link);
    expect((screen.getByTestId("replay-share-link") as HTMLInputElement).value).toBe(link);
    expect(screen.getByTestId("replay-share").textContent).toContain("Link copied");
  });

  it("keyboard: K plays and pauses, L steps forward, J steps back", async () => {
    await mount();
    fireEvent.keyDown(window, { key: "l" });
    await advance(20_000);
    expect(replayPlayer.get().cursor).toBe(1);
    fireEvent.keyDown(window, { key: "j" });
    expect(replayPlayer.get().cursor).toBe(0);
    fireEvent.keyDown(window, { key: "k" });
    expect(replayPlayer.get().playing).toBe(true);
    fireEvent.keyDown(window, { key: "k" });
    expect(replayPlayer.get().playing).toBe(false);
  });

  it("Close goes back where the viewer was opened from and forgets the replay", async () => {
    await mount();
    fireEvent.click(screen.getByTestId("replay-close"));
    expect(appStore.get().route).toBe("arena");
    expect(appStore.get().replay).toBeNull();
    expect(battleStore.get().mode).toBe("live");
    expect(battleStore.get().shown).toBeNull();
  });

  it.each([
    [404, "not in the archive"],
    [409, "older version"],
  ])("a %i answer says what happened and offers a way back", async (status, text) => {
    await mount({
      [`GET /api/replays/${REPLAY_ID}`]: () => ({
        status,
        body: { error: { code: "x", message: "refused" } },
      }),
    });
    expect(screen.getByTestId("replay-error").textContent).toContain(text);
    fireEvent.click(screen.getByText("Back"));
    expect(appStore.get().route).toBe("arena");
  });

  it("a shared replay loads by its share id; Share copies its link without asking again", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { calls } = await mount(
      {
        [`GET /api/replays/shared/${SHARE_ID}`]: () => ({
          status: 200,
          body: { data: { ...REPLAY, share_id: SHARE_ID } },
        }),
      },
      { kind: "shared", shareId: SHARE_ID },
    );
    expect(screen.getByTestId("replay-bar")).toBeTruthy();
    expect(battleStore.get().shown).toEqual(boardAfter(0));
    fireEvent.click(screen.getByTestId("replay-share-button"));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?replay=${SHARE_ID}`);
    expect(calls.map((c) => c.key)).toEqual([`GET /api/replays/shared/${SHARE_ID}`]);
  });
});

describe("Watch replay on a battle's end panel", () => {
  it("opens the viewer on that battle; Close goes home, where the story's after part waits", async () => {
    const server = fakeBattleServer();
    mockFetch({
      ...server.routes,
      "GET /api/player-details": () => ({ status: 200, body: { data: makeUser() } }),
      [`GET /api/replays/${GAME_ID}`]: () => ({
        status: 200,
        body: { data: { ...REPLAY, id: GAME_ID } },
      }),
    });
    act(() =>
      appStore.set({
        isAuth: true,
        user: makeUser(),
        route: "game",
        pendingBattle: { cpuId: server.cpuId, messages: server.start() },
      }),
    );
    render(
      <>
        <BattleScreen />
        <SystemDialog />
      </>,
    );
    await advance(0);
    fireEvent.click(screen.getByTestId("battle-menu"));
    fireEvent.click(screen.getByTestId("surrender"));
    fireEvent.click(screen.getByTestId("system-dialog-ok"));
    await advance(3000);
    const panel = screen.getByTestId("end-game-panel");
    // Beside Continue, and the rewards are still shown for a story battle.
    expect(within(panel).getByTestId("end-game-reward")).toBeTruthy();
    fireEvent.click(within(panel).getByTestId("end-game-replay"));
    await advance(0);
    expect(screen.getByTestId("replay-bar")).toBeTruthy();
    expect(battleStore.get().mode).toBe("replay");
    expect(battleStore.get().shown).toEqual(boardAfter(0));
    // The battle's own bookkeeping happened as with Continue.
    expect(appStore.get().cpuStory).toMatchObject({ action: "after", winner: "cpu", cpuId: 6 });
    fireEvent.click(screen.getByTestId("replay-close"));
    expect(appStore.get().route).toBe("home");
    expect(appStore.get().replay).toBeNull();
  });
});

describe("a replay and the live channel", () => {
  it("takes no late PvP frame of the game being watched", async () => {
    // The game was just played live (its id is the one the channel knows)...
    const opening = REPLAY.steps[0]?.messages ?? [];
    act(() => startBattle(opening));
    await advance(1000);
    act(() => disposeBattle());
    // ...and is now watched.
    await mount();
    const before = battleStore.get().shown;
    const snap = lastSnapshot(opening);
    if (!snap?.game_data || !snap.player) throw new Error("no snapshot");
    const late = {
      ...snap,
      game_data: { ...snap.game_data, version: 99 },
      player: { ...snap.player, hp: 1 },
    };
    act(() => {
      deliverGameData({
        type: "state",
        game_id: REPLAY_ID,
        seq: 99,
        resume: false,
        messages: [late],
      });
    });
    await advance(5000);
    expect(battleStore.get().shown).toEqual(before);
    expect(battleStore.get().shown?.player.hp).not.toBe(1);
  });
});
