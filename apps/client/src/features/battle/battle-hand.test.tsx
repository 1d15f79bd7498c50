// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { largeCardStore } from "../../components/card-views/large-card-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { mockFetch, resetAll } from "../../test/fixtures.ts";
import { battleCard } from "./battle-cards.ts";
import { dropPicked, Hand, zoneTakes } from "./battle-hand.tsx";
import { pickCard } from "./battle-intents.ts";
import { disposeBattle } from "./battle-lifecycle.ts";
import { boardOf, settledBoard } from "./board-fixture.ts";
import { dragStore } from "./drag-store.ts";
import type { FakeServer } from "./fake-battle-server.ts";
import { LONG_PRESS_MS } from "./pointer.ts";

const MOSSLING = 1001; // unit, 2 diamond
const NAME = battleCard(MOSSLING)?.name;
const FIRE_ELEMENTAL = 1012; // unit, unaffordable at the start
const GALE_SLASH = 1006; // spell: 3 damage to an enemy unit
const GEM_VEIN = 1043; // spell, no target

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  disposeBattle();
  dragStore.set({ drag: null, over: null, preview: null, zoom: null });
  largeCardStore.set({ card: null });
  resetAll();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The fake server's board with this hand, rendered; its routes answer the calls. */
function handOf(cards: number[], setup?: (server: FakeServer) => void) {
  const server = boardOf();
  const keys = server.setHand(cards);
  setup?.(server);
  settledBoard(server.snapshot());
  mockFetch(server.routes);
  render(<Hand />);
  return { server, keys };
}

const card = (key: number) => screen.getByTestId(`hand-card-${key}`);
const phase = () => battleStore.get().phase;

/** What the pointer is over: an element standing for a drop zone, or nothing. */
function pointerOver(zone: string | null): void {
  const el = document.createElement("div");
  if (zone) el.dataset.drop = zone;
  document.body.append(el);
  Object.defineProperty(document, "elementFromPoint", {
    value: () => (zone ? el : null),
    configurable: true,
  });
}

function press(el: HTMLElement, pointerType = "mouse", x = 600, y = 650): void {
  fireEvent.pointerDown(el, { button: 0, pointerId: 1, pointerType, clientX: x, clientY: y });
}
const move = (x: number, y: number, pointerId = 1) =>
  act(() => {
    window.dispatchEvent(new PointerEvent("pointermove", { pointerId, clientX: x, clientY: y }));
  });
const release = (x: number, y: number) =>
  act(() => {
    window.dispatchEvent(new PointerEvent("pointerup", { pointerId: 1, clientX: x, clientY: y }));
  });

describe("the drag-to-play hand", () => {
  it("glows the playable cards and labels each for assistive tech", () => {
    const { keys } = handOf([MOSSLING, FIRE_ELEMENTAL]);
    const [unit, dear] = keys as [number, number];
    expect(card(unit).dataset.playable).toBe("true");
    expect(card(unit).getAttribute("aria-label")).toBe(`${NAME}, playable`);
    expect(card(dear).dataset.playable).toBe("false");
    expect(card(dear).getAttribute("aria-label")).toContain("not playable now");
    expect(screen.getByTestId("hand").getAttribute("aria-label")).toBe("Your hand, 2 cards");
  });

  it("a unit dragged past the threshold follows the pointer and lands on the own cell it is dropped on", async () => {
    const { server, keys } = handOf([MOSSLING]);
    const [unit] = keys as [number];
    press(card(unit));
    pointerOver("player-cell-2");
    move(603, 645);
    expect(dragStore.get().drag).toBeNull();
    move(640, 500);
    expect(phase()).toBe("select_unit_target");
    expect(dragStore.get()).toMatchObject({
      drag: { handKey: unit, card: MOSSLING, x: 640, y: 500 },
      over: "player-cell-2",
    });
    expect(card(unit).className).toContain("hand-card--dragging");
    release(640, 500);
    expect(dragStore.get().drag).toBeNull();
    expect(phase()).toBe("play_unit");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls[0]).toMatchObject({
      path: "play-card",
      body: { hand_key: unit, value: 2, side: "player" },
    });
  });

  it("a card dropped where it cannot go goes back to the hand", () => {
    const { keys } = handOf([MOSSLING]);
    const [unit] = keys as [number];
    press(card(unit));
    pointerOver("cpu-cell-1");
    move(640, 300);
    release(640, 300);
    expect(phase()).toBe("play_card");
    expect(battleStore.get().pick).toBeNull();
    // The click that ends a drag picks nothing.
    fireEvent.click(card(unit), { detail: 1 });
    expect(battleStore.get().pick).toBeNull();
  });

  it("a spell without a target is cast by dropping it anywhere on the board", async () => {
    const { server, keys } = handOf([GEM_VEIN]);
    const [spell] = keys as [number];
    press(card(spell));
    pointerOver("board");
    move(640, 300);
    expect(phase()).toBe("select_spell_target");
    expect(server.calls).toEqual([]);
    release(640, 300);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls.map((c) => c.path)).toEqual(["play-card"]);
  });

  it("Escape and a cancelled pointer stop a drag", () => {
    const { keys } = handOf([MOSSLING]);
    const [unit] = keys as [number];
    pointerOver(null);
    press(card(unit));
    move(640, 500);
    expect(phase()).toBe("select_unit_target");
    fireEvent.keyDown(window, { key: "Escape" });
    expect(phase()).toBe("play_card");
    expect(dragStore.get().drag).toBeNull();

    press(card(unit));
    move(640, 500);
    act(() => {
      window.dispatchEvent(new PointerEvent("pointercancel", { pointerId: 1 }));
    });
    expect(phase()).toBe("play_card");
  });

  it("a card that cannot be played now is no drag and no click", () => {
    const { keys } = handOf([FIRE_ELEMENTAL]);
    const [dear] = keys as [number];
    press(card(dear));
    move(640, 500);
    expect(dragStore.get().drag).toBeNull();
    release(640, 500);
    fireEvent.click(card(dear));
    expect(battleStore.get().pick).toBeNull();
  });

  it("a pointer that moves less than the threshold leaves the press to the click", () => {
    const { keys } = handOf([MOSSLING]);
    const [unit] = keys as [number];
    press(card(unit));
    move(604, 652);
    // Another pointer's moves are not this press's.
    move(900, 100, 2);
    release(604, 652);
    expect(dragStore.get().drag).toBeNull();
    fireEvent.click(card(unit), { detail: 1 });
    expect(battleStore.get().pick).toMatchObject({ handKey: unit, via: "click" });
  });

  it("a touch held still shows the card big, and is no click", () => {
    const { keys } = handOf([MOSSLING]);
    const [unit] = keys as [number];
    press(card(unit), "touch", 200);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    // Pressed on the left half: the preview opens on the right.
    expect(dragStore.get().preview).toEqual({ card: MOSSLING, side: "right" });
    move(260, 500);
    expect(dragStore.get().drag).toBeNull();
    release(260, 500);
    expect(dragStore.get().preview).toBeNull();
    fireEvent.click(card(unit), { detail: 1 });
    expect(battleStore.get().pick).toBeNull();
  });

  it("a double-click or a right-click opens the card large", () => {
    const { keys } = handOf([GALE_SLASH]);
    const [spell] = keys as [number];
    fireEvent.doubleClick(card(spell));
    expect(largeCardStore.get().card?.id).toBe(GALE_SLASH);
    largeCardStore.set({ card: null });
    fireEvent.contextMenu(card(spell));
    expect(largeCardStore.get().card?.id).toBe(GALE_SLASH);
  });

  it("on a phone, a tap on a card that plays nothing opens it large; a key press never does", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(max-height: 480px)" }));
    const { keys } = handOf([FIRE_ELEMENTAL]);
    const [dear] = keys as [number];
    fireEvent.click(card(dear), { detail: 0 });
    expect(dragStore.get().zoom).toBeNull();
    fireEvent.click(card(dear), { detail: 1 });
    expect(dragStore.get().zoom).toEqual({ card: FIRE_ELEMENTAL, side: "right" });
  });

  it("in the discard phase a card says it is the discard, and a click discards it", async () => {
    const { server, keys } = handOf(Array(7).fill(MOSSLING));
    act(() => {
      battleStore.set({ phase: "discard_card" });
    });
    const last = keys[6] ?? 0;
    expect(card(last).getAttribute("aria-label")).toBe(`Discard ${NAME}`);
    fireEvent.click(card(last), { detail: 1 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls[0]).toMatchObject({ path: "end-turn", body: { discard_card: last } });
  });
});

describe("drop zones", () => {
  it("take the picked unit on a legal own cell only", () => {
    const { keys } = handOf([MOSSLING], (s) => s.putUnit(0, 0, MOSSLING));
    pickCard(keys[0] ?? 0, "drag");
    expect(zoneTakes({ kind: "cell", seat: "player", cell: 1 })).toBe(true);
    expect(zoneTakes({ kind: "cell", seat: "player", cell: 0 })).toBe(false);
    expect(zoneTakes({ kind: "cell", seat: "cpu", cell: 1 })).toBe(false);
    expect(zoneTakes(null)).toBe(false);
    expect(dropPicked({ kind: "castle", seat: "cpu" })).toBe(false);
  });

  it("take a targeted spell on its legal targets only", () => {
    const { keys } = handOf([GALE_SLASH], (s) => s.putUnit(1, 3, MOSSLING));
    pickCard(keys[0] ?? 0, "drag");
    expect(zoneTakes({ kind: "cell", seat: "cpu", cell: 3 })).toBe(true);
    expect(zoneTakes({ kind: "cell", seat: "cpu", cell: 2 })).toBe(false);
    expect(zoneTakes({ kind: "board" })).toBe(false);
    expect(dropPicked({ kind: "cell", seat: "cpu", cell: 2 })).toBe(false);
    expect(dropPicked({ kind: "cell", seat: "cpu", cell: 3 })).toBe(true);
  });

  it("take nothing when no card is picked", () => {
    handOf([MOSSLING]);
    expect(zoneTakes({ kind: "board" })).toBe(false);
    expect(dropPicked({ kind: "board" })).toBe(false);
  });
});
