import { TUTORIAL_LINES } from "@cardrealm/content";
import { TUTORIAL_STEPS } from "@cardrealm/protocol";
import { describe, expect, it } from "vitest";
import { isBattleStep, nextTutorial, type TutorialEvent } from "./tutorial-machine.ts";

const on = (step: string, event: TutorialEvent, isActive = true) =>
  nextTutorial({ step, isActive }, event);

describe("the tutorial's step machine (product.md section 4)", () => {
  it.each([
    ["intro", "continue", "Welcome10"],
    ["Welcome10", "continue", "ClickBossOnMap20"],
    ["ClickBossOnMap20", "boss-opened", "BossWindow30"],
    ["BossWindow30", "story-before", "BattleStory33"],
    ["BattleStory33", "battle-entered", "showRes35"],
    ["showRes35", "continue", "showRes37"],
    ["showRes37", "continue", "PlayFirstCard40"],
    ["PlayFirstCard40", "card-played", "EndTurnBattle45"],
    ["PlaySecondCard50", "card-played", "EndTurnBattle55"],
    ["EndTurnBattle45", "enemy-turn-over", "PlaySecondCard50"],
    ["EndTurnBattle55", "enemy-turn-over", "SelectAttack60"],
    ["EndTurnBattle65", "enemy-turn-over", "PlaySpellCard70"],
    ["SelectAttack60", "attack-set", "EndTurnBattle65"],
    ["PlaySpellCard70", "spell-played", "SpellTarget75"],
    ["SpellTarget75", "spell-target-hp", "BattleFinish80"],
    ["BattleFinish80", "after-story-finished", "MenuResearch90"],
    ["MenuResearch90", "boss-closed", "ClickOffers95"],
    ["ClickOffers95", "offers-opened", "ClickShop100"],
    ["ClickShop100", "box-closed", "ClickDeck110"],
    ["ClickDeck110", "offers-closed", "ClickBuy120"],
    ["ClickBuy120", "deck-opened", "ClickAdd130"],
    ["ClickAdd130", "card-added", "ClickHome140"],
    ["ClickHome140", "deck-closed", "Final150"],
  ] as const)("%s --%s--> %s, with the guide shown", (from, event, to) => {
    expect(on(from, event)).toEqual({ step: to, isActive: true });
  });

  it("a step move reactivates a paused tutorial (after the enemy's turn)", () => {
    expect(on("EndTurnBattle45", "enemy-turn-over", false)).toEqual({
      step: "PlaySecondCard50",
      isActive: true,
    });
  });

  it("ending a turn switches the tutorial off at any step, keeping the step", () => {
    expect(on("EndTurnBattle45", "turn-ended")).toEqual({
      step: "EndTurnBattle45",
      isActive: false,
    });
    expect(on("BattleFinish80", "turn-ended")).toEqual({ step: "BattleFinish80", isActive: false });
    expect(on("BattleFinish80", "turn-ended", false)).toBeNull();
  });

  it("opening a box at 100 hides the guide until the box view closes", () => {
    expect(on("ClickShop100", "box-opened")).toEqual({ step: "ClickShop100", isActive: false });
    expect(on("ClickShop100", "box-closed", false)).toEqual({
      step: "ClickDeck110",
      isActive: true,
    });
    expect(on("ClickOffers95", "box-opened")).toBeNull();
  });

  it("the final step ends on its farewell or on the next map click", () => {
    expect(on("Final150", "continue")).toBe("finish");
    expect(on("Final150", "map-click")).toBe("finish");
    expect(on("ClickHome140", "map-click")).toBeNull();
  });

  it("an event at the wrong step moves nothing", () => {
    expect(on("PlayFirstCard40", "continue")).toBeNull();
    expect(on("ClickBossOnMap20", "offers-opened")).toBeNull();
    expect(on("ClickAdd130", "deck-closed")).toBeNull();
    expect(on("ClickDeck110", "deck-closed")).toBeNull();
  });

  it("a battle lesson the hand cannot follow may be passed, forward only", () => {
    expect(on("PlayFirstCard40", "skip-lesson")).toEqual({
      step: "EndTurnBattle45",
      isActive: true,
    });
    expect(on("PlaySpellCard70", "skip-lesson")).toEqual({
      step: "BattleFinish80",
      isActive: true,
    });
    expect(on("EndTurnBattle45", "skip-lesson")).toBeNull();
  });

  it("knows the battle steps and has a guide line for every step", () => {
    expect(isBattleStep("showRes35")).toBe(true);
    expect(isBattleStep("BattleFinish80")).toBe(true);
    expect(isBattleStep("BattleStory33")).toBe(false);
    expect(isBattleStep("MenuResearch90")).toBe(false);
    for (const step of TUTORIAL_STEPS)
      expect(TUTORIAL_LINES[step]?.text.length).toBeGreaterThan(10);
  });
});
