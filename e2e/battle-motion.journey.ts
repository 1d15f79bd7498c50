/**
 * A board that moves (issue 15): while a battle plays out, an attacking unit
 * lunges, the blow lands with an impact effect and a damage number, and a
 * spell shows its effect on its target. Pictures of a battle mid-attack and of
 * a spell effect go to docs/screens (battle-attack.png, battle-spell.png).
 * Under prefers-reduced-motion none of the effects is drawn, while the numbers
 * still are.
 */
import { resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  OTHER_TURN_DEADLINE_MS,
  playTurn,
  startFirstBattle,
  waitForMyTurn,
} from "./battle-support.ts";
import { playAsNewPlayer } from "./support.ts";

const screens = resolve(import.meta.dirname, "..", "docs", "screens");

interface Seen {
  lunge: boolean;
  impact: boolean;
  spell: boolean;
  number: boolean;
  shotLunge?: boolean;
  shotSpell?: boolean;
}

/**
 * Watches the board until it is the player's move again (or the battle ends):
 * what moved, with a picture the first time an attack and a spell show.
 */
async function watchTurn(page: Page, seen: Seen, shots: boolean): Promise<"mine" | "over"> {
  const deadline = Date.now() + OTHER_TURN_DEADLINE_MS;
  while (Date.now() < deadline) {
    // One look at the page per round: what moves, whose move it is.
    const now = await page.evaluate(
      ({ shots, seen }) => {
        // What moved since the last look (recorded in the page by recordMotion)
        // or moves now.
        const seenInPage = (window as { motionSeen?: Record<string, boolean> }).motionSeen ?? {};
        const live = {
          lunge: document.querySelector(".unit--lunge") !== null,
          spell:
            document.querySelector('[data-testid="board-fx"]:not([data-fx="impact"])') !== null,
        };
        const found = {
          live,
          lunge: live.lunge || seenInPage.lunge === true,
          impact:
            document.querySelector('[data-fx="impact"]') !== null || seenInPage.impact === true,
          spell: live.spell || seenInPage.spell === true,
          number:
            document.querySelector('[data-testid="hp-popup"]') !== null ||
            seenInPage.number === true,
          over: document.querySelector('[data-testid="end-game-panel"]') !== null,
          mine:
            document.querySelector('[data-testid="battle-screen"]')?.getAttribute("data-phase") ===
              "play_card" && document.querySelector(".popup") === null,
        };
        // A picture to take: the animations hold still until it is taken, and each
        // effect is copied at a third of its course (the board removes the effect
        // itself after 760 ms, often before a loaded machine takes the picture).
        // The attack's picture is the lunge at full stretch (its 500 ms
        // transition held at 85%), just before the impact lands.
        if (shots && live.lunge && !seen.shotLunge) {
          for (const a of document.getAnimations()) a.pause();
          for (const unit of document.querySelectorAll(".unit--lunge")) {
            for (const a of unit.getAnimations()) a.currentTime = 425;
          }
        }
        if (shots && live.spell && !seen.shotSpell) {
          for (const a of document.getAnimations()) a.pause();
          for (const fx of document.querySelectorAll<HTMLElement>('[data-testid="board-fx"]')) {
            const copy = fx.cloneNode(true) as HTMLElement;
            copy.removeAttribute("data-testid");
            copy.dataset.shotCopy = "";
            fx.after(copy);
            for (const a of copy.getAnimations({ subtree: true })) {
              a.currentTime = 240;
              a.pause();
            }
          }
        }
        return found;
      },
      { shots, seen },
    );
    const shoot = async (name: string) => {
      await page.screenshot({ path: resolve(screens, name) });
      await page.evaluate(() => {
        for (const copy of document.querySelectorAll("[data-shot-copy]")) copy.remove();
        for (const a of document.getAnimations()) a.play();
      });
    };
    // A picture is taken of what moves now; what began and ended between two
    // looks still counts as seen, without a picture.
    if (shots && now.live.lunge && !seen.shotLunge) {
      await shoot("battle-attack.png");
      seen.shotLunge = true;
    }
    if (shots && now.live.spell && !seen.shotSpell) {
      await shoot("battle-spell.png");
      seen.shotSpell = true;
    }
    seen.lunge ||= now.lunge;
    seen.impact ||= now.impact;
    seen.spell ||= now.spell;
    seen.number ||= now.number;
    if (now.over) return "over";
    if (now.mine) return "mine";
    await page.waitForTimeout(60);
  }
  throw new Error(
    `the player's turn did not come back within ${OTHER_TURN_DEADLINE_MS / 1000} s of watching the board`,
  );
}

/**
 * Records in the page every lunge, impact, spell effect and damage number as it
 * appears: at the journeys' reading pace one can begin and end between two
 * looks at the board (CI saw a lunge missed that way).
 */
async function recordMotion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as { motionSeen?: Record<string, boolean> };
    const seen: Record<string, boolean> = {};
    w.motionSeen = seen;
    const look = () => {
      seen.lunge ||= document.querySelector(".unit--lunge") !== null;
      seen.impact ||= document.querySelector('[data-fx="impact"]') !== null;
      seen.spell ||=
        document.querySelector('[data-testid="board-fx"]:not([data-fx="impact"])') !== null;
      seen.number ||= document.querySelector('[data-testid="hp-popup"]') !== null;
    };
    new MutationObserver(look).observe(document, {
      attributes: true,
      attributeFilter: ["class", "data-fx"],
      childList: true,
      subtree: true,
    });
  });
}

async function playWatching(page: Page, seen: Seen, shots: boolean, until: (s: Seen) => boolean) {
  await recordMotion(page);
  await playAsNewPlayer(page);
  await startFirstBattle(page);
  for (let turn = 0; turn < 20 && !until(seen); turn++) {
    if ((await waitForMyTurn(page)) === "over") break;
    await playTurn(page, "click");
    if ((await watchTurn(page, seen, shots)) === "over") break;
  }
}

test.describe("the board's motion", () => {
  test.setTimeout(600_000);
  // The other journeys run with reduced motion (playwright.config.ts); this one
  // is about motion, so it asks for it, except in its reduced-motion test below.
  test.use({ reducedMotion: "no-preference" });

  test("attacks lunge and land with an impact and a number; spells show their effect", async ({
    page,
  }) => {
    const seen: Seen = { lunge: false, impact: false, spell: false, number: false };
    await playWatching(page, seen, true, (s) => s.lunge && s.impact && s.spell && s.number);
    expect({
      lunge: seen.lunge,
      impact: seen.impact,
      spell: seen.spell,
      number: seen.number,
    }).toEqual({
      lunge: true,
      impact: true,
      spell: true,
      number: true,
    });
  });

  test.describe("with prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("no effect is drawn, the numbers still are", async ({ page }) => {
      const seen: Seen = { lunge: false, impact: false, spell: false, number: false };
      await playWatching(page, seen, false, (s) => s.number);
      expect(seen.number).toBe(true);
      expect({ impact: seen.impact, spell: seen.spell }).toEqual({ impact: false, spell: false });
    });
  });
});
