// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API_CARDS, apiCard } from "../../test/card-fixtures.ts";
import { resetAll } from "../../test/fixtures.ts";
import { CardSlider } from "./card-slider.tsx";
import { LargeCardHost, loadLargeCardView } from "./large-card-host.tsx";
import { closeLargeCard, openLargeCard } from "./large-card-store.ts";
import { ResearchView } from "./research-view.tsx";

// The large card view is a lazy chunk: load it before the tests, so a lookup
// waits on the view itself, not on a module import that a loaded machine can
// stretch past the lookup's timeout.
beforeAll(async () => {
  await loadLargeCardView();
}, 60_000);

afterEach(() => {
  act(() => closeLargeCard());
  resetAll();
});

const TEN = API_CARDS.slice(0, 10);

describe("research view", () => {
  it("shows one card full size and a slider of the library, five in view", () => {
    render(<ResearchView cards={TEN} onClose={() => {}} />);
    const view = screen.getByTestId("research-view");
    expect(within(view).getByRole("heading", { name: TEN[0]?.name })).toBeTruthy();
    const inView = view.querySelectorAll("[data-in-view='true']");
    expect(inView).toHaveLength(5);
    const sixth = TEN[5];
    if (!sixth) throw new Error("ten cards expected");
    fireEvent.click(within(view).getByTestId(`research-slide-${sixth.id}`));
    expect(within(view).getByRole("heading", { name: sixth.name })).toBeTruthy();
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(within(view).getByRole("heading", { name: TEN[6]?.name })).toBeTruthy();
  });

  it("closes on Escape", () => {
    const onClose = vi.fn();
    render(<ResearchView cards={TEN} onClose={onClose} />);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("large card view", () => {
  it("shows the big card with its full ability text and flavour; Escape closes only it", async () => {
    const card = apiCard(1010);
    const onResearchClose = vi.fn();
    render(
      <>
        <ResearchView cards={TEN} onClose={onResearchClose} />
        <LargeCardHost />
      </>,
    );
    act(() => openLargeCard(card));
    const view = await screen.findByTestId("card-large-view");
    expect(within(view).getByRole("heading", { name: card.name })).toBeTruthy();
    expect(within(view).getByTestId("card-full-text").textContent).toBe(card.ability.full_text);
    if (card.flavor) expect(within(view).getByTestId("card-flavor").textContent).toBe(card.flavor);
    // The view listens for Escape from an effect: let effects settle first
    // (under load the listener can land a moment after the view appears).
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("card-large-view")).toBeNull());
    expect(onResearchClose).not.toHaveBeenCalled();
  });
});

describe("card slider", () => {
  it("pages with the arrows and keeps five slides in view", () => {
    render(
      <CardSlider
        items={TEN}
        itemKey={(c) => c.id}
        slideWidth={100}
        label="Library"
        renderItem={(c) => <span>{c.name}</span>}
        data-testid="slider"
      />,
    );
    const slider = screen.getByTestId("slider");
    const prev = screen.getByRole("button", { name: "Library: previous cards" });
    const next = screen.getByRole("button", { name: "Library: next cards" });
    expect((prev as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    expect(slider.dataset.first).toBe("5");
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(prev);
    expect(slider.dataset.first).toBe("0");
  });
});
