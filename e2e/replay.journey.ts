/**
 * Replays (issue 16): a player fights a story battle and loses it (two
 * turns, then surrender), opens "Watch replay" on the end panel, steps it
 * forward and back, scrubs to a turn, plays it at 4x, shares it and opens
 * the link as a second player (a new browser context, a guest who signs in
 * first). The battle chronicle on the map lists the battle.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y-support.ts";
import { passStory, playTurn, startFirstBattle, waitForMyTurn } from "./battle-support.ts";
import { expectInsideViewport, expectMap, keepScreenshot, playAsNewPlayer } from "./support.ts";

async function surrender(page: Page): Promise<void> {
  await page.getByTestId("battle-menu").click();
  await page.getByTestId("surrender").click();
  await page.getByTestId("system-dialog-ok").click();
  await expect(page.getByTestId("end-game-panel")).toBeVisible({ timeout: 20_000 });
}

/** A second player opens a shared replay link signed out: asked to sign in first, then the viewer on a phone. */
async function guestOpensTheLink(browser: Browser, link: string): Promise<void> {
  const guest = await browser.newContext({ viewport: { width: 740, height: 360 } });
  // Closed even when a step fails (a page left open runs on beside the worker's next tests).
  try {
    const second = await guest.newPage();
    await second.goto(link);
    await expect(second.getByTestId("login-shared-replay")).toContainText("shared with you");
    await second.getByTestId("login-new-player").click();
    await expect(second.getByTestId("replay-bar")).toBeVisible({ timeout: 30_000 });
    await expect(second.getByTestId("replay-caption")).toContainText("Action 0 of");
    await expect(second).toHaveURL(/^[^?]*\/$/);
    await second.getByTestId("replay-forward").click();
    await expect(second.getByTestId("replay-caption")).toContainText("Action 1 of");
    await expectInsideViewport(second, [
      "replay-play",
      "replay-back",
      "replay-forward",
      "replay-speed-4",
      "replay-scrubber",
      "replay-share-button",
      "replay-close",
      "player-hp",
      "cpu-hp",
    ]);
    await keepScreenshot(second, "replay-viewer-phone");
    await second.getByTestId("replay-close").click();
    await expectMap(second);
  } finally {
    await guest.close();
  }
}

test("a lost battle is watched, stepped, scrubbed, shared and opened by a guest from its link", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await playAsNewPlayer(page);
  await startFirstBattle(page);
  for (let turn = 0; turn < 2; turn++) {
    if ((await waitForMyTurn(page)) === "over") break;
    await playTurn(page, "click");
  }
  if ((await waitForMyTurn(page)) === "mine") await surrender(page);
  await expect(page.getByTestId("end-game-panel")).toHaveAttribute("data-outcome", "defeat");

  // Watch replay, beside Continue.
  await page.getByTestId("end-game-replay").click();
  await expect(page.getByTestId("replay-bar")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-mode", "replay");
  await expect(page.getByTestId("end-turn")).toHaveCount(0);
  await expect(page.getByTestId("replay-caption")).toContainText("Action 0 of");
  await expect(page.getByTestId("replay-play")).toBeFocused();

  // One action forward (animated), then back (rebuilt at once).
  await page.getByTestId("replay-forward").click();
  await expect(page.getByTestId("replay-caption")).toContainText("Action 1 of");
  const hpAfterOne = await page.getByTestId("cpu-hp").textContent();
  await page.getByTestId("replay-forward").click();
  await expect(page.getByTestId("replay-caption")).toContainText("Action 2 of");
  await page.getByTestId("replay-back").click();
  await expect(page.getByTestId("replay-caption")).toContainText("Action 1 of");
  await expect(page.getByTestId("cpu-hp")).toHaveText(hpAfterOne ?? "");

  // The keyboard reaches every control: L forward, J back.
  await page.keyboard.press("l");
  await expect(page.getByTestId("replay-caption")).toContainText("Action 2 of");
  await page.keyboard.press("j");
  await expect(page.getByTestId("replay-caption")).toContainText("Action 1 of");

  // The scrubber jumps to the last turn's start, then back to the first.
  const scrubber = page.getByTestId("replay-scrubber");
  const lastTurn = Number(await scrubber.getAttribute("max"));
  expect(lastTurn).toBeGreaterThan(1);
  await scrubber.fill(String(lastTurn));
  await expect(page.getByTestId("replay-turn")).toHaveText(String(lastTurn));
  await expect(page.getByTestId("turn-badge")).toContainText(String(lastTurn));
  await scrubber.fill(String(await scrubber.getAttribute("min")));
  await expect(page.getByTestId("replay-caption")).toContainText("Action 0 of");

  // Play at 4x to the end: it says who won.
  await page.getByTestId("replay-speed-4").click();
  await page.getByTestId("replay-play").click();
  await expect(page.getByTestId("replay-play")).toHaveAttribute("data-playing", "true");
  await expect(page.getByTestId("replay-caption")).toContainText("Air Elemental won", {
    timeout: 120_000,
  });
  await expect(page.getByTestId("replay-play")).toHaveAttribute("data-playing", "false");

  // A board mid-battle for the picture (the scrubber stands on the last turn: another one moves it).
  await scrubber.fill(String(lastTurn - 1));
  await expect(page.getByTestId("replay-turn")).toHaveText(String(lastTurn - 1));
  await page.getByTestId("replay-forward").click();
  await expect(page.getByTestId("replay-back")).toBeEnabled();
  await keepScreenshot(page, "replay-viewer");
  await expectNoSeriousA11yViolations(page, "the replay viewer");

  // Share: the link is shown (and copied where the clipboard allows).
  await page.getByTestId("replay-share-button").click();
  const linkField = page.getByTestId("replay-share-link");
  await expect(linkField).toHaveValue(/\/\?replay=[A-Za-z0-9_-]{22}$/);
  const link = await linkField.inputValue();

  // A second player opens the link: asked to sign in first, then the viewer opens.
  await guestOpensTheLink(browser, link);

  // The first player closes the viewer: back to the map (the story's after part first).
  await page.getByTestId("replay-close").click();
  await passStory(page);
  await expectMap(page);
  // The story's after part ends on the chapter's boss window: closed to reach the map's menu.
  await page.getByTestId("boss-window-close").click();
  await expect(page.getByTestId("boss-window")).toHaveCount(0);

  // The chronicle lists the battle; a click opens it again.
  await page.getByTestId("nav-history").click();
  const history = page.getByTestId("battle-history");
  await expect(history).toBeVisible();
  const row = history.locator('[data-testid^="history-row-"]').first();
  await expect(row).toContainText("Air Elemental");
  await expect(row).toContainText("Defeat");
  await keepScreenshot(page, "battle-history");
  await expectNoSeriousA11yViolations(page, "the battle chronicle");
  await row.locator("button").click();
  await expect(page.getByTestId("replay-bar")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("replay-close").click();
  await expectMap(page);
});
