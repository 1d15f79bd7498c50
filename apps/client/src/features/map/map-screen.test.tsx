// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { resetFirstLoad, SETTLE_MIN_MS } from "../../lib/first-load.ts";
import { appStore } from "../../stores/app-store.ts";
import { makeUser, mockFetch, resetAll } from "../../test/fixtures.ts";
import MapScreen from "./map-screen.tsx";

/** The battle chronicle the shell gives the screen (features/replay): not tested here. */
const NoDialog = () => null;

afterEach(resetAll);

function renderMap(level: number, maps: number[]) {
  mockFetch({});
  act(() => appStore.set({ isAuth: true, user: makeUser({ level, maps }) }));
  return render(
    <>
      <MapScreen HistoryDialog={NoDialog} />
      <SystemDialog />
    </>,
  );
}

const filledStars = (key: string) =>
  screen.getByTestId(`chapter-${key}`).querySelectorAll(".chapter-icon__star--filled").length;

describe("world map", () => {
  it("shows nine story icons with three stars each, filled for beaten opponents", () => {
    renderMap(2, [6, 5]);
    const icons = screen.getAllByTestId(/^chapter-[a-z0-9]+$/);
    expect(icons).toHaveLength(9);
    for (const icon of icons) expect(icon.querySelectorAll(".chapter-icon__star")).toHaveLength(3);
    expect(filledStars("elf")).toBe(2);
    expect(filledStars("gabby")).toBe(0);
  });

  it('greys chapters above the user level with "Required chapter N"', () => {
    renderMap(2, []);
    expect(screen.getByTestId("chapter-gabby").dataset.locked).toBe("false");
    const kailis = screen.getByTestId("chapter-kailis");
    expect(kailis.dataset.locked).toBe("true");
    expect(within(kailis).getByText("Required chapter 2")).toBeTruthy();
    expect(
      within(screen.getByTestId("chapter-vampires")).getByText("Required chapter 7"),
    ).toBeTruthy();
  });

  it("opens the chapter window with its name, and closes it", async () => {
    renderMap(1, []);
    fireEvent.click(screen.getByRole("button", { name: /^Elven Wisdom/ }));
    const win = screen.getByTestId("boss-window");
    expect((await within(win).findByRole("heading", { level: 2 })).textContent).toBe(
      "Elven Wisdom",
    );
    fireEvent.click(within(win).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByTestId("boss-window")).toBeNull());
  });

  it('keeps the arena shut below level 3 with "Required chapter 2"', () => {
    renderMap(2, []);
    fireEvent.click(screen.getByTestId("map-arena"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Required chapter 2");
    expect(appStore.get().route).toBe("home");
  });

  it("opens the arena from level 3", () => {
    renderMap(3, []);
    fireEvent.click(screen.getByTestId("map-arena"));
    expect(appStore.get().route).toBe("arena");
  });

  it("starts its endless loops once the first load has settled", async () => {
    vi.useFakeTimers();
    try {
      resetFirstLoad();
      renderMap(1, []);
      const map = screen.getByTestId("screen-home");
      expect(screen.getByTestId("chapter-elf").className).toContain("chapter-icon--next");
      expect(map.className).not.toContain("map-screen--settled");
      await act(() => vi.advanceTimersByTimeAsync(SETTLE_MIN_MS));
      expect(map.className).toContain("map-screen--settled");
    } finally {
      vi.useRealTimers();
    }
  });
});
