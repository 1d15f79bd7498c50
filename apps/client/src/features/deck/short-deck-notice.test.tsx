// @vitest-environment happy-dom
import { encodeDeck } from "@cardrealm/content";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { appStore } from "../../stores/app-store.ts";
import { bodyOf, userWith } from "../../test/card-fixtures.ts";
import { mockFetch, resetAll } from "../../test/fixtures.ts";
import { ImportDialog } from "./deck-code-dialogs.tsx";
import SharedDeckOffer from "./shared-deck-offer.tsx";

afterEach(() => {
  window.history.replaceState(null, "", "/");
  resetAll();
});

const SHORT_DECK = { 1001: 5, 1015: 5 };
const CODE = encodeDeck(
  Object.entries(SHORT_DECK).map(([id, amount]) => ({ id: Number(id), amount })),
);
const LIBRARY = { 1001: 10, 1015: 10, 1042: 30 };

describe("an import that leaves the active deck under 40 cards", () => {
  it("says so plainly and fills the deck from the library when asked", async () => {
    const short = userWith(LIBRARY, SHORT_DECK, { slot: 2 });
    const filled = userWith(LIBRARY, { ...SHORT_DECK, 1042: 30 }, { slot: 2 });
    const { calls } = mockFetch({
      "POST /api/editor/import": () => ({ status: 200, body: { data: { ...short, missing: [] } } }),
      "POST /api/editor/complete": () => ({ status: 200, body: { data: filled } }),
    });
    act(() => appStore.set({ isAuth: true, user: userWith(LIBRARY, {}) }));
    render(<ImportDialog activeSlot={2} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId("deck-import-code"), { target: { value: CODE } });
    fireEvent.click(screen.getByTestId("deck-import-submit"));
    const notice = await screen.findByTestId("short-deck-notice");
    expect(notice.textContent).toContain("Deck 2 is now your active deck");
    expect(notice.textContent).toContain("only 10 of the 40 cards");
    fireEvent.click(screen.getByTestId("short-deck-fill"));
    const answer = await screen.findByTestId("short-deck-answer");
    expect(answer.textContent).toContain("filled to 40");
    expect(calls.map((c) => c.key)).toEqual([
      "POST /api/editor/import",
      "POST /api/editor/complete",
    ]);
    expect(bodyOf(calls[1]?.init)).toEqual({ deck_number: 2 });
    expect(appStore.get().user?.deck.total_amount).toBe(40);
  });

  it("keeps the short deck when the player says so, and says it stays short", async () => {
    const short = userWith(LIBRARY, SHORT_DECK, { slot: 1 });
    const { calls } = mockFetch({
      "POST /api/editor/import": () => ({ status: 200, body: { data: { ...short, missing: [] } } }),
    });
    act(() => appStore.set({ isAuth: true, user: userWith(LIBRARY, {}) }));
    render(<ImportDialog activeSlot={1} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId("deck-import-code"), { target: { value: CODE } });
    fireEvent.click(screen.getByTestId("deck-import-submit"));
    fireEvent.click(await screen.findByTestId("short-deck-keep"));
    expect(screen.getByTestId("short-deck-answer").textContent).toContain("stays at 10 cards");
    expect(calls).toHaveLength(1);
  });

  it("says nothing more when the imported deck is complete", async () => {
    const full = { 1001: 10, 1015: 10, 1042: 20 };
    const fullCode = encodeDeck(
      Object.entries(full).map(([id, amount]) => ({ id: Number(id), amount })),
    );
    mockFetch({
      "POST /api/editor/import": () => ({
        status: 200,
        body: { data: { ...userWith(LIBRARY, full), missing: [] } },
      }),
    });
    act(() => appStore.set({ isAuth: true, user: userWith(LIBRARY, {}) }));
    render(<ImportDialog activeSlot={1} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId("deck-import-code"), { target: { value: fullCode } });
    fireEvent.click(screen.getByTestId("deck-import-submit"));
    await screen.findByTestId("deck-import-result");
    expect(screen.queryByTestId("short-deck-notice")).toBeNull();
  });

  it("a shared link's Import only tells of the short deck instead of leaving for the editor", async () => {
    window.history.replaceState(null, "", `/?deck=${CODE}`);
    mockFetch({
      "POST /api/editor/import": () => ({
        status: 200,
        body: {
          data: { ...userWith(LIBRARY, SHORT_DECK, { slot: 2, level: 1, maps: [] }), missing: [] },
        },
      }),
    });
    act(() =>
      appStore.set({
        isAuth: true,
        route: "home",
        user: userWith(LIBRARY, { 1001: 5 }, { slot: 1, level: 1, maps: [] }),
      }),
    );
    render(<SharedDeckOffer />);
    fireEvent.click(screen.getByTestId("shared-deck-import"));
    const notice = await screen.findByTestId("short-deck-notice");
    expect(notice.textContent).toContain("only 10 of the 40 cards");
    expect(appStore.get().route).toBe("home");
  });
});
