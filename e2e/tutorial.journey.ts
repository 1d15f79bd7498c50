/**
 * The guided tutorial (product.md section 4, issue #7): a brand-new player
 * goes from the intro and Welcome10 to Final150, every step driven by the real
 * map, boss window, story, battle, offers, box view, deck editor and home; a
 * reload halfway resumes the saved step; a finished tutorial never returns.
 * Once at 1280x720 with the mouse, once on a 740x360 touch phone with taps.
 */
import type { OpenedBox } from "@cardrealm/protocol";
import { expect, type Locator, type Page, type Response, test } from "@playwright/test";
import { passStory, waitForInput, waitForMyTurn } from "./battle-support.ts";
import { expectMap, keepScreenshot, playAsNewPlayer } from "./support.ts";
import { expectReadable } from "./text-size.ts";
import {
  endTurn,
  expectBlocked,
  expectEnemyRowClear,
  lessonOrPass,
  type NarratedEvent,
  Narration,
  type Press,
  playSpell,
  playUnit,
  refuseLesson,
} from "./tutorial-support.ts";

function overlay(page: Page) {
  return page.getByTestId("tutorial-overlay");
}

async function expectStep(page: Page, step: string): Promise<void> {
  await expect(overlay(page)).toHaveAttribute("data-step", step, { timeout: 20_000 });
}

/** Waits for the line to be typed out, then presses the guide's continue button. */
async function pressContinue(page: Page, press: Press): Promise<void> {
  const next = page.getByTestId("tutorial-continue");
  await expect(next).toBeVisible({ timeout: 15_000 });
  await press(next);
}

/** After the lessons: a plain player (a unit or spell, every ready unit attacks) to the end. */
async function playToTheEnd(page: Page, press: Press): Promise<void> {
  for (let turn = 0; turn < 40; turn++) {
    if ((await waitForMyTurn(page)) === "over") return;
    // The dealt hand shows as playable once the screen takes input.
    if (await waitForInput(page)) return;
    await playUnit(page, press);
    // The play's answer and animations are over once the screen takes input again.
    if (await waitForInput(page)) return;
    const allAttack = page.getByTestId("all-attack");
    if (await allAttack.isEnabled()) {
      await press(allAttack);
      // All attack flags the ready units one by one (100 ms apart); a flag shows on ready units only.
      await expect(page.locator('[data-testid^="player-flag-"][data-flag="defence"]')).toHaveCount(
        0,
        { timeout: 15_000 },
      );
    }
    await endTurn(page, press);
  }
  throw new Error("the battle did not end in 40 turns");
}

/** The guide's bubble covers no cell, hand card, castle or End turn. */
async function expectBubbleOffBoard(page: Page) {
  const overlaps = await page.evaluate(() => {
    const bubble = document.querySelector(".tutorial-bubble__body")?.getBoundingClientRect();
    if (!bubble) return ["no bubble"];
    const hit: string[] = [];
    for (const el of document.querySelectorAll(
      '.cell, .castle, [data-testid^="hand-card-"], [data-testid="end-turn"]',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const apart =
        r.right <= bubble.left ||
        r.left >= bubble.right ||
        r.bottom <= bubble.top ||
        r.top >= bubble.bottom;
      if (!apart) hit.push(el.getAttribute("data-testid") ?? el.className);
    }
    return hit;
  });
  expect(overlaps).toEqual([]);
}

/** What the journey's steps share: page, press, screenshots, the phone's text check. */
/**
 * How the journey plays the lesson battle: units first (and a sword, a spell at
 * the castle), a spell first, or the loser, who refuses every lesson ("I
 * can't do that now"), plays nothing and lets the enemy break the castle.
 */
type Plan = "units" | "spell-first" | "loser";

interface Journey {
  page: Page;
  press: Press;
  shots: { welcome?: string; battle?: string; lesson?: string; readable?: boolean };
  /** On the phone: every text of the guide's bubble reads at 10 CSS px or more (issue 15). */
  readable: (where: string) => Promise<void>;
  /** Each line Lyra says, checked against the event before it (issue 26). */
  narration: Narration;
  plan: Plan;
}

/** The PUT that saves a finished tutorial (isActive false): what a reload will load. */
function finishSaved(page: Page) {
  return page.waitForResponse(
    (r) =>
      r.url().endsWith("/api/player/tutorial") &&
      r.request().method() === "PUT" &&
      (r.request().postDataJSON() as { isActive?: boolean } | null)?.isActive === false &&
      r.ok(),
  );
}

/**
 * Reloads and returns the tutorial flag of the player's details the page loads.
 * The guide starts from them (tutorial-state.ts startTutorial, once the map
 * shows): inactive there, the overlay cannot come back.
 */
async function reloadedTutorial(page: Page): Promise<{ isActive: boolean; step: string }> {
  const details = page.waitForResponse(
    (r) => r.url().endsWith("/api/player-details") && r.request().method() === "GET",
  );
  await page.reload();
  const body = (await (await details).json()) as {
    data: { tutorial: { isActive: boolean; step: string } };
  };
  await expectMap(page, { tutorial: true });
  return body.data.tutorial;
}

/** intro and Welcome10 on the map, the boss window, the story: into the battle. */
async function welcomeToBattle({ page, press, shots, readable }: Journey): Promise<void> {
  // intro and Welcome10: the guide speaks, the map is blocked, a skip is offered.
  await expectStep(page, "intro");
  // Typed at 30 ms a character: it starts short of the whole line (read at
  // once: the checks below take seconds on a busy machine, and the line is done by then).
  const early = (await page.getByTestId("tutorial-text").textContent()) ?? "";
  await expect(page.getByTestId("tutorial-guide")).toBeVisible();
  await expect(page.getByTestId("tutorial-skip")).toBeVisible();
  await expectBlocked(page, page.getByTestId("chapter-elf"));
  await pressContinue(page, press);
  await expectStep(page, "Welcome10");
  await expect(page.getByTestId("tutorial-text")).toHaveAttribute("data-done", "true", {
    timeout: 15_000,
  });
  const whole = (await page.getByTestId("tutorial-text").textContent()) ?? "";
  expect(early.length).toBeLessThan(whole.length);
  if (shots.welcome) await keepScreenshot(page, shots.welcome);
  await readable("Welcome10 (map)");
  await pressContinue(page, press);

  // ClickBossOnMap20: only the chapter icon takes the click.
  await expectStep(page, "ClickBossOnMap20");
  await expectBlocked(page, page.getByTestId("nav-offers"));
  await expect(page.getByTestId("tutorial-highlight")).toBeVisible();
  await press(page.getByTestId("chapter-elf"));
  await expectStep(page, "BossWindow30");
  await press(page.getByTestId("fight-6"));
  await expectStep(page, "BattleStory33");
  await passStory(page);
  await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 20_000 });
}

/** Waits until Lyra's line is typed out (for a screenshot). */
async function typedOut(page: Page): Promise<Page> {
  await expect(page.getByTestId("tutorial-text")).toHaveAttribute("data-done", "true", {
    timeout: 30_000,
  });
  return page;
}

/** A battle step shown: its line checked against the event, and the enemy's row in view. */
async function battleStep(j: Journey, event: NarratedEvent, step: string): Promise<void> {
  await j.narration.expectLine(event, step);
  await expectEnemyRowClear(j.page, step);
}

/** The battle's first lessons: resources, playing a card, ending the turn, twice. */
async function firstTurns(j: Journey): Promise<void> {
  const { page, press, shots, readable } = j;
  // showRes35, showRes37: the board is blocked until the lesson is read.
  await battleStep(j, "read", "showRes35");
  await expectBlocked(page, page.getByTestId("end-turn"));
  await readable("showRes35 (battle)");
  await pressContinue(page, press);
  await battleStep(j, "read", "showRes37");
  await pressContinue(page, press);

  // PlayFirstCard40 -> EndTurnBattle45 -> (enemy turn) -> PlaySecondCard50 ...
  await battleStep(j, "read", "PlayFirstCard40");
  await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "play_card", {
    timeout: 20_000,
  });
  const first =
    j.plan === "loser"
      ? await refuseLesson(page, press)
      : await lessonOrPass(page, press, async () =>
          j.plan === "spell-first"
            ? ((await playSpell(page, press)) && "spell") ||
              ((await playUnit(page, press)) && "unit")
            : (await playUnit(page, press)) && "unit",
        );
  await battleStep(j, first, "EndTurnBattle45");
  if (shots.battle) await keepScreenshot(await typedOut(page), shots.battle);
  // At 45 only End turn takes a click (Lyra sits over the hand, dimmed: a lane shows it).
  await expectBlocked(page, page.getByTestId("player-cell-2"));
  await endTurn(page, press);
  // The guide steps aside during the enemy's turn and comes back one step further.
  await expectStep(page, "PlaySecondCard50");
  await waitForMyTurn(page);
  await battleStep(j, "enemy-turn", "PlaySecondCard50");
  // Surrender is blocked while the tutorial runs.
  await press(page.getByTestId("battle-menu"));
  await expect(page.getByTestId("surrender")).toBeDisabled();
  await press(page.getByTestId("battle-menu"));
  await expect(page.getByTestId("battle-menu-panel")).toBeHidden();
  // While the player acts on the board the bubble sits off it and takes no clicks.
  await expect(page.getByTestId("tutorial-dock")).toHaveAttribute("data-placement", "battle-aside");
  await expectBubbleOffBoard(page);
  await readable("PlaySecondCard50 (beside the board)");
  if (shots.lesson) await keepScreenshot(await typedOut(page), shots.lesson);
  const second =
    j.plan === "loser"
      ? await refuseLesson(page, press)
      : await lessonOrPass(page, press, async () => (await playUnit(page, press)) && "unit");
  await battleStep(j, second, "EndTurnBattle55");
  await endTurn(page, press);
}

/** SelectAttack60: raise a sword (the loser, on an empty board, cannot). */
async function attackLesson(j: Journey): Promise<void> {
  const { page, press } = j;
  await expectStep(page, "SelectAttack60");
  await waitForMyTurn(page);
  await battleStep(j, "enemy-turn", "SelectAttack60");
  if (j.plan === "loser") {
    // Nothing was played: no unit of the player's is on the board to raise a sword.
    await expect(page.locator('[data-testid^="player-unit-"]')).toHaveCount(0);
  }
  const did = await lessonOrPass(page, press, async () => {
    if (j.plan === "loser") return false;
    const flag = page.locator('[data-testid^="player-flag-"]').first();
    if (!(await flag.count())) return false;
    const cell = ((await flag.getAttribute("data-testid")) ?? "").replace("player-flag-", "");
    // A press the battle screen was not ready for (a state still settling) is
    // dropped by design: press again until the guide moves on.
    for (let attempt = 0; attempt < 4; attempt++) {
      await press(page.getByTestId(`player-unit-${cell}`));
      const moved = await expect(overlay(page))
        .not.toHaveAttribute("data-step", "SelectAttack60", { timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (moved) break;
      console.warn("the unit's press did not raise its sword, again");
    }
    return "attack";
  });
  await battleStep(j, did, "EndTurnBattle65");
  await endTurn(page, press);
}

/** PlaySpellCard70 (and SpellTarget75): a spell, at the castle when it can be. */
async function spellLesson(j: Journey): Promise<void> {
  const { page, press } = j;
  await expectStep(page, "PlaySpellCard70");
  await waitForMyTurn(page);
  await battleStep(j, "enemy-turn", "PlaySpellCard70");
  let did: NarratedEvent = "refused";
  if (j.plan === "loser") await refuseLesson(page, press);
  else {
    const spell = await playSpell(page, press);
    if (spell) did = spell;
    // A spell that aims and cannot reach the castle was put back: the guide's way on.
    else await refuseLesson(page, press);
  }
  await battleStep(j, did, "BattleFinish80");
}

/** Attacking, casting a spell, then the rest of the battle and its reward. */
async function attackAndSpell(j: Journey): Promise<void> {
  const { page, press } = j;
  await attackLesson(j);
  await spellLesson(j);
  // The rest of the battle, then the reward and the after-battle dialogue.
  if (j.plan === "loser") await loseTheBattle(page, press);
  else await playToTheEnd(page, press);
  await expect(page.getByTestId("end-game-panel")).toBeVisible({ timeout: 20_000 });
  await press(page.getByTestId("end-game-ok"));
  await passStory(page);
}

/** The loser: plays nothing and ends every turn until the enemy breaks the castle. */
async function loseTheBattle(page: Page, press: Press): Promise<void> {
  for (let turn = 0; turn < 40; turn++) {
    if ((await waitForMyTurn(page)) === "over") return;
    if (await waitForInput(page)) return;
    await endTurn(page, press);
  }
  throw new Error("the battle did not end in 40 turns");
}

/** The ids of the cards a box open answered with that joined the library (no cashback). */
async function boxCards(opened: Promise<Response>): Promise<number[]> {
  const body = (await (await opened).json()) as { data?: OpenedBox } & OpenedBox;
  const box = body.data ?? body;
  return [box.rare, box.un_1, box.un_2, box.com_1, box.com_2, box.com_3]
    .filter((c) => c.cashback === false)
    .map((c) => c.card);
}

/** ClickAdd130: the highlight rings the Add button of a card from the box, in view. */
async function expectBoxCardHighlighted(page: Page, fromBox: number[]): Promise<Locator> {
  const ring = page.getByTestId("tutorial-highlight");
  await expect(ring).toHaveAttribute("data-target", /^deck-add-\d+$/, { timeout: 15_000 });
  const target = (await ring.getAttribute("data-target")) ?? "";
  expect(fromBox, `the highlighted ${target} is a card from the box`).toContain(
    Number(target.replace("deck-add-", "")),
  );
  const add = page.getByTestId(target);
  await expect(add).toBeInViewport();
  // The ring is drawn around that button (it follows the slider as it moves).
  await expect
    .poll(async () => {
      const [r, a] = [await ring.boundingBox(), await add.boundingBox()];
      if (!r || !a) return false;
      return (
        r.x <= a.x &&
        r.y <= a.y &&
        r.x + r.width >= a.x + a.width &&
        r.y + r.height >= a.y + a.height
      );
    })
    .toBe(true);
  return add;
}

/** After the battle: the boss window, a reload halfway, the shop, a box, the deck, home. */
async function shopAndDeck(j: Journey): Promise<void> {
  const { page, press, readable, narration } = j;
  const outcome = j.plan === "loser" ? "lost" : "won";
  // MenuResearch90: the boss window again; closing it goes to the shop lesson.
  await narration.expectLine(outcome, "MenuResearch90");
  await press(page.getByTestId("boss-window-close"));
  await narration.expectLine(outcome, "ClickOffers95");

  // A reload halfway: the server kept the step; the guide picks up there.
  await page.reload();
  await expectMap(page, { tutorial: true });
  await narration.expectLine(outcome, "ClickOffers95");
  await expectBlocked(page, page.getByTestId("nav-deck"));

  await press(page.getByTestId("nav-offers"));
  await narration.expectLine(outcome, "ClickShop100");
  const openBox = page.locator('[data-testid^="offers-open-"]:not([disabled])').first();
  const opened = page.waitForResponse(
    (r) => r.url().endsWith("/api/boxes/open") && r.request().method() === "POST" && r.ok(),
  );
  await press(openBox);
  const fromBox = await boxCards(opened);
  await expect(page.getByTestId("box-view")).toBeVisible({ timeout: 15_000 });
  // The box view belongs to the player: the guide waits until it closes.
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.getByTestId("box-view-close")).toBeVisible({ timeout: 15_000 });
  await press(page.getByTestId("box-view-close"));
  await narration.expectLine("opened", "ClickDeck110");
  await press(page.getByTestId("back-to-map").first());
  await expectStep(page, "ClickBuy120");
  await press(page.getByTestId("nav-deck"));
  await narration.expectLine("read", "ClickAdd130");
  await expect(page.getByTestId("tutorial-text")).toContainText("at least 40 cards");
  await readable("ClickAdd130 (deck)");
  // "Add one of your new cards": the ring is on one from the box, brought into view.
  await press(await expectBoxCardHighlighted(page, fromBox));
  await expectStep(page, "ClickHome140");
  await press(page.getByTestId("back-to-map").first());
}

async function tutorialJourney(page: Page, press: Press, shots: Journey["shots"], plan: Plan) {
  const readable = async (where: string) => {
    if (!shots.readable) return;
    await expect(page.getByTestId("tutorial-text")).toHaveAttribute("data-done", "true", {
      timeout: 15_000,
    });
    await expectReadable(page, '[data-testid="tutorial-dock"]', `the guide's bubble at ${where}`);
  };
  const narration = new Narration(page);
  const journey: Journey = { page, press, shots, readable, narration, plan };
  await playAsNewPlayer(page, { tutorial: true });
  await welcomeToBattle(journey);
  await firstTurns(journey);
  await attackAndSpell(journey);
  await shopAndDeck(journey);
  await expectStep(page, "Final150");
  const finished = finishSaved(page);
  await pressContinue(page, press);
  await finished;
  await expect(overlay(page)).toHaveCount(0);
  console.log(
    `[tutorial ${plan}] event -> line:\n${narration.pairs.map((p) => `  ${p.event} -> ${p.step}: ${p.line}`).join("\n")}`,
  );

  // Finished for good: the server says so and a reload brings no guide back.
  const saved = await page.evaluate(async () => {
    const r = await fetch("/api/player-details", {
      headers: { authorization: `Bearer ${localStorage.getItem("jwtToken")}` },
    });
    return (await r.json()).data.tutorial as { isActive: boolean; step: string };
  });
  expect(saved).toEqual({ isActive: false, step: "Final150" });
  expect(await reloadedTutorial(page)).toEqual({ isActive: false, step: "Final150" });
  await expect(overlay(page)).toHaveCount(0);
}

test.describe("the guided tutorial", () => {
  test("a new player is led from Welcome10 to Final150, and a reload halfway resumes it", async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await tutorialJourney(
      page,
      (l) => l.click(),
      { welcome: "tutorial-welcome", battle: "tutorial-battle", lesson: "tutorial-lesson" },
      "units",
    );
  });

  test("a player who refuses every lesson and loses the battle hears no word of a victory", async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await tutorialJourney(page, (l) => l.click(), {}, "loser");
  });

  test("Skip tutorial on the welcome ends it for good", async ({ page }) => {
    await playAsNewPlayer(page, { tutorial: true });
    await expectStep(page, "intro");
    const finished = finishSaved(page);
    await page.getByTestId("tutorial-skip").click();
    await finished;
    await expect(overlay(page)).toHaveCount(0);
    expect(await reloadedTutorial(page)).toMatchObject({ isActive: false });
    await expect(overlay(page)).toHaveCount(0);
    // The map is free to use at once.
    await page.getByTestId("chapter-elf").click();
    await expect(page.getByTestId("boss-window")).toBeVisible();
  });
});

test.describe("the guided tutorial on a phone", () => {
  test.use({ viewport: { width: 740, height: 360 }, hasTouch: true, isMobile: true });

  test("the same journey with taps on a 740x360 touch screen", async ({ page }) => {
    test.setTimeout(600_000);
    await tutorialJourney(
      page,
      (l) => l.tap(),
      {
        welcome: "tutorial-phone",
        battle: "tutorial-phone-battle",
        lesson: "tutorial-phone-lesson",
        readable: true,
      },
      "spell-first",
    );
  });
});
