// @vitest-environment happy-dom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { appStore } from "../../stores/app-store.ts";
import { API_CARDS, userWith } from "../../test/card-fixtures.ts";
import { mockFetch, resetAll } from "../../test/fixtures.ts";
import GalleryScreen from "./gallery-screen.tsx";

afterEach(resetAll);

/** Three factions keep the album small enough for a quick test. */
const CARDS = API_CARDS.filter((c) => ["elf", "undead", "vampire"].includes(c.faction));
const BASE = CARDS.filter((c) => c.set === "base");
const VAMPIRE = CARDS.filter((c) => c.set === "vampire");

function renderGallery(library: Record<number, number>) {
  mockFetch({});
  act(() =>
    appStore.set({ isAuth: true, route: "gallery", cards: CARDS, user: userWith(library) }),
  );
  render(<GalleryScreen />);
}

describe("gallery", () => {
  it("shows each set's progress as owned / total", () => {
    renderGallery({ 1001: 2, 1002: 1, 1015: 5 });
    expect(screen.getByTestId("gallery-progress-base").textContent).toBe(`3 / ${BASE.length}`);
    expect(screen.getByTestId("gallery-progress-vampire").textContent).toBe(
      `0 / ${VAMPIRE.length}`,
    );
  });

  it("draws owned cards in colour with their amount and missing ones as silhouettes", () => {
    renderGallery({ 1001: 2 });
    const owned = screen.getByTestId("gallery-card-1001");
    expect(within(owned).getByTestId("card-amount").textContent).toBe("×2");
    const missing = screen.getByTestId("gallery-missing-1002");
    expect(missing.getAttribute("aria-label")).toBe("Missing card");
    expect(screen.getAllByRole("img", { name: "Missing card" })).toHaveLength(BASE.length - 1);
  });

  it("switches set and faction tabs", () => {
    const vamp = VAMPIRE[0];
    if (!vamp) throw new Error("no vampire card");
    renderGallery({ 1001: 1, [vamp.id]: 1 });
    fireEvent.click(screen.getByTestId("gallery-set-vampire"));
    expect(screen.getByTestId("gallery-set-vampire").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByTestId(`gallery-card-${vamp.id}`)).toBeTruthy();
    expect(screen.queryByTestId("gallery-card-1001")).toBeNull();

    fireEvent.click(screen.getByTestId("gallery-set-base"));
    fireEvent.click(screen.getByTestId("gallery-faction-undead"));
    const grid = screen.getByTestId("gallery-grid-base");
    const undead = BASE.filter((c) => c.faction === "undead").length;
    expect(within(grid).getAllByRole("img", { name: "Missing card" })).toHaveLength(undead);
    expect(screen.getByTestId("gallery-faction-undead").textContent).toContain(`0/${undead}`);
  });

  it("opens the research view on an owned card", () => {
    renderGallery({ 1001: 2, 1012: 1 });
    fireEvent.click(screen.getByTestId("gallery-card-1012"));
    const view = screen.getByTestId("research-view");
    expect(within(view).getByRole("heading", { name: "Fire Elemental" })).toBeTruthy();
    expect(within(view).getByTestId("card-owned").textContent).toBe("In your library: ×1");
  });
});
