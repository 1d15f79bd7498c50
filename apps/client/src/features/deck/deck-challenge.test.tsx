// @vitest-environment happy-dom
import { encodeDeck } from "@cardrealm/content";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { appStore, initialAppState, setPractice } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { bodyOf, userWith } from "../../test/card-fixtures.ts";
import { makeUser, mockFetch, resetAll } from "../../test/fixtures.ts";
import { disposeBattle } from "../battle/battle-lifecycle.ts";
import { fakeBattleServer, GAME_ID } from "../battle/fake-battle-server.ts";
import BattleScreen from "../shell/battle-route.tsx";
import SharedDeckOffer from "./shared-deck-offer.tsx";

const DECK = { 1001: 5, 1002: 5, 1003: 5, 1004: 5, 1015: 5, 1016: 5, 1042: 10 };
const CODE = encodeDeck(Object.entries(DECK).map(([id, amount]) => ({ id: Number(id), amount })));
const OPPONENTS = [
  { cpu_id: 6, name: "Air Elemental", avatar: "/static/media/opponent-6.webp", chapter: 1 },
  { cpu_id: 7, name: "Elven Archer", avatar: "/static/media/opponent-7.webp", chapter: 1 },
];

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  disposeBattle();
  window.history.replaceState(null, "", "/");
  resetAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("a deck challenge", () => {
  it("the shared deck link offers a bot: pick an opponent, the practice battle starts with the code", async () => {
    const server = fakeBattleServer({ cpuId: 7 });
    window.history.replaceState(null, "", `/?deck=${CODE}`);
    const { calls } = mockFetch({
      "GET /api/game/practice/opponents": () => ({ status: 200, body: { data: OPPONENTS } }),
      "POST /api/game/practice/start": () => ({ status: 200, body: { data: server.start() } }),
    });
    act(() =>
      appStore.set({
        isAuth: true,
        route: "home",
        user: userWith({ 1001: 5 }, { 1001: 5 }, { level: 1, maps: [] }),
      }),
    );
    render(<SharedDeckOffer />);
    fireEvent.click(screen.getByTestId("shared-deck-challenge"));
    await advance(0);
    const foe = screen.getByTestId("challenge-foe-7");
    expect(foe.textContent).toContain("Elven Archer");
    expect(foe.querySelector("img")?.getAttribute("src")).toBe("/static/media/opponent-7.webp");
    fireEvent.click(foe);
    await advance(0);
    const start = calls.find((c) => c.key === "POST /api/game/practice/start");
    expect(bodyOf(start?.init)).toEqual({ deck_code: CODE, cpu_id: 7 });
    expect(appStore.get().route).toBe("game");
    expect(appStore.get().pendingBattle?.cpuId).toBe(7);
    expect(appStore.get().practice).toEqual({ gameId: GAME_ID, deckCode: CODE, cpuId: 7 });
    expect(screen.queryByTestId("shared-deck-offer")).toBeNull();
    expect(window.location.search).toBe("");
  });

  it("a failed opponent list says what to do and tries again", async () => {
    window.history.replaceState(null, "", `/?deck=${CODE}`);
    let fail = true;
    mockFetch({
      "GET /api/game/practice/opponents": () =>
        fail
          ? { status: 503, body: { error: { code: "x", message: "The realm is busy." } } }
          : { status: 200, body: { data: OPPONENTS } },
    });
    act(() =>
      appStore.set({
        isAuth: true,
        user: userWith({ 1001: 5 }, { 1001: 5 }, { level: 1, maps: [] }),
      }),
    );
    render(<SharedDeckOffer />);
    fireEvent.click(screen.getByTestId("shared-deck-challenge"));
    await advance(0);
    expect(screen.getByTestId("challenge-picker").textContent).toContain("The realm is busy.");
    fail = false;
    fireEvent.click(screen.getByText("Try again"));
    await advance(0);
    expect(screen.getByTestId("challenge-foe-6")).toBeTruthy();
  });

  async function endOfPractice(routes: Parameters<typeof mockFetch>[0] = {}) {
    const server = fakeBattleServer();
    const log = mockFetch({
      ...server.routes,
      "GET /api/player-details": () => ({ status: 200, body: { data: makeUser() } }),
      ...routes,
    });
    act(() =>
      appStore.set({
        isAuth: true,
        user: userWith({ 1001: 5 }, { 1001: 5 }, { slot: 1 }),
        route: "game",
        pendingBattle: { cpuId: server.cpuId, messages: server.start() },
        practice: { gameId: GAME_ID, deckCode: CODE, cpuId: server.cpuId },
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
    return { server, ...log };
  }

  it("its end panel shows no rewards and offers import, play again and the replay", async () => {
    await endOfPractice();
    const panel = screen.getByTestId("end-game-panel");
    expect(within(panel).queryByTestId("end-game-reward")).toBeNull();
    expect(within(panel).queryByTestId("end-game-bonus")).toBeNull();
    expect(within(panel).getByTestId("practice-actions").textContent).toContain("no gems");
    expect(within(panel).getByTestId("practice-import")).toBeTruthy();
    expect(within(panel).getByTestId("practice-again")).toBeTruthy();
    expect(within(panel).getByTestId("end-game-replay")).toBeTruthy();
  });

  it("Import this deck imports into the chosen slot and lists what is missing", async () => {
    const imported = userWith({ 1001: 5 }, { 1001: 5 }, { slot: 2 });
    const { calls } = await endOfPractice({
      "POST /api/editor/import": () => ({
        status: 200,
        body: {
          data: { ...imported, missing: [{ id: 1002, name: "Thornback Boar", amount: 5 }] },
        },
      }),
    });
    fireEvent.click(screen.getByTestId("practice-import"));
    fireEvent.click(screen.getByTestId("practice-slot-2"));
    fireEvent.click(screen.getByTestId("practice-import-confirm"));
    await advance(0);
    const imports = calls.filter((c) => c.key === "POST /api/editor/import");
    expect(bodyOf(imports[0]?.init)).toEqual({ deck_number: 2, code: CODE });
    expect(screen.getByTestId("deck-import-missing").textContent).toContain("5× Thornback Boar");
    // The slot became the active deck with 5 cards: said, with the way to fill it.
    expect(screen.getByTestId("short-deck-notice").textContent).toContain("only 5 of the 40");
  });

  it("Play again starts the same challenge on the same screen", async () => {
    const again = fakeBattleServer();
    const { calls } = await endOfPractice({
      "POST /api/game/practice/start": () => ({ status: 200, body: { data: again.start() } }),
    });
    fireEvent.click(screen.getByTestId("practice-again"));
    await advance(0);
    const start = calls.find((c) => c.key === "POST /api/game/practice/start");
    expect(bodyOf(start?.init)).toEqual({ deck_code: CODE, cpu_id: 6 });
    expect(screen.queryByTestId("end-game-panel")).toBeNull();
    expect(battleStore.get().showEndPanel).toBe(false);
    expect(battleStore.get().shown?.turn).toBe(1);
  });

  it("a practice battle resumed after a reload still ends on the practice panel", async () => {
    act(() => setPractice({ gameId: GAME_ID, deckCode: CODE, cpuId: 6 }));
    // A reload: the app state starts afresh from what the device remembers.
    act(() => appStore.reset(initialAppState()));
    expect(appStore.get().practice).toEqual({ gameId: GAME_ID, deckCode: CODE, cpuId: 6 });
    await endOfPractice();
    expect(screen.getByTestId("practice-actions")).toBeTruthy();
    fireEvent.click(screen.getByTestId("end-game-ok"));
    await advance(0);
    // Over: forgotten, and no story part follows a practice.
    expect(appStore.get().practice).toBeNull();
    expect(appStore.get().cpuStory.action).toBeNull();
    act(() => appStore.reset(initialAppState()));
    expect(appStore.get().practice).toBeNull();
  });

  it("Watch replay opens the viewer on this battle; Continue after a practice plays no story", async () => {
    await endOfPractice();
    fireEvent.click(screen.getByTestId("end-game-replay"));
    await advance(0);
    expect(appStore.get().replay).toEqual({
      source: { kind: "own", id: GAME_ID },
      returnTo: "home",
    });
    expect(appStore.get().route).toBe("game");
    expect(appStore.get().practice).toBeNull();
    expect(appStore.get().cpuStory.action).toBeNull();
  });
});
