import {
  TUTORIAL_AFTER,
  TUTORIAL_AFTER_LOSS,
  TUTORIAL_LESSON_LOST,
  TUTORIAL_LINES,
} from "@cardrealm/content";
import { tutorialStepIndex } from "@cardrealm/protocol";
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

  it("after a lost lesson battle the shop's line speaks of no victory", () => {
    const lost = tutorialLine("ClickOffers95", { waiting: false, beaten: [] });
    expect(lost).toBe(TUTORIAL_AFTER_LOSS.ClickOffers95);
    expect(lost?.text).not.toMatch(/victor|won\b|win/i);
    expect(tutorialLine("ClickOffers95", { waiting: false, beaten: [LESSON] })).toBe(
      TUTORIAL_LINES.ClickOffers95,
    );
  });

  it("no line after a loss speaks of a victory", () => {
    for (const step of Object.keys(TUTORIAL_LINES)) {
      if (tutorialStepIndex(step) <= tutorialStepIndex("BattleFinish80")) continue;
      const text = tutorialLine(step, { waiting: false, beaten: [] })?.text ?? "";
      expect(text, step).not.toMatch(/victor|you won|each foe you beat/i);
    }
  });

  it("steps before the battle's end keep their own line, whatever was beaten", () => {
    expect(tutorialLine("PlaySecondCard50", { waiting: false, beaten: [] })).toBe(
      TUTORIAL_LINES.PlaySecondCard50,
    );
  });

  it("a cause picks the step's line for it; a cause the step has no line for keeps its own", () => {
    const opts = { waiting: false, beaten: [] };
    expect(tutorialLine("EndTurnBattle45", { ...opts, cause: "spell" })).toBe(
      TUTORIAL_AFTER.EndTurnBattle45?.spell,
    );
    expect(tutorialLine("EndTurnBattle45", { ...opts, cause: "attack" })).toBe(
      TUTORIAL_LINES.EndTurnBattle45,
    );
    expect(tutorialLine("BattleFinish80", { ...opts, cause: "aimed-castle" })?.text).toContain(
      "Straight at their castle!",
    );
  });

  it("a step's own line assumes nothing about what came before", () => {
    // Shown after a reload, when the event is not known: no praise of a unit, a
    // sword or a castle hit the player may not have made.
    for (const step of Object.keys(TUTORIAL_AFTER)) {
      expect(TUTORIAL_LINES[step]?.text, step).not.toMatch(/placed|sword raised|good\b|straight/i);
    }
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
    // End turn and the read-only steps block: low over the dimmed hand, off the enemy's row.
    expect(dockPlacement({ ...stage, onBattleScreen: true, blocks: true, target: null })).toBe(
      "battle-low",
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
