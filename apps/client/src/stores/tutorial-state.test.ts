import type { TutorialBody } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../test/fixtures.ts";
import { appStore, initialAppState, setCpuStory, setRoute } from "./app-store.ts";
import {
  finishTutorial,
  startTutorial,
  tutorialApi,
  tutorialEvent,
  tutorialRunning,
  tutorialSaved,
} from "./tutorial-state.ts";

let saves: TutorialBody[] = [];
let stop: () => void = () => {};

function signIn(tutorial: { isActive: boolean; step: string }) {
  appStore.reset({ ...initialAppState(), user: makeUser({ tutorial }), isAuth: true });
  stop = startTutorial();
}

beforeEach(() => {
  saves = [];
  vi.spyOn(tutorialApi, "save").mockImplementation(async (body) => {
    saves.push(body);
    return {};
  });
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe("the running tutorial", () => {
  it("starts from the user's saved step and runs while the server says so", () => {
    signIn({ isActive: true, step: "ClickOffers95" });
    expect(appStore.get().tutorial).toEqual({ isActive: true, step: "ClickOffers95" });
    expect(tutorialRunning()).toBe(true);
  });

  it("a finished tutorial never returns: events do nothing", async () => {
    signIn({ isActive: false, step: "Final150" });
    tutorialEvent("continue");
    setRoute("offers");
    await tutorialSaved();
    expect(appStore.get().tutorial.isActive).toBe(false);
    expect(tutorialRunning()).toBe(false);
    expect(saves).toEqual([]);
  });

  it("moves on the screens' own changes and saves every step in order", async () => {
    signIn({ isActive: true, step: "BossWindow30" });
    setCpuStory({ cpuId: 6, action: "before" });
    expect(appStore.get().tutorial.step).toBe("BattleStory33");
    setRoute("game");
    expect(appStore.get().tutorial.step).toBe("showRes35");
    await tutorialSaved();
    expect(saves).toEqual([
      { step: "BattleStory33", isActive: true },
      { step: "showRes35", isActive: true },
    ]);
  });

  it("the shop and deck part: offers, box, back home, deck, add a card, home", async () => {
    signIn({ isActive: true, step: "ClickOffers95" });
    setRoute("offers");
    expect(appStore.get().tutorial.step).toBe("ClickShop100");
    tutorialEvent("box-opened");
    expect(appStore.get().tutorial).toEqual({ isActive: false, step: "ClickShop100" });
    tutorialEvent("box-closed");
    expect(appStore.get().tutorial).toEqual({ isActive: true, step: "ClickDeck110" });
    setRoute("home");
    expect(appStore.get().tutorial.step).toBe("ClickBuy120");
    setRoute("deck");
    expect(appStore.get().tutorial.step).toBe("ClickAdd130");
    tutorialEvent("card-added");
    expect(appStore.get().tutorial.step).toBe("ClickHome140");
    setRoute("home");
    expect(appStore.get().tutorial.step).toBe("Final150");
    tutorialEvent("map-click");
    expect(tutorialRunning()).toBe(false);
    await tutorialSaved();
    expect(saves.at(-1)).toEqual({ step: "Final150", isActive: false });
    expect(saves.map((s) => s.step)).toEqual([
      "ClickShop100",
      "ClickDeck110",
      "ClickBuy120",
      "ClickAdd130",
      "ClickHome140",
      "Final150",
      "Final150",
    ]);
  });

  it("a step moved by the battle (the enemy's turn over) brings a paused guide back", () => {
    signIn({ isActive: true, step: "EndTurnBattle45" });
    tutorialEvent("turn-ended");
    expect(appStore.get().tutorial.isActive).toBe(false);
    appStore.set({ tutorial: { isActive: false, step: "PlaySecondCard50" } });
    expect(appStore.get().tutorial).toEqual({ isActive: true, step: "PlaySecondCard50" });
  });

  it("Skip tutorial finishes it for good on the server", async () => {
    signIn({ isActive: true, step: "intro" });
    finishTutorial();
    await tutorialSaved();
    expect(saves).toEqual([{ step: "Final150", isActive: false }]);
    expect(appStore.get().tutorial.isActive).toBe(false);
  });
});
