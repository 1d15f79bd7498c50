// @vitest-environment happy-dom
import { encodeDeck } from "@cardrealm/content";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { appStore } from "../../stores/app-store.ts";
import { bodyOf, userWith } from "../../test/card-fixtures.ts";
import { mockFetch, resetAll } from "../../test/fixtures.ts";
import SharedDeckOffer from "./shared-deck-offer.tsx";

afterEach(() => {
  window.history.replaceState(null, "", "/");
  resetAll();
});

const FULL = { 1001: 5, 1002: 5, 1003: 5, 1004: 5, 1015: 5, 1016: 5, 1042: 10 };
const CODE = encodeDeck(Object.entries(FULL).map(([id, amount]) => ({ id: Number(id), amount })));

function open(routes: Parameters<typeof mockFetch>[0]) {
  window.history.replaceState(null, "", `/?deck=${CODE}`);
  const log = mockFetch(routes);
  act(() =>
    appStore.set({
      isAuth: true,
      route: "home",
      user: userWith({ 1001: 5 }, { 1001: 5 }, { slot: 1, level: 1, maps: [] }),
    }),
  );
  render(
    <>
      <SharedDeckOffer />
      <SystemDialog />
    </>,
  );
  return log;
}

describe("a shared deck link (?deck=<code>)", () => {
  it("offers the deck, imports it into an empty slot and opens the first open opponent", async () => {
    const imported = userWith(FULL, FULL, { slot: 2, level: 1, maps: [] });
    const { calls } = open({
      "POST /api/editor/import": () => ({
        status: 200,
        body: { data: { ...imported, missing: [] } },
      }),
    });
    const offer = screen.getByTestId("shared-deck-offer");
    expect(offer.textContent).toContain("40 cards");
    expect(offer.textContent).toContain("Elven Wisdom");
    expect(screen.getByTestId("shared-deck-slot-2").getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByTestId("shared-deck-import-play"));
    await waitFor(() => expect(screen.queryByTestId("shared-deck-offer")).toBeNull());
    expect(bodyOf(calls[0]?.init)).toEqual({ deck_number: 2, code: CODE });
    expect(appStore.get().route).toBe("home");
    expect(appStore.get().cpuStory).toMatchObject({
      story: 1,
      cpuId: 6,
      cpuNumber: 1,
      action: null,
    });
    expect(window.location.search).toBe("");
  });

  it("names missing cards, fills the deck to 40 and then plays", async () => {
    const short = userWith(FULL, { 1001: 5 }, { slot: 2, level: 1, maps: [] });
    const filled = userWith(FULL, FULL, { slot: 2, level: 1, maps: [] });
    const { calls } = open({
      "POST /api/editor/import": () => ({
        status: 200,
        body: {
          data: {
            ...short,
            missing: [{ id: 1041, name: "Silkhand, the Master Thief", amount: 2 }],
          },
        },
      }),
      "POST /api/editor/complete": () => ({ status: 200, body: { data: filled } }),
    });
    fireEvent.click(screen.getByTestId("shared-deck-import-play"));
    const missing = await screen.findByTestId("deck-import-missing");
    expect(missing.textContent).toContain("2× Silkhand, the Master Thief");
    const play = screen.getByTestId("shared-deck-play");
    expect(play.textContent).toBe("Fill to 40 and play");
    fireEvent.click(play);
    await waitFor(() => expect(appStore.get().cpuStory.cpuId).toBe(6));
    expect(calls.map((c) => c.key)).toEqual([
      "POST /api/editor/import",
      "POST /api/editor/complete",
    ]);
  });

  it("tells a broken code apart and forgets it", async () => {
    window.history.replaceState(null, "", "/?deck=nonsense!");
    mockFetch({});
    act(() => appStore.set({ isAuth: true, user: userWith({}) }));
    render(
      <>
        <SharedDeckOffer />
        <SystemDialog />
      </>,
    );
    expect(screen.queryByTestId("shared-deck-offer")).toBeNull();
    expect(screen.getByTestId("system-dialog").textContent).toContain(
      "That is not a Cardrealm deck code.",
    );
  });
});
