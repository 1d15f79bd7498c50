import { TUTORIAL_LESSON_LOST, TUTORIAL_LINES } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import { dockPlacement, LESSON_OPPONENT, tutorialLine } from "./tutorial-lines.ts";

const LESSON = LESSON_OPPONENT ?? -1;

describe("Lyra's lines match what happened", () => {
  it("after a won lesson battle she says the next foe is open", () => {
    const line = tutorialLine("MenuResearch90", { waiting: false, beaten: [LESSON] });
    expect(line?.text).toContain("The next foe is now open");
  });

  it("after a lost lesson battle she never says the next foe is open", () => {
    const line = tutorialLine("MenuResearch90", { waiting: false, beaten: [] });
    expect(line).toBe(TUTORIAL_LESSON_LOST);
    expect(line?.text).not.toContain("now open");
    expect(line?.text).toContain("stays locked");
  });

  it("other steps keep their own line, whatever was beaten", () => {
    expect(tutorialLine("ClickOffers95", { waiting: false, beaten: [] })).toBe(
      TUTORIAL_LINES.ClickOffers95,
    );
  });

  it("the lesson foe is the Fight button the tutorial points at (fight-6)", () => {
    expect(LESSON_OPPONENT).toBe(6);
  });
});

describe("where the bubble docks", () => {
  const stage = { width: 1280, height: 720 };
  it("in battle, off the board while the player acts on it", () => {
    // PlaySecondCard50 and SpellTarget75 do not block: the player aims at cells.
    expect(dockPlacement({ ...stage, onBattleScreen: true, blocks: false, target: null })).toBe(
      "battle-aside",
    );
    // End turn and the read-only steps block: the top centre is free then.
    expect(dockPlacement({ ...stage, onBattleScreen: true, blocks: true, target: null })).toBe(
      "battle-top",
    );
  });

  it("off the battle screen, in the corner away from the target", () => {
    const topLeft = { x: 40, y: 40, w: 100, h: 60 };
    expect(dockPlacement({ ...stage, onBattleScreen: false, blocks: true, target: topLeft })).toBe(
      "right-bottom",
    );
    const bottomRight = { x: 1100, y: 600, w: 100, h: 60 };
    expect(
      dockPlacement({ ...stage, onBattleScreen: false, blocks: true, target: bottomRight }),
    ).toBe("left-top");
  });
});
