// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { battleStore } from "../../stores/battle-store.ts";
import { resetAll } from "../../test/fixtures.ts";
import { disposeBattle } from "./battle-lifecycle.ts";
import { fakeBattleServer } from "./fake-battle-server.ts";
import { advance, GALE_SLASH, hand, MOSSLING, mount, phase } from "./screen-fixture.tsx";

/** The board of the battle screen: the combat preview, keyboard play, motion, the phone's taps. */

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  disposeBattle();
  resetAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("combat preview and keyboard play", () => {
  const badge = (id: string) => screen.queryByTestId(id);

  it("previews the combat of the flags set: castle damage, damage taken and dealt, who dies", async () => {
    const server = fakeBattleServer();
    server.putUnit(0, 1, MOSSLING); // 2/3, nothing across: hits the castle
    server.putUnit(0, 3, MOSSLING); // 2/3 against a 2/3 Shambling Corpse
    server.putUnit(1, 3, 1015);
    await mount(server);
    // Nothing flagged: no preview.
    expect(badge("cpu-castle-preview")).toBeNull();
    expect(badge("player-preview-3")).toBeNull();

    fireEvent.click(screen.getByTestId("player-cell-1"));
    expect(badge("cpu-castle-preview")?.textContent).toBe("-2");
    expect(badge("player-preview-1")?.dataset.dealt).toBe("2");
    expect(badge("cpu-preview-3")).toBeNull();

    fireEvent.click(screen.getByTestId("player-cell-3"));
    expect(badge("cpu-castle-preview")?.textContent).toBe("-2");
    expect(badge("player-preview-3")?.dataset.taken).toBe("2");
    expect(badge("player-preview-3")?.dataset.dies).toBe("false");
    expect(badge("cpu-preview-3")?.textContent).toContain("-2");
    expect(screen.getByTestId("cpu-cell-3").getAttribute("aria-label")).toContain(
      "combat preview: deals 2, takes 2",
    );

    fireEvent.click(screen.getByTestId("player-cell-1"));
    expect(badge("cpu-castle-preview")).toBeNull();
    expect(badge("player-preview-3")?.dataset.taken).toBe("2");
  });

  it("shows a skull on a unit the flagged attack kills, and the preview leaves when the turn ends", async () => {
    const server = fakeBattleServer();
    server.putUnit(0, 2, MOSSLING);
    server.putUnit(1, 2, 1015);
    const corpse = server.state.sides[1].table[2];
    if (!corpse) throw new Error("no unit");
    corpse.damage = 1; // 2/2 now: the Mossling's 2 kill it
    await mount(server);
    fireEvent.click(screen.getByTestId("player-cell-2"));
    expect(badge("cpu-preview-2")?.dataset.dies).toBe("true");
    expect(badge("player-preview-2")?.dataset.dies).toBe("false");
    fireEvent.click(screen.getByTestId("end-turn"));
    await advance(0);
    expect(badge("cpu-preview-2")).toBeNull();
  });

  it("plays by keyboard alone: arrows find the hand, Enter picks and focuses the first legal cell, Escape returns", async () => {
    const server = fakeBattleServer();
    server.putUnit(0, 0, MOSSLING);
    const [unit] = server.setHand([MOSSLING]) as [number];
    await mount(server);
    // Nothing focused: an arrow key lands in the hand.
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(document.activeElement).toBe(hand(unit));
    // Enter on a button is a click with detail 0: the card is picked by key.
    fireEvent.click(hand(unit), { detail: 0 });
    await advance(0);
    expect(phase()).toBe("select_unit_target");
    // Cell 0 is taken: the first legal cell is 1.
    expect(document.activeElement).toBe(screen.getByTestId("player-cell-1"));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape" });
    await advance(0);
    expect(phase()).toBe("play_card");
    expect(document.activeElement).toBe(hand(unit));
    // Shift+A flags every ready unit; A on a focused own unit flips it back.
    fireEvent.keyDown(hand(unit), { key: "A", shiftKey: true });
    await advance(0);
    expect(screen.getByTestId("player-flag-0").dataset.flag).toBe("attack");
    fireEvent.keyDown(screen.getByTestId("player-cell-0"), { key: "a" });
    expect(screen.getByTestId("player-flag-0").dataset.flag).toBe("defence");
    // Pick again and play it into the focused cell with Enter.
    fireEvent.click(hand(unit), { detail: 0 });
    await advance(0);
    fireEvent.click(document.activeElement as HTMLElement, { detail: 0 });
    await advance(3000);
    expect(screen.getByTestId("player-unit-1")).toBeTruthy();
  });
});

describe("the board's motion", () => {
  function preferReducedMotion(reduce: boolean): void {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: reduce && query.includes("prefers-reduced-motion"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function castGaleSlash(): Promise<void> {
    const server = fakeBattleServer();
    server.putUnit(1, 4, 1015);
    const [slash] = server.setHand([GALE_SLASH]) as [number];
    await mount(server);
    fireEvent.click(hand(slash));
    fireEvent.click(screen.getByTestId("cpu-cell-4"));
    await advance(0);
  }

  /** Every board effect seen while the queue plays the answer out (effects last 760 ms). */
  async function effectsSeen(ms: number): Promise<string[]> {
    const seen = new Set<string>();
    for (let t = 0; t < ms; t += 100) {
      await advance(100);
      for (const el of screen.queryAllByTestId("board-fx")) {
        const cell = el.closest("[data-testid*='-cell-']");
        seen.add(`${el.dataset.fx}:${el.dataset.element}@${cell?.getAttribute("data-testid")}`);
      }
    }
    return [...seen];
  }

  it("shows a spell's effect in its kind and element on its target, with the damage number", async () => {
    preferReducedMotion(false);
    await castGaleSlash();
    // Gale Slash costs 1 fire and 2 diamond: a diamond damage burst on the enemy unit.
    expect(await effectsSeen(3000)).toContain("damage:diamond@cpu-cell-4");
    expect(battleStore.get().spotFx).toEqual([]);
  });

  it("draws no effect under prefers-reduced-motion; the numbers still show", async () => {
    preferReducedMotion(true);
    await castGaleSlash();
    let popups = 0;
    const seen: string[] = [];
    for (let t = 0; t < 3000; t += 100) {
      await advance(100);
      popups += screen.queryAllByTestId("hp-popup").length;
      if (screen.queryAllByTestId("board-fx").length > 0) seen.push("fx");
    }
    expect(seen).toEqual([]);
    expect(popups).toBeGreaterThan(0);
  });
});

describe("a tap opens a card large on a phone", () => {
  function phone(on: boolean): void {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: on && query.includes("max-height"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("an enemy unit tapped opens large; the next tap, on it or elsewhere, closes it", async () => {
    phone(true);
    const server = fakeBattleServer();
    server.putUnit(1, 4, 1015);
    await mount(server);
    fireEvent.click(screen.getByTestId("cpu-cell-4"), { detail: 1 });
    const zoom = screen.getByTestId("card-zoom");
    expect(zoom.getAttribute("aria-label")).toBe("Shambling Corpse, shown large");
    expect(zoom.className).toContain("card-zoom--left");
    // A tap on the zoom closes it and goes no further.
    fireEvent.pointerDown(zoom);
    expect(screen.queryByTestId("card-zoom")).toBeNull();
    fireEvent.click(screen.getByTestId("battle-screen"), { detail: 1 });
    await advance(1000);
    // A tap elsewhere closes it and still does what it does.
    fireEvent.click(screen.getByTestId("cpu-cell-4"), { detail: 1 });
    expect(screen.getByTestId("card-zoom")).toBeTruthy();
    fireEvent.pointerDown(screen.getByTestId("end-turn"));
    expect(screen.queryByTestId("card-zoom")).toBeNull();
  });

  it("a playable hand card tapped is picked, not opened; on a desktop nothing opens", async () => {
    phone(true);
    const server = fakeBattleServer();
    const [unit] = server.setHand([MOSSLING]) as [number];
    await mount(server);
    fireEvent.click(hand(unit), { detail: 1 });
    expect(phase()).toBe("select_unit_target");
    expect(screen.queryByTestId("card-zoom")).toBeNull();
    phone(false);
    server.putUnit(1, 0, 1015);
    fireEvent.click(screen.getByTestId("cpu-cell-0"), { detail: 1 });
    expect(screen.queryByTestId("card-zoom")).toBeNull();
  });
});
