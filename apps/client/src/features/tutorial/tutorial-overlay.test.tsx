// @vitest-environment happy-dom
import { TUTORIAL_LINES, type TutorialCause } from "@cardrealm/content";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { moveTutorial, startTutorial, tutorialApi } from "../../stores/tutorial-state.ts";
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

  it("at End turn sits low over the dimmed hand, off the enemy's row", () => {
    show("EndTurnBattle45", "game");
    const dock = screen.getByTestId("tutorial-dock");
    expect(dock.dataset.placement).toBe("battle-low");
    expect(dock.className).toContain("tutorial-dock--battle");
    expect(dock.style.pointerEvents).toBe("");
  });
});

describe("the guide's line follows what the player just did", () => {
  /** The step `from` shows, then the player's `cause` moves it to `to`. */
  function after(from: string, to: string, cause: TutorialCause | null) {
    show(from, "game");
    act(() => moveTutorial({ step: to, isActive: true }, cause));
    expect(screen.getByTestId("tutorial-overlay").dataset.step).toBe(to);
  }

  it("a unit played: well placed, units rest", () => {
    after("PlayFirstCard40", "EndTurnBattle45", "unit");
    expect(line()).toContain("Well placed!");
  });

  it("a spell played: no word of a unit placed", () => {
    after("PlayFirstCard40", "EndTurnBattle45", "spell");
    expect(line()).toContain("A spell!");
    expect(line()).not.toMatch(/placed|units rest/i);
  });

  it("the lesson refused: neither praise nor a sword raised", () => {
    after("PlayFirstCard40", "EndTurnBattle45", "refused");
    expect(line()).not.toMatch(/well placed|good/i);
    cleanup();
    after("SelectAttack60", "EndTurnBattle65", "refused");
    expect(line()).not.toMatch(/sword raised!/i);
    expect(line()).toContain("No sword raised");
  });

  it("a sword raised: sword raised", () => {
    after("SelectAttack60", "EndTurnBattle65", "attack");
    expect(line()).toContain("Sword raised!");
  });

  it("nothing known (a reload): the step's own line, which assumes nothing", () => {
    show("EndTurnBattle65", "game");
    expect(line()).toBe(TUTORIAL_LINES.EndTurnBattle65?.text);
    expect(line()).not.toMatch(/sword raised/i);
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

  it("after a loss the shop's line speaks of no victory; after a win it does", () => {
    show("ClickOffers95", "home", []);
    expect(line()).not.toMatch(/victor|won|win/i);
    cleanup();
    show("ClickOffers95", "home", [6]);
    expect(line()).toContain("Victories pay in gems");
  });
});
