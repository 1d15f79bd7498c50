// @vitest-environment happy-dom
import { TUTORIAL_LINES } from "@cardrealm/content";
import type { StateMessage } from "@cardrealm/engine";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { appStore } from "../../stores/app-store.ts";
import { makeUser, mockFetch, ok, resetAll } from "../../test/fixtures.ts";
import MapScreen from "./map-screen.tsx";
import { markIntroSeen } from "./story-steps.ts";

/** The battle chronicle the shell gives the screen (features/replay): not tested here. */
const NoDialog = () => null;

afterEach(resetAll);

const FULL_DECK = { cards: {}, total_amount: 40, sequence_number: 1 };
const START: StateMessage[] = [
  {
    game_data: {
      playerName: "Morwen",
      cpuName: "Earth Elemental",
      turn: 1,
      turnCap: 60,
      version: 1,
      active: "player",
      cardsPlayed: 0,
      game_id: "00000000-0000-0000-0000-000000000001",
      cpu_id: 5,
    },
  },
];

function renderMap(opts: { level?: number; maps?: number[]; deck?: number } = {}) {
  act(() =>
    appStore.set({
      isAuth: true,
      user: makeUser({
        level: opts.level ?? 1,
        maps: opts.maps ?? [],
        deck: { ...FULL_DECK, total_amount: opts.deck ?? 40 },
      }),
    }),
  );
  return render(
    <>
      <MapScreen HistoryDialog={NoDialog} />
      <SystemDialog />
    </>,
  );
}

/** Opens a chapter and waits for its opponents (they are built one frame after the window). */
async function openChapter(key: string) {
  fireEvent.click(screen.getByTestId(`chapter-${key}`));
  return screen.findByRole("list", { name: "Opponents" });
}
const openElf = () => openChapter("elf");
const card = (id: number) => screen.getByTestId(`boss-opponent-${id}`);

describe("boss window", () => {
  it("opens on a chapter with its name, description and three opponents", async () => {
    mockFetch({});
    renderMap();
    await openElf();
    const win = screen.getByTestId("boss-window");
    expect(within(win).getByRole("heading", { level: 2 }).textContent).toBe("Elven Wisdom");
    expect(win.textContent).toContain("violet wood");
    expect(within(win).getAllByRole("listitem")).toHaveLength(3);
    expect(within(card(6)).getByText("Air Elemental")).toBeTruthy();
    expect(within(card(7)).getByText("Boss")).toBeTruthy();
    expect(appStore.get().cpuStory).toMatchObject({
      story: 1,
      cpuId: 6,
      cpuNumber: 1,
      action: null,
    });
  });

  it("locks each opponent until the previous one is beaten", async () => {
    mockFetch({});
    renderMap({ maps: [] });
    await openElf();
    expect(card(6).dataset.state).toBe("open");
    expect(card(5).dataset.state).toBe("locked");
    expect(screen.getByTestId("boss-opponent-5-reason").textContent).toBe(
      "Beat Air Elemental first",
    );
    expect(screen.getByTestId("boss-opponent-7-reason").textContent).toBe(
      "Beat Earth Elemental first",
    );
    expect(screen.getByTestId("fight-6")).toBeTruthy();
    expect(screen.queryByTestId("fight-5")).toBeNull();
  });

  it("stars the beaten opponents and opens the next one", async () => {
    mockFetch({});
    renderMap({ maps: [6, 5] });
    await openElf();
    expect(card(6).dataset.state).toBe("beaten");
    expect(card(5).dataset.state).toBe("beaten");
    expect(card(7).dataset.state).toBe("open");
    expect(screen.getByTestId("boss-opponent-6-star").dataset.filled).toBe("true");
    expect(screen.getByTestId("boss-opponent-7-star").dataset.filled).toBe("false");
    expect(screen.getByTestId("fight-6").textContent).toBe("Fight again");
    expect(screen.getByTestId("fight-7").textContent).toBe("Fight");
  });

  it('locks a whole chapter above the user level with "Required chapter N"', async () => {
    mockFetch({});
    renderMap({ level: 1 });
    await openChapter("gabby");
    expect(screen.getByTestId("boss-window-locked").textContent).toBe("Required chapter 1");
    for (const id of [2, 3, 4]) expect(card(id).dataset.state).toBe("locked");
    expect(screen.queryByRole("button", { name: /^Fight/ })).toBeNull();
  });

  it("closes with the close button and with Escape", async () => {
    mockFetch({});
    renderMap();
    await openElf();
    fireEvent.click(screen.getByTestId("boss-window-close"));
    // It plays its way out first, then goes.
    expect(screen.getByTestId("boss-window").className).toContain("boss-window--closing");
    expect(appStore.get().cpuStory.story).not.toBeNull();
    await waitFor(() => expect(screen.queryByTestId("boss-window")).toBeNull());
    await openElf();
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("boss-window")).toBeNull());
    expect(appStore.get().cpuStory.story).toBeNull();
  });

  it("says Coming soon for the promo chapter and opens nothing", () => {
    mockFetch({});
    renderMap({ level: 9 });
    fireEvent.click(screen.getByTestId("chapter-promo"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Coming soon");
    expect(screen.queryByTestId("boss-window")).toBeNull();
  });
});

describe("starting a story battle", () => {
  it("refuses a deck under 40 cards with the info message and starts nothing", async () => {
    const { calls } = mockFetch({});
    renderMap({ deck: 39 });
    await openElf();
    fireEvent.click(screen.getByTestId("fight-6"));
    expect(screen.getByTestId("system-dialog").textContent).toContain(
      "The deck must contain at least 40 cards",
    );
    expect(appStore.get().cpuStory.action).toBeNull();
    expect(screen.queryByTestId("story-layer")).toBeNull();
    expect(calls.some((c) => c.key === "POST /api/game/cpu/start")).toBe(false);
  });

  it("plays the before story, then OK starts the battle and hands it to the battle screen", async () => {
    const { calls } = mockFetch({ "POST /api/game/cpu/start": ok(START) });
    renderMap({ maps: [6] });
    await openElf();
    fireEvent.click(screen.getByTestId("fight-5"));
    expect(appStore.get().cpuStory).toMatchObject({ cpuId: 5, cpuNumber: 2, action: "before" });
    // The second opponent has a short dialogue; the boss window waits underneath.
    await screen.findByTestId("story-dialogue");
    expect(screen.queryByTestId("boss-window")).toBeNull();
    fireEvent.click(screen.getByTestId("story-dialogue-text"));
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    await waitFor(() => expect(appStore.get().route).toBe("game"));
    const start = calls.find((c) => c.key === "POST /api/game/cpu/start");
    expect(JSON.parse(String(start?.init?.body))).toEqual({ cpu_id: 5 });
    expect(appStore.get().pendingBattle).toEqual({ cpuId: 5, messages: START });
    expect(appStore.get().music).toMatchObject({
      playMenu: false,
      playTutorial: false,
      playBattle: true,
    });
    expect(appStore.get().cpuStory).toMatchObject({ story: 1, cpuId: 5, action: null });
  });

  it("plays the intro comic before a chapter's first opponent the first time", async () => {
    const { calls } = mockFetch({});
    renderMap();
    await openElf();
    fireEvent.click(screen.getByTestId("fight-6"));
    await screen.findByTestId("story-comic");
    expect(screen.getByTestId("story-comic-counter").textContent).toContain("1 / 4");
    // Skip clears the pending action: back to the boss window, nothing started,
    // as Lyra's line on this step says (issue 26: it said the battle begins).
    expect(TUTORIAL_LINES.BattleStory33?.text).toContain("Skip takes you back to the Fight button");
    expect(screen.getByTestId("story-comic-skip").title).toBe("Back to the boss window");
    fireEvent.click(screen.getByTestId("story-comic-skip"));
    expect(appStore.get().cpuStory.action).toBeNull();
    expect(screen.getByTestId("boss-window")).toBeTruthy();
    expect((await screen.findByTestId("fight-6")).textContent).toBe("Fight");
    expect(calls.filter((c) => c.key === "POST /api/game/cpu/start")).toHaveLength(0);
    // The intro has been seen: the next fight opens with the short dialogue.
    fireEvent.click(await screen.findByTestId("fight-6"));
    await screen.findByTestId("story-dialogue");
  });

  it("shows a server refusal and keeps the boss window", async () => {
    markIntroSeen("elf");
    mockFetch({
      "POST /api/game/cpu/start": () => ({
        status: 409,
        body: {
          error: { code: "conflict", message: "Finish or surrender your current battle first." },
        },
      }),
    });
    renderMap();
    await openElf();
    fireEvent.click(screen.getByTestId("fight-6"));
    fireEvent.click(await screen.findByTestId("story-dialogue-text"));
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    await waitFor(() =>
      expect(screen.getByTestId("system-dialog").textContent).toContain("Finish or surrender"),
    );
    expect(appStore.get().route).toBe("home");
    expect(screen.getByTestId("boss-window")).toBeTruthy();
  });
});

describe("after a battle", () => {
  it("plays the after dialogue, then the boss win comic, then reopens the chapter", async () => {
    mockFetch({});
    act(() =>
      appStore.set({
        cpuStory: { story: 1, cpuId: 7, cpuNumber: 3, action: "after", winner: "player" },
      }),
    );
    renderMap({ maps: [6, 5, 7] });
    await screen.findByTestId("story-dialogue");
    expect(screen.getByTestId("story-dialogue").textContent).toContain("Victory");
    fireEvent.click(screen.getByTestId("story-dialogue-text"));
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    await screen.findByTestId("story-comic");
    expect(screen.getByTestId("story-comic-slide").dataset.slide).toBe("5");
    fireEvent.click(screen.getByTestId("story-comic-next"));
    fireEvent.click(screen.getByTestId("story-comic-next"));
    fireEvent.click(screen.getByTestId("story-comic-ok"));
    expect(appStore.get().cpuStory).toMatchObject({ story: 1, cpuId: 7, action: null });
    expect(screen.getByTestId("boss-window")).toBeTruthy();
    expect((await screen.findByTestId("boss-opponent-7")).dataset.state).toBe("beaten");
  });

  it("shows the loss lines after a defeat", async () => {
    mockFetch({});
    act(() =>
      appStore.set({
        cpuStory: { story: 1, cpuId: 6, cpuNumber: 1, action: "after", winner: "cpu" },
      }),
    );
    renderMap();
    const dialogue = await screen.findByTestId("story-dialogue");
    fireEvent.click(screen.getByTestId("story-dialogue-text"));
    expect(dialogue.textContent).toContain("Scattered");
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    expect(screen.getByTestId("boss-window")).toBeTruthy();
  });
});

describe("resume banner", () => {
  it("offers a running battle and routes to the game with its messages", async () => {
    mockFetch({ "GET /api/game/cpu/current": ok(START) });
    renderMap({ maps: [6] });
    const banner = await screen.findByTestId("resume-banner");
    expect(banner.textContent).toContain("Earth Elemental");
    fireEvent.click(screen.getByTestId("resume-battle"));
    expect(appStore.get().route).toBe("game");
    expect(appStore.get().pendingBattle).toEqual({ cpuId: 5, messages: START });
    expect(appStore.get().cpuStory).toMatchObject({ story: 1, cpuId: 5, cpuNumber: 2 });
  });

  it("shows nothing when no battle runs", async () => {
    const { calls } = mockFetch({ "GET /api/game/cpu/current": ok(null) });
    renderMap();
    await waitFor(() =>
      expect(calls.some((c) => c.key === "GET /api/game/cpu/current")).toBe(true),
    );
    expect(screen.queryByTestId("resume-banner")).toBeNull();
  });
});
