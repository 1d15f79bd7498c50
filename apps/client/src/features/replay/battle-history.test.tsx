// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format.ts";
import { appStore } from "../../stores/app-store.ts";
import { makeUser, mockFetch, resetAll } from "../../test/fixtures.ts";
import ArenaScreen from "../arena/arena-screen.tsx";
import MapScreen from "../map/map-screen.tsx";
import { BattleHistory } from "./battle-history.tsx";
import { replaySummary } from "./replay-fixture.ts";

afterEach(() => resetAll());

const WON = replaySummary();
const OLD = replaySummary({
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  mode: "arena",
  opponent: { name: "Seeker1314", cpu_id: null, avatar: "/static/media/avatar-3.svg" },
  result: "loss",
  turns: 12,
  available: false,
});

function open(routes: Parameters<typeof mockFetch>[0]) {
  mockFetch(routes);
  act(() => appStore.set({ isAuth: true, route: "arena", user: makeUser() }));
  let closed = 0;
  render(<BattleHistory onClose={() => (closed += 1)} />);
  return () => closed;
}

describe("the battle chronicle", () => {
  it("lists opponent, mode, result, turns and date; a click opens the replay viewer", async () => {
    open({ "GET /api/replays": () => ({ status: 200, body: { data: [WON, OLD] } }) });
    const row = await screen.findByTestId(`history-row-${WON.id}`);
    expect(row.textContent).toContain("Air Elemental");
    expect(row.textContent).toContain("Story");
    expect(row.textContent).toContain("Victory");
    expect(row.textContent).toContain("7 turns");
    expect(row.textContent).toContain(formatDateTime(WON.finished_at));
    fireEvent.click(row.querySelector("button") as HTMLButtonElement);
    expect(appStore.get().replay).toEqual({
      source: { kind: "own", id: WON.id },
      returnTo: "arena",
    });
    expect(appStore.get().route).toBe("game");
  });

  it("shows a battle of an older version greyed, not clickable", async () => {
    open({ "GET /api/replays": () => ({ status: 200, body: { data: [WON, OLD] } }) });
    const row = await screen.findByTestId(`history-row-${OLD.id}`);
    expect(row.getAttribute("aria-disabled")).toBe("true");
    expect(row.querySelector("button")).toBeNull();
    expect(row.textContent).toContain("Recorded by an older version");
    expect(row.textContent).toContain("Defeat");
    fireEvent.click(row);
    expect(appStore.get().replay).toBeNull();
    expect(appStore.get().route).toBe("arena");
  });

  it("says when there is no battle yet, and what went wrong when the list fails", async () => {
    open({ "GET /api/replays": () => ({ status: 200, body: { data: [] } }) });
    expect(await screen.findByText(/No battle fought yet/)).toBeTruthy();
    resetAll();
    open({
      "GET /api/replays": () => ({
        status: 500,
        body: { error: { code: "x", message: "Broken" } },
      }),
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Broken");
    expect(screen.getByText("Try again")).toBeTruthy();
  });

  it("Escape and Close close it", async () => {
    const closed = open({ "GET /api/replays": () => ({ status: 200, body: { data: [WON] } }) });
    await screen.findByTestId(`history-row-${WON.id}`);
    fireEvent.keyDown(screen.getByTestId("battle-history"), { key: "Escape" });
    fireEvent.click(screen.getByTestId("battle-history-close"));
    expect(closed()).toBe(2);
  });
});

describe("the chronicle's entry points", () => {
  it("the arena's Battle chronicle opens it; a row opens the viewer and Close comes back to the arena", async () => {
    const user = makeUser({ level: 3 });
    mockFetch({
      "GET /api/player-details": () => ({ status: 200, body: { data: user } }),
      "GET /api/arena/season": () => ({
        status: 404,
        body: { error: { code: "x", message: "x" } },
      }),
      "GET /api/replays": () => ({ status: 200, body: { data: [WON] } }),
    });
    act(() => appStore.set({ isAuth: true, route: "arena", user }));
    render(<ArenaScreen HistoryDialog={BattleHistory} />);
    fireEvent.click(screen.getByTestId("open-battle-history"));
    const row = await screen.findByTestId(`history-row-${WON.id}`);
    fireEvent.click(row.querySelector("button") as HTMLButtonElement);
    expect(appStore.get().replay?.returnTo).toBe("arena");
  });

  it("the map's Battles button opens it", async () => {
    mockFetch({ "GET /api/replays": () => ({ status: 200, body: { data: [WON] } }) });
    act(() => appStore.set({ isAuth: true, route: "home", user: makeUser() }));
    render(<MapScreen HistoryDialog={BattleHistory} />);
    fireEvent.click(screen.getByTestId("nav-history"));
    expect(await screen.findByTestId(`history-row-${WON.id}`)).toBeTruthy();
  });
});
