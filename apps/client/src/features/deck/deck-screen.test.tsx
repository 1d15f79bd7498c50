// @vitest-environment happy-dom
import { encodeDeck } from "@cardrealm/content";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LargeCardHost, loadLargeCardView } from "../../components/card-views/large-card-host.tsx";
import { closeLargeCard } from "../../components/card-views/large-card-store.ts";
import { appStore } from "../../stores/app-store.ts";
import { API_CARDS, bodyOf, userWith } from "../../test/card-fixtures.ts";
import { mockFetch, resetAll } from "../../test/fixtures.ts";
import DeckScreen from "./deck-screen.tsx";

// The large card view is a lazy chunk: load it before the tests, so a lookup
// waits on the view itself, not on a module import that a loaded machine can
// stretch past the lookup's timeout.
beforeAll(async () => {
  await loadLargeCardView();
}, 60_000);

afterEach(() => {
  closeLargeCard();
  resetAll();
  vi.useRealTimers();
});

/**
 * 1001 Mossling Scout (unit, 2): owns 3, 1 in deck -> can add.
 * 1005 Healing Spring (spell, 2): owns 2, 2 in deck -> all in deck.
 * 1015 Shambling Corpse (unit, 2): owns 7, 5 in deck -> at the cap of 5.
 * 1042 Kindled Hearth (basic resource spell, 2): owns 12, 5 in deck -> cap 10, can add.
 * 1007 Elderbark Treant (unit, 5): owns 1, 1 in deck -> all in deck.
 * 1012 Fire Elemental (unit, 6): owns 1, none in deck -> can add.
 */
const LIBRARY = { 1001: 3, 1005: 2, 1015: 7, 1042: 12, 1007: 1, 1012: 1 };
const DECK = { 1001: 1, 1005: 2, 1015: 5, 1042: 5, 1007: 1 };

function renderDeck(library = LIBRARY, deck: Record<number, number> = DECK, routes = {}) {
  const fetchLog = mockFetch(routes);
  act(() =>
    appStore.set({ isAuth: true, route: "deck", cards: API_CARDS, user: userWith(library, deck) }),
  );
  render(
    <>
      <DeckScreen />
      <LargeCardHost />
    </>,
  );
  return fetchLog;
}

const library = () => screen.getByTestId("deck-library");
const deckList = () => screen.getByTestId("deck-list");

describe("deck editor", () => {
  it('shows "Library: N" and "Deck: N" and warns under 40 cards', () => {
    renderDeck();
    expect(screen.getByTestId("library-total").textContent).toBe("Library: 26");
    expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 14");
    expect(screen.getByTestId("deck-warning").textContent).toContain(
      "The deck must contain at least 40 cards",
    );
  });

  it("offers Add only while the library holds more than the deck and the deck is under the cap", () => {
    renderDeck();
    const lib = library();
    expect(within(lib).getByTestId("deck-add-1001")).toBeTruthy();
    expect(within(lib).getByTestId("deck-add-1012")).toBeTruthy();
    // Basic resource spells allow 10 copies.
    expect(within(lib).getByTestId("deck-add-1042")).toBeTruthy();

    expect(within(lib).queryByTestId("deck-add-1005")).toBeNull();
    expect(within(lib).getByTestId("deck-note-1005").textContent).toBe("All in deck");
    expect(within(lib).queryByTestId("deck-add-1015")).toBeNull();
    expect(within(lib).getByTestId("deck-note-1015").textContent).toBe("Max 5 in a deck");
    expect(within(lib).queryByTestId("deck-add-1007")).toBeNull();
  });

  it("adds a card to the active slot: the deck count rises at once and the answer is kept", async () => {
    const after = userWith(LIBRARY, { ...DECK, 1012: 1 });
    const { calls } = renderDeck(LIBRARY, DECK, {
      "POST /api/editor/add-card": () => ({ status: 200, body: { data: after } }),
    });
    fireEvent.click(within(library()).getByTestId("deck-add-1012"));
    expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 15");
    expect(within(deckList()).getByTestId("deck-remove-1012")).toBeTruthy();
    await waitFor(() => expect(appStore.get().user?.deck.total_amount).toBe(15));
    const call = calls.find((c) => c.key === "POST /api/editor/add-card");
    expect(bodyOf(call?.init)).toEqual({ card_id: 1012, deck_number: 1 });
    // The last copy went in: no more Add for it.
    expect(within(library()).queryByTestId("deck-add-1012")).toBeNull();
    expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 15");
  });

  it("removes a card; a refused change quietly restores the count", async () => {
    renderDeck(LIBRARY, DECK, {
      "POST /api/editor/remove": () => ({
        status: 409,
        body: { error: { code: "conflict", message: "That card is not in this deck." } },
      }),
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fireEvent.click(within(deckList()).getByTestId("deck-remove-1007"));
    expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 13");
    await waitFor(() => expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 14"));
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByTestId("system-dialog")).toBeNull();
  });

  it("filters the library by spells and units and keeps the filter in the app store", async () => {
    renderDeck();
    const ids = () =>
      [...library().querySelectorAll("[data-slide-card]")].map((el) =>
        Number(el.getAttribute("data-slide-card")),
      );
    expect(ids()).toEqual([1001, 1005, 1007, 1012, 1015, 1042]);
    expect(screen.getByTestId("deck-filter-all").getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByTestId("deck-filter-spell"));
    // The pill is pressed at once; the library follows a frame later.
    expect(screen.getByTestId("deck-filter-spell").getAttribute("aria-pressed")).toBe("true");
    expect(appStore.get().deckEditorFilter.filter).toBe("spell");
    await waitFor(() => expect(ids()).toEqual([1005, 1042]));

    fireEvent.click(screen.getByTestId("deck-filter-unit"));
    await waitFor(() => expect(ids()).toEqual([1001, 1007, 1012, 1015]));
    // The deck below is not filtered.
    expect(deckList().querySelectorAll("[data-slide-card]")).toHaveLength(5);
  });

  it("searches by name and sorts by cost", async () => {
    renderDeck();
    const ids = () =>
      [...library().querySelectorAll("[data-slide-card]")].map((el) =>
        Number(el.getAttribute("data-slide-card")),
      );
    fireEvent.change(screen.getByTestId("deck-search"), { target: { value: "elem" } });
    await waitFor(() => expect(ids()).toEqual([1012]));
    fireEvent.change(screen.getByTestId("deck-search"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("deck-sort-cost"));
    expect(screen.getByTestId("deck-sort-cost").getAttribute("aria-pressed")).toBe("true");
    // Clearing the search and sorting come in together: all six, 1012 (the dearest) last.
    await waitFor(() => expect(ids()).toHaveLength(6));
    expect(ids().at(-1)).toBe(1012);
    const costs = ids().map((id) => {
      const c = API_CARDS.find((x) => x.id === id);
      return c ? c.cost.fire + c.cost.diamond + c.cost.pow : -1;
    });
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
  });

  it("draws the cost curve: cards per total cost, and resources by kind", () => {
    renderDeck();
    const bar = (label: string) => screen.getByTestId(`cost-bar-${label}`);
    // Issue 26's balance pass: cheap faction cards also cost their faction's unused resource.
    expect(bar("2").dataset.count).toBe("6");
    expect(bar("2").getAttribute("aria-label")).toBe("Cost 2: 6 cards");
    expect(bar("3").dataset.count).toBe("7");
    expect(bar("5").dataset.count).toBe("1");
    expect(bar("1").dataset.count).toBe("0");
    expect(bar("7+").dataset.count).toBe("0");
    // Kindled Hearth (5 here) costs diamond and pow, the two resources it does not raise.
    expect(screen.getByTestId("cost-total-fire").textContent).toBe("Fire 6");
    expect(screen.getByTestId("cost-total-diamond").textContent).toBe("Diamond 14");
    expect(screen.getByTestId("cost-total-pow").textContent).toBe("Pow 18");
  });

  it("makes a slot of 40 cards the battle deck with set-active", async () => {
    const FULL = { 1042: 10, 1015: 30 };
    const slot2 = userWith(LIBRARY, FULL, { slot: 2, others: { 1: DECK } });
    const { calls } = renderDeck(LIBRARY, DECK, {
      "POST /api/editor/set-active": () => ({ status: 200, body: { data: slot2 } }),
    });
    act(() => appStore.set({ user: userWith(LIBRARY, DECK, { others: { 2: FULL } }) }));
    expect(screen.getByTestId("deck-slot-1").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("deck-slot-2"));
    await waitFor(() =>
      expect(screen.getByTestId("deck-slot-2").getAttribute("aria-label")).toBe(
        "Deck 2, 40 cards, battle deck",
      ),
    );
    expect(bodyOf(calls[0]?.init)).toEqual({ deck_number: 2 });
    expect(screen.getByTestId("deck-slot-2").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 40");
    expect(screen.getByText("Deck 2 is now your battle deck.")).toBeTruthy();
  });

  it("opens an empty slot for building without making it the battle deck", async () => {
    const FULL = { 1042: 10, 1015: 30 };
    const withOne = userWith(LIBRARY, FULL, { others: { 2: { 1012: 1 } } });
    const { calls } = renderDeck(LIBRARY, FULL, {
      "POST /api/editor/add-card": () => ({ status: 200, body: { data: withOne } }),
    });
    fireEvent.click(screen.getByTestId("deck-slot-2"));
    await waitFor(() => expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 0"));
    expect(screen.getByTestId("deck-slot-2").getAttribute("aria-pressed")).toBe("true");
    // Fight still takes Deck 1: no set-active was sent and the badge stays.
    expect(calls.filter((c) => c.key.includes("set-active"))).toHaveLength(0);
    expect(screen.getByTestId("deck-slot-1").getAttribute("aria-label")).toBe(
      "Deck 1, 40 cards, battle deck",
    );
    expect(appStore.get().user?.deck.sequence_number).toBe(1);
    expect(
      screen.getByText("Building Deck 2. Deck 1 stays your battle deck until Deck 2 has 40 cards."),
    ).toBeTruthy();
    // Cards added go into the slot shown.
    fireEvent.click(within(library()).getByTestId("deck-add-1012"));
    await waitFor(() => expect(calls.length).toBe(1));
    expect(bodyOf(calls[0]?.init)).toEqual({ card_id: 1012, deck_number: 2 });
    await waitFor(() => expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 1"));
    expect(screen.queryByTestId("deck-battle-with")).toBeNull();
  });

  it("offers to battle with a shown slot once it holds 40 cards", async () => {
    const FULL = { 1042: 10, 1015: 30 };
    const slot2 = userWith(LIBRARY, FULL, { slot: 2, others: { 1: DECK } });
    const { calls } = renderDeck(LIBRARY, DECK, {
      "POST /api/editor/complete": () => ({
        status: 200,
        body: { data: userWith(LIBRARY, DECK, { others: { 2: FULL } }) },
      }),
      "POST /api/editor/set-active": () => ({ status: 200, body: { data: slot2 } }),
    });
    act(() => appStore.set({ user: userWith(LIBRARY, DECK, { others: { 2: { 1042: 2 } } }) }));
    fireEvent.click(screen.getByTestId("deck-slot-2"));
    await waitFor(() => expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 2"));
    fireEvent.click(screen.getByTestId("deck-complete"));
    await waitFor(() => expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 40"));
    expect(bodyOf(calls[0]?.init)).toEqual({ deck_number: 2 });
    expect(appStore.get().user?.deck.sequence_number).toBe(1);
    fireEvent.click(screen.getByTestId("deck-battle-with"));
    await waitFor(() => expect(appStore.get().user?.deck.sequence_number).toBe(2));
    expect(bodyOf(calls[1]?.init)).toEqual({ deck_number: 2 });
    expect(screen.queryByTestId("deck-battle-with")).toBeNull();
  });

  it("completes the deck from the library and says how many cards came in", async () => {
    const full = userWith(LIBRARY, { ...DECK, 1001: 3, 1042: 10, 1012: 1 });
    renderDeck(LIBRARY, DECK, {
      "POST /api/editor/complete": () => ({ status: 200, body: { data: full } }),
    });
    fireEvent.click(screen.getByTestId("deck-complete"));
    await waitFor(() => expect(screen.getByTestId("deck-total").textContent).toBe("Deck: 22"));
    expect(screen.getByText("Added 8 cards from your library.")).toBeTruthy();
  });

  it("exports a short code and a share link with ?deck=", () => {
    renderDeck();
    fireEvent.click(screen.getByTestId("deck-code-export"));
    const code = encodeDeck(
      Object.entries(DECK).map(([id, amount]) => ({ id: Number(id), amount })),
    );
    expect((screen.getByTestId("deck-code-value") as HTMLInputElement).value).toBe(code);
    expect((screen.getByTestId("deck-link-value") as HTMLInputElement).value).toContain(
      `?deck=${code}`,
    );
  });

  it("imports a code into a slot and names the missing cards", async () => {
    const imported = userWith(LIBRARY, DECK, { slot: 2 });
    const { calls } = renderDeck(LIBRARY, DECK, {
      "POST /api/editor/import": () => ({
        status: 200,
        body: {
          data: {
            ...imported,
            missing: [
              { id: 1025, name: "Lich of the Hollow Crown", amount: 2 },
              { id: 1041, name: "Silkhand, the Master Thief", amount: 1 },
            ],
          },
        },
      }),
    });
    fireEvent.click(screen.getByTestId("deck-code-import"));
    fireEvent.click(screen.getByTestId("deck-import-slot-2"));
    const code = encodeDeck([
      { id: 1025, amount: 2 },
      { id: 1041, amount: 1 },
    ]);
    fireEvent.change(screen.getByTestId("deck-import-code"), {
      target: { value: `https://cardrealm.test/?deck=${code}` },
    });
    fireEvent.click(screen.getByTestId("deck-import-submit"));
    const missing = await screen.findByTestId("deck-import-missing");
    expect(missing.textContent).toContain("2× Lich of the Hollow Crown");
    expect(missing.textContent).toContain("1× Silkhand, the Master Thief");
    expect(bodyOf(calls[0]?.init)).toEqual({ deck_number: 2, code });
  });

  it("refuses a text that is not a deck code before calling the server", () => {
    const { calls } = renderDeck();
    fireEvent.click(screen.getByTestId("deck-code-import"));
    fireEvent.change(screen.getByTestId("deck-import-code"), { target: { value: "hello!" } });
    fireEvent.click(screen.getByTestId("deck-import-submit"));
    expect(screen.getByTestId("deck-import-error").textContent).toBe(
      "That is not a Cardrealm deck code.",
    );
    expect(calls).toHaveLength(0);
  });

  it("opens the large card view on double-click and right-click; Escape closes it", async () => {
    renderDeck();
    fireEvent.doubleClick(within(library()).getByTestId("deck-library-card-1012"));
    const view = await screen.findByTestId("card-large-view");
    expect(within(view).getByRole("heading", { name: "Fire Elemental" })).toBeTruthy();
    expect(within(view).getByTestId("card-full-text").textContent).not.toBe("");
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("card-large-view")).toBeNull());

    fireEvent.contextMenu(within(deckList()).getByTestId("deck-card-1001"));
    expect(await screen.findByTestId("card-large-view")).toBeTruthy();
    fireEvent.click(screen.getByTestId("modal-backdrop"));
    await waitFor(() => expect(screen.queryByTestId("card-large-view")).toBeNull());
  });
});
