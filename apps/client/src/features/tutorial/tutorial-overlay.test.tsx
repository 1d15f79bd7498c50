// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { startTutorial, tutorialApi } from "../../stores/tutorial-state.ts";
import { makeUser } from "../../test/fixtures.ts";
import { TutorialOverlay } from "./tutorial-overlay.tsx";

let stop: () => void = () => {};

function show(step: string, route: "game" | "home", maps: number[] = []) {
  act(() => {
    appStore.reset({
      ...initialAppState(),
      user: makeUser({ tutorial: { isActive: true, step }, maps }),
      isAuth: true,
      route,
    });
    stop = startTutorial();
  });
  render(<TutorialOverlay />);
}

/** The whole line (the visible one types out character by character). */
function line(): string {
  return document.querySelector(".tutorial-bubble__text--ghost")?.textContent ?? "";
}

beforeEach(() => {
  vi.spyOn(tutorialApi, "save").mockResolvedValue({});
});
afterEach(() => {
  cleanup();
  stop();
  vi.restoreAllMocks();
});

describe("the guide's bubble in battle", () => {
  it.each(["PlaySecondCard50", "SpellTarget75", "PlayFirstCard40"])(
    "at %s sits aside the board and lets clicks through to the cells",
    (step) => {
      show(step, "game");
      const dock = screen.getByTestId("tutorial-dock");
      expect(dock.dataset.placement).toBe("battle-aside");
      expect(dock.className).not.toContain("tutorial-dock--battle");
      expect(dock.style.pointerEvents).toBe("none");
    },
  );

  it("at End turn stays at the top centre, clear of the button it points at", () => {
    show("EndTurnBattle45", "game");
    const dock = screen.getByTestId("tutorial-dock");
    expect(dock.dataset.placement).toBe("battle-top");
    expect(dock.style.pointerEvents).toBe("");
  });
});

describe("the guide's line back at the boss window", () => {
  it("after a win: the next foe is open", () => {
    show("MenuResearch90", "home", [6]);
    expect(line()).toContain("The next foe is now open");
  });

  it("after a loss: the next foe stays locked", () => {
    show("MenuResearch90", "home", []);
    expect(line()).not.toContain("now open");
    expect(line()).toContain("stays locked");
  });
});
