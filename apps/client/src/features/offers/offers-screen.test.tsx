// @vitest-environment happy-dom
import type { Box, OpenedBox } from "@cardrealm/protocol";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { appStore } from "../../stores/app-store.ts";
import { API_CARDS, bodyOf } from "../../test/card-fixtures.ts";
import { makeUser, mockFetch, resetAll } from "../../test/fixtures.ts";
import { Fireworks } from "./fireworks.tsx";
import OffersScreen from "./offers-screen.tsx";

afterEach(() => {
  vi.useRealTimers();
  resetAll();
});

const SLOTS = { rare: 1, uncommon: 2, common: 3 };
const CASHBACK = { rare: 60, uncommon: 25, common: 10 };
// Per card (economy/boxes.ts perCardOdds): 24 rares, one rare slot: 1/24.
const POOL = { rare: 24, uncommon: 47, common: 56 };
const ODDS = { rare: 1 / 24, uncommon: 1 - (46 / 47) ** 2, common: 1 - (55 / 56) ** 3 };
const BOXES: Box[] = [
  {
    id: 4,
    name: "Default",
    price: 500,
    set: "base",
    description: "Six cards from the base set.",
    odds: ODDS,
    pool: POOL,
    slots: SLOTS,
    cashback: CASHBACK,
  },
  {
    id: 5,
    name: "Vampire",
    price: 850,
    set: "vampire",
    description: "Six cards of the Vampire set.",
    odds: ODDS,
    pool: POOL,
    slots: SLOTS,
    cashback: CASHBACK,
  },
];

const OPENED: OpenedBox = {
  rare: { card: 1041, number_in_library: 1, cashback: false },
  un_1: { card: 1010, number_in_library: 5, cashback: 25 },
  un_2: { card: 1013, number_in_library: 2, cashback: false },
  com_1: { card: 1001, number_in_library: 5, cashback: 10 },
  com_2: { card: 1015, number_in_library: 1, cashback: false },
  com_3: { card: 1029, number_in_library: 3, cashback: false },
};

function renderOffers(silver: number, premium = false, routes = {}) {
  const log = mockFetch(routes);
  act(() =>
    appStore.set({
      isAuth: true,
      route: "offers",
      boxes: BOXES,
      cards: API_CARDS,
      user: makeUser({ silver, premium }),
    }),
  );
  render(
    <>
      <OffersScreen />
      <SystemDialog />
    </>,
  );
  return log;
}

describe("offers", () => {
  it('shows the title "Offers" and both boxes with their odds and duplicate cashback', () => {
    renderOffers(1000);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Offers");
    const def = screen.getByTestId("offers-box-4");
    expect(within(def).getByRole("heading", { name: "Default box" })).toBeTruthy();
    expect(within(def).getByTestId("offers-open-4").textContent).toContain("500");
    // The chance of one given card, not the slot share (1 in 6 slots is rare).
    expect(within(def).getByTestId("offers-odds-4-head").textContent).toBe("Per card");
    expect(within(def).getByTestId("offers-odds-4-head").getAttribute("title")).toMatch(
      /one given card/,
    );
    expect(within(def).getByTestId("offers-odds-4-rare").textContent).toBe("4.2%");
    expect(within(def).getByTestId("offers-odds-4-uncommon").textContent).toBe("4.2%");
    expect(within(def).getByTestId("offers-odds-4-common").textContent).toBe("5.3%");
    expect(within(def).getByTestId("offers-odds-4-rare").getAttribute("title")).toBe(
      "Each of the 24 rare cards: 4.2% per box",
    );
    expect(within(def).getByTestId("offers-cashback-4-rare").textContent).toContain("+60");
    expect(within(def).getByTestId("offers-cashback-4-common").textContent).toContain("+10");
    const vamp = screen.getByTestId("offers-box-5");
    expect(within(vamp).getByTestId("offers-open-5").textContent).toContain("850");
  });

  it("opens a box: six cards with their cashback, and the new gem balance", async () => {
    const after = makeUser({ silver: 535 });
    const { calls } = renderOffers(1000, false, {
      "POST /api/boxes/open": () => ({ status: 200, body: { data: { ...OPENED, user: after } } }),
    });
    fireEvent.click(screen.getByTestId("offers-open-4"));
    const view = await screen.findByTestId("box-view");
    const body = bodyOf(calls[0]?.init);
    expect(body.id).toBe(4);
    expect(String(body.request_id)).toMatch(/^[A-Za-z0-9-]{8,64}$/);

    expect(within(view).getAllByRole("listitem")).toHaveLength(6);
    expect(within(view).getByTestId("box-card-rare").textContent).toContain(
      "Silkhand, the Master Thief",
    );
    expect(within(view).getByTestId("box-badge-un_1").textContent).toContain("+25");
    expect(within(view).getByTestId("box-badge-com_1").textContent).toContain("+10");
    expect(within(view).getByTestId("box-badge-rare").textContent).toBe("New!");
    expect(within(view).getByTestId("box-badge-com_3").textContent).toBe("×3 owned");
    expect(within(view).getByTestId("box-view-summary").textContent).toBe(
      "Copies beyond the cap turned into 35 gems.",
    );
    expect(screen.getByTestId("box-fireworks")).toBeTruthy();
    expect(appStore.get().user?.silver).toBe(535);

    fireEvent.click(within(view).getByTestId("box-view-close"));
    expect(screen.queryByTestId("box-view")).toBeNull();
  });

  it('says "Not enough gems!" without buying when the box costs more than the balance', () => {
    const { calls } = renderOffers(600);
    fireEvent.click(screen.getByTestId("offers-open-5"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Not enough gems!");
    expect(calls).toHaveLength(0);
  });

  it('shows the server\'s "Not enough gems!" (402) as an info message', async () => {
    renderOffers(1000, false, {
      "POST /api/boxes/open": () => ({
        status: 402,
        body: { error: { code: "not_enough_gems", message: "Not enough gems!" } },
      }),
    });
    fireEvent.click(screen.getByTestId("offers-open-4"));
    await waitFor(() =>
      expect(screen.getByTestId("system-dialog").textContent).toContain("Not enough gems!"),
    );
    expect(screen.queryByTestId("box-view")).toBeNull();
  });

  it("activates the season pass, then hides the button", async () => {
    renderOffers(8000, false, {
      "POST /api/boxes/season-pass": () => ({
        status: 200,
        body: { data: makeUser({ silver: 500, premium: true }) },
      }),
    });
    fireEvent.click(screen.getByTestId("season-pass-buy"));
    const ask = screen.getByTestId("season-pass-confirm");
    expect(ask.textContent).toContain("7,500 gems will be taken from your balance of 8,000");
    fireEvent.click(screen.getByTestId("season-pass-confirm-confirm"));
    await waitFor(() =>
      expect(screen.getByTestId("system-dialog").textContent).toContain("Season pass activated!"),
    );
    expect(screen.queryByTestId("season-pass-confirm")).toBeNull();
    expect(screen.queryByTestId("season-pass-buy")).toBeNull();
    expect(appStore.get().user?.silver).toBe(500);
  });

  it("asks before the season pass: cancel (or Escape) buys nothing", () => {
    const { calls } = renderOffers(8000, false);
    fireEvent.click(screen.getByTestId("season-pass-buy"));
    expect(screen.getByTestId("season-pass-confirm")).toBeTruthy();
    // Nothing is bought while the question is open.
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId("season-pass-confirm-cancel"));
    expect(screen.queryByTestId("season-pass-confirm")).toBeNull();
    fireEvent.click(screen.getByTestId("season-pass-buy"));
    fireEvent.keyDown(screen.getByTestId("season-pass-confirm"), { key: "Escape" });
    expect(screen.queryByTestId("season-pass-confirm")).toBeNull();
    expect(calls).toHaveLength(0);
    expect(appStore.get().user?.silver).toBe(8000);
    expect(screen.getByTestId("season-pass-buy").textContent).toContain("7,500");
  });

  it("prints the season pass price with a thousands separator", () => {
    renderOffers(8000);
    expect(screen.getByTestId("season-pass-buy").textContent).toContain("Activate · 7,500");
  });

  it("hides the season pass from premium players and refuses it under 7500 gems", () => {
    renderOffers(8000, true);
    expect(screen.queryByTestId("season-pass-buy")).toBeNull();
    resetAll();
    const { calls } = renderOffers(7499);
    fireEvent.click(screen.getByTestId("season-pass-buy"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Not enough gems!");
    // A short balance is refused at once, without asking first.
    expect(screen.queryByTestId("season-pass-confirm")).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("lets the fireworks burn for 5.5 s", () => {
    vi.useFakeTimers();
    render(<Fireworks />);
    expect(screen.getByTestId("box-fireworks")).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_400));
    expect(screen.getByTestId("box-fireworks")).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId("box-fireworks")).toBeNull();
  });
});
