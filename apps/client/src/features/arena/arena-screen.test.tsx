// @vitest-environment happy-dom
import type { User } from "@cardrealm/protocol";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { largeCardStore } from "../../components/card-views/large-card-store.ts";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { appStore } from "../../stores/app-store.ts";
import { API_CARDS, bodyOf } from "../../test/card-fixtures.ts";
import { makeUser, mockFetch, ok, resetAll } from "../../test/fixtures.ts";
import ArenaScreen from "./arena-screen.tsx";

/** The battle chronicle the shell gives the screen (features/replay): not tested here. */
const NoDialog = () => null;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetAll();
});

const task = (id: number, text: string, done: number, need: number, gems: number) => ({
  id,
  text,
  progress: JSON.stringify({ done, need }),
  reward: JSON.stringify({ gems }),
  seen: false,
});

const FULL_DECK = {
  cards: { "1001": { id: 1001, amount: 40 } },
  total_amount: 40,
  sequence_number: 1,
};

function arenaUser(overrides: Partial<User> = {}): User {
  return makeUser({
    level: 3,
    deck: FULL_DECK,
    dailys: {
      active: {
        "1": task(1, "Win %num% battles", 1, 2, 80),
        "7": task(7, "Play %num% spells", 0, 5, 60),
        "15": task(15, "Open %num% card box", 0, 1, 50),
      },
      finished: [],
    },
    rank: { rank: "gold", score: 350, total_score: 600 },
    ...overrides,
  });
}

function renderArena(user: User, routes: Parameters<typeof mockFetch>[0] = {}) {
  const log = mockFetch({
    "GET /api/player-details": ok(user),
    "GET /api/arena/season": ok({
      id: "2026-11",
      starts_at: "2026-11-01T00:00:00.000Z",
      ends_at: "2026-12-01T00:00:00.000Z",
    }),
    "POST /api/arena/rewards/seen": ok(user),
    ...routes,
  });
  act(() => appStore.set({ isAuth: true, route: "arena", user, cards: API_CARDS }));
  const view = render(
    <>
      <ArenaScreen HistoryDialog={NoDialog} />
      <SystemDialog />
    </>,
  );
  return { ...view, log };
}

describe("the arena screen", () => {
  it("shows the title, daily tasks with %num% filled, the rank with its points and the season track", async () => {
    renderArena(arenaUser());
    expect(screen.getByTestId("arena-screen")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Arena");
    const win = screen.getByTestId("daily-task-1");
    expect(win.textContent).toContain("Win 2 battles");
    expect(win.textContent).toContain("1 / 2");
    expect(win.textContent).toContain("80");
    expect(screen.getByTestId("daily-task-15").textContent).toContain("Open 1 card box");

    const rank = screen.getByTestId("rank-display");
    expect(rank.textContent).toContain("Gold");
    const points = within(rank).getAllByTestId("rank-point");
    expect(points).toHaveLength(6);
    expect(points.filter((p) => p.dataset.filled === "true")).toHaveLength(3);

    for (let n = 1; n <= 30; n++) expect(screen.getByTestId(`season-level-${n}`)).toBeTruthy();
    // Not premium: the paid track is locked and the ad leads to offers.
    fireEvent.click(screen.getByTestId("season-ad"));
    expect(appStore.get().route).toBe("offers");
  });

  it("champions show no points; a season pass holder sees no ad", () => {
    renderArena(
      arenaUser({ premium: true, rank: { rank: "champions", score: 140, total_score: 600 } }),
    );
    const rank = screen.getByTestId("rank-display");
    expect(within(rank).queryAllByTestId("rank-point")).toHaveLength(0);
    expect(rank.textContent).toContain("140");
    expect(screen.queryByTestId("season-ad")).toBeNull();
  });

  it("auto-scrolls the track to the current level in 1.5 s", async () => {
    renderArena(
      arenaUser({
        season_progress: {
          currentLevel: 15,
          oldFreeLevel: 15,
          oldPaidLevel: 15,
          xp: 4600,
          progress: { free: {}, paid: {} },
        },
      }),
    );
    const track = screen.getByTestId("season-track");
    expect(track.dataset.first).toBe("0");
    await waitFor(() => expect(track.dataset.first).toBe("10"));
    expect(track.style.getPropertyValue("--scroll-ms")).toBe("1500ms");
    expect(screen.getByTestId("season-level-15").className).toContain("season-level--current");
    // The arrows move the track on, quicker.
    fireEvent.click(screen.getByRole("button", { name: "Later levels" }));
    expect(track.dataset.first).toBe("18");
    expect(track.style.getPropertyValue("--scroll-ms")).toBe("320ms");
    fireEvent.click(screen.getByRole("button", { name: "Later levels" }));
    expect(track.dataset.first).toBe("21");
  });

  it("opens the champions list and the rank rewards table", async () => {
    renderArena(arenaUser(), {
      "GET /api/arena/champions": ok([
        { place: 1, name: "Nightveil", score: 220 },
        { place: 2, name: "Ashgrave", score: 120 },
      ]),
      "GET /api/arena/rank-rewards": ok([
        { rank: "bronze", gems: 100 },
        { rank: "silver", gems: 500 },
        { rank: "gold", gems: 1000 },
        { rank: "platinum", gems: 1500 },
        { rank: "diamond", gems: 2000 },
        { rank: "champions", gems: 3000 },
      ]),
    });
    fireEvent.click(screen.getByTestId("champions-open"));
    const champions = await screen.findByTestId("champions-popup");
    await waitFor(() => expect(within(champions).getAllByRole("listitem")).toHaveLength(2));
    expect(champions.textContent).toContain("Nightveil");
    fireEvent.click(screen.getByTestId("champions-popup-close"));
    expect(screen.queryByTestId("champions-popup")).toBeNull();

    fireEvent.click(screen.getByTestId("rank-rewards-open"));
    const table = await screen.findByTestId("rank-rewards-popup");
    const rows = within(table).getAllByRole("listitem");
    expect(rows).toHaveLength(6);
    expect(rows[5]?.textContent).toContain("Champions");
    expect(rows[5]?.textContent).toContain("3,000");
  });

  it("queues reward popups one at a time; OK removes the current one and tells the server", async () => {
    const user = arenaUser({
      premium: true,
      season_progress: {
        currentLevel: 2,
        oldFreeLevel: 1,
        oldPaidLevel: 1,
        xp: 610,
        progress: { free: { "1": true, "2": true }, paid: { "1": true, "2": true } },
      },
      dailys: {
        active: {},
        finished: [task(7, "Play %num% spells", 5, 5, 60)],
      },
    });
    const { log } = renderArena(user);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      const popup = await screen.findByTestId("reward-popup");
      order.push(popup.dataset.key ?? "");
      fireEvent.click(within(popup).getByTestId("reward-popup-ok"));
    }
    expect(order).toEqual(["free:2", "paid:2", "daily:7"]);
    await waitFor(() => expect(screen.queryByTestId("reward-popup")).toBeNull());
    const seen = log.calls.filter((c) => c.key === "POST /api/arena/rewards/seen");
    expect(seen.map((c) => bodyOf(c.init))).toEqual([
      { free_level: 2 },
      { paid_level: 2 },
      { daily_ids: [7] },
    ]);
  });

  it("Claim all takes every queued popup at once and tells the server in one call (issue 24 item 8)", async () => {
    const user = arenaUser({
      premium: true,
      season_progress: {
        currentLevel: 4,
        oldFreeLevel: 1,
        oldPaidLevel: 1,
        xp: 1300,
        progress: { free: {}, paid: {} },
      },
      dailys: { active: {}, finished: [task(7, "Play %num% spells", 5, 5, 60)] },
    });
    const { log } = renderArena(user);
    const popup = await screen.findByTestId("reward-popup");
    const all = within(popup).getByTestId("reward-popup-claim-all");
    expect(all.textContent).toBe("Claim all (7)");
    fireEvent.click(all);
    await waitFor(() => expect(screen.queryByTestId("reward-popup")).toBeNull());
    const seen = log.calls.filter((c) => c.key === "POST /api/arena/rewards/seen");
    expect(seen.map((c) => bodyOf(c.init))).toEqual([
      { free_level: 4, paid_level: 4, daily_ids: [7] },
    ]);
  });

  it("a single popup has no Claim all", async () => {
    renderArena(
      arenaUser({
        season_progress: {
          currentLevel: 2,
          oldFreeLevel: 1,
          oldPaidLevel: 2,
          xp: 610,
          progress: { free: {}, paid: {} },
        },
      }),
    );
    const popup = await screen.findByTestId("reward-popup");
    expect(within(popup).queryByTestId("reward-popup-claim-all")).toBeNull();
  });

  it("a card reward on the season track opens large on a tap (issue 24 item 8)", () => {
    renderArena(arenaUser());
    const open = screen.getAllByRole("button", { name: /^Level \d+: open / })[0];
    if (!open) throw new Error("no card reward on the track");
    const name = (open.getAttribute("aria-label") ?? "").replace(/^Level \d+: open /, "");
    fireEvent.click(open);
    expect(largeCardStore.get().card?.name).toBe(name);
  });

  it("the queue timer counts up each second with 'Finding opponent...', and cancel stops it", async () => {
    vi.useFakeTimers();
    const { log } = renderArena(arenaUser(), {
      "POST /api/game/pvp/queue": ok({ in_queue: true, since: 1 }),
      "POST /api/game/pvp/cancel-queue": ok({ in_queue: false }),
    });
    fireEvent.click(screen.getByTestId("arena-queue"));
    expect(screen.getByTestId("arena-queue-state").dataset.phase).toBe("entering");
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId("arena-queue-state").textContent).toContain("Finding opponent...");
    expect(screen.getByTestId("arena-queue-timer").textContent).toBe("0:00");
    expect(appStore.get().inQueue).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByTestId("arena-queue-timer").textContent).toBe("0:03");
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(screen.getByTestId("arena-queue-timer").textContent).toBe("0:12");
    fireEvent.click(screen.getByTestId("arena-cancel"));
    expect(screen.queryByTestId("arena-queue-timer")).toBeNull();
    expect(screen.getByTestId("arena-queue")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(log.calls.map((c) => c.key)).toContain("POST /api/game/pvp/cancel-queue");
    expect(appStore.get().inQueue).toBe(false);
  });

  it("leaving the screen cancels the queue", async () => {
    vi.useFakeTimers();
    const { log, unmount } = renderArena(arenaUser(), {
      "POST /api/game/pvp/queue": ok({ in_queue: true, since: 1 }),
      "POST /api/game/pvp/cancel-queue": ok({ in_queue: false }),
    });
    fireEvent.click(screen.getByTestId("arena-queue"));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.calls.filter((c) => c.key === "POST /api/game/pvp/cancel-queue")).toHaveLength(1);
    expect(appStore.get().inQueue).toBe(false);
  });

  it("without a matchmaking server, the bot game (opponent 21) starts after the 20-70 s threshold", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0); // threshold 20 s
    const opening = [{ game_data: { game_id: "g-1", cpu_id: 21, isPvP: false } }];
    const { log } = renderArena(arenaUser(), { "POST /api/game/cpu/start": ok(opening) });
    fireEvent.click(screen.getByTestId("arena-queue"));
    await act(() => vi.advanceTimersByTimeAsync(2000 + 19_000));
    expect(appStore.get().route).toBe("arena");
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(log.calls.map((c) => c.key)).toEqual(
      expect.arrayContaining([
        "POST /api/game/pvp/queue",
        "POST /api/game/pvp/bot",
        "POST /api/game/cpu/start",
      ]),
    );
    const start = log.calls.find((c) => c.key === "POST /api/game/cpu/start");
    expect(bodyOf(start?.init)).toEqual({ cpu_id: 21 });
    expect(appStore.get().route).toBe("game");
    expect(appStore.get().pendingBattle).toEqual({ cpuId: 21, messages: opening });
  });

  it("refuses to queue with a deck under 40 cards, and is locked below level 3", () => {
    renderArena(arenaUser({ deck: { cards: {}, total_amount: 12, sequence_number: 1 } }));
    fireEvent.click(screen.getByTestId("arena-queue"));
    expect(screen.getByTestId("system-dialog").textContent).toContain(
      "The deck must contain at least 40 cards",
    );
    expect(screen.queryByTestId("arena-queue-timer")).toBeNull();
    resetAll();

    renderArena(arenaUser({ level: 2 }));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Required chapter 2");
    expect(appStore.get().route).toBe("home");
  });
});
