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

/** A full battle deck in slot 1 (40 cards of the library). */
const BATTLE_DECK = { 1001: 5, 1015: 5, 1042: 30 };
const FILLED = { ...SHORT_DECK, 1042: 30 };

describe("an import that leaves a deck under 40 cards", () => {
  it("keeps the battle deck as it was, says so, and makes the slot the battle deck once filled", async () => {
    // The server's answers: an import or a fill changes no active slot; set-active does.
    const { calls } = mockFetch({
      "POST /api/editor/import": () => ({
        status: 200,
        body: {
          data: { ...userWith(LIBRARY, BATTLE_DECK, { others: { 2: SHORT_DECK } }), missing: [] },
        },
      }),
      "POST /api/editor/complete": () => ({
        status: 200,
        body: { data: userWith(LIBRARY, BATTLE_DECK, { others: { 2: FILLED } }) },
      }),
      "POST /api/editor/set-active": () => ({
        status: 200,
        body: { data: userWith(LIBRARY, FILLED, { slot: 2, others: { 1: BATTLE_DECK } }) },
      }),
    });
    act(() => appStore.set({ isAuth: true, user: userWith(LIBRARY, BATTLE_DECK) }));
    render(<ImportDialog activeSlot={2} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId("deck-import-code"), { target: { value: CODE } });
    fireEvent.click(screen.getByTestId("deck-import-submit"));
    const notice = await screen.findByTestId("short-deck-notice");
    expect(notice.textContent).toContain("only 10 of the 40 cards");
    expect(notice.textContent).toContain("Deck 1 stays your battle deck");
    expect(screen.getByTestId("deck-import-result").textContent).toContain(
      "Deck 2 now holds 10 cards",
    );
    // Fight still takes Deck 1, which can fight: no set-active for a short deck.
    expect(calls.map((c) => c.key)).toEqual(["POST /api/editor/import"]);
    expect(appStore.get().user?.deck.sequence_number).toBe(1);

    fireEvent.click(screen.getByTestId("short-deck-fill"));
    const answer = await screen.findByTestId("short-deck-answer");
    expect(answer.textContent).toContain("filled to 40 cards and is now your battle deck");
    expect(calls.map((c) => c.key)).toEqual([
      "POST /api/editor/import",
      "POST /api/editor/complete",
      "POST /api/editor/set-active",
    ]);
    expect(bodyOf(calls[1]?.init)).toEqual({ deck_number: 2 });
    expect(bodyOf(calls[2]?.init)).toEqual({ deck_number: 2 });
    expect(appStore.get().user?.deck).toMatchObject({ sequence_number: 2, total_amount: 40 });
  });

  it("makes a full import the battle deck, as before", async () => {
    const { calls } = mockFetch({
      "POST /api/editor/import": () => ({
        status: 200,
        body: {
          data: { ...userWith(LIBRARY, SHORT_DECK, { others: { 3: FILLED } }), missing: [] },
        },
      }),
      "POST /api/editor/set-active": () => ({
        status: 200,
        body: { data: userWith(LIBRARY, FILLED, { slot: 3, others: { 1: SHORT_DECK } }) },
      }),
    });
    act(() => appStore.set({ isAuth: true, user: userWith(LIBRARY, SHORT_DECK) }));
    render(<ImportDialog activeSlot={3} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId("deck-import-code"), { target: { value: CODE } });
    fireEvent.click(screen.getByTestId("deck-import-submit"));
    await screen.findByTestId("deck-import-result");
    expect(screen.queryByTestId("short-deck-notice")).toBeNull();
    expect(calls.map((c) => c.key)).toEqual([
      "POST /api/editor/import",
      "POST /api/editor/set-active",
    ]);
    expect(appStore.get().user?.deck.sequence_number).toBe(3);
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
          data: {
            ...userWith(LIBRARY, { 1001: 5 }, { others: { 2: SHORT_DECK }, level: 1, maps: [] }),
            missing: [],
          },
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
