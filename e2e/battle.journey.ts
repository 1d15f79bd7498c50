import { expect, test } from "@playwright/test";
import {
  playACard,
  playTurn,
  startFirstBattle,
  waitForInput,
  waitForMyTurn,
} from "./battle-support.ts";
import { expectInsideViewport, expectMap, keepScreenshot, playAsNewPlayer } from "./support.ts";

test.describe("story battles", () => {
  test.setTimeout(300_000);

  test("a new player reads the intro, plays by drag and by click, attacks and ends turns; the computer answers", async ({
    page,
  }) => {
    await playAsNewPlayer(page);
    await startFirstBattle(page);
    await expectInsideViewport(page, [
      "end-turn",
      "all-attack",
      "player-hp",
      "cpu-hp",
      "player-cell-4",
      "cpu-cell-0",
    ]);
    const turnBadge = async () =>
      Number((await page.getByTestId("turn-badge").textContent())?.match(/\d+/)?.[0] ?? 0);
    let playedCards = 0;
    for (let turn = 0; turn < 4; turn++) {
      if ((await waitForMyTurn(page)) === "over") break;
      const before = await turnBadge();
      const hand = await page.locator('[data-testid^="hand-card-"]').count();
      if (turn === 1) await keepScreenshot(page, "battle");
      await playTurn(page, turn % 2 === 0 ? "drag" : "click");
      if ((await waitForMyTurn(page)) === "over") break;
      // The computer played its whole turn and the next one is ours.
      expect(await turnBadge()).toBeGreaterThan(before);
      // One card drawn at turn start: a played card shows as a hand no bigger.
      if ((await page.locator('[data-testid^="hand-card-"]').count()) <= hand) playedCards++;
    }
    expect(playedCards).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId("player-hp")).toBeVisible();
  });

  test("surrender asks first, then ends the battle as a defeat", async ({ page }) => {
    await playAsNewPlayer(page);
    await startFirstBattle(page);
    await waitForMyTurn(page);
    await page.getByTestId("battle-menu").click();
    await page.getByTestId("surrender").click();
    await expect(page.getByTestId("system-dialog")).toContainText(
      "Are you sure want to surrender?",
    );
    await page.getByTestId("system-dialog-ok").click();
    await expect(page.getByTestId("end-game-panel")).toHaveAttribute("data-outcome", "defeat", {
      timeout: 15_000,
    });
    // rules.md 4: the side that gave up is paid nothing.
    await expect(page.getByTestId("end-game-reward")).toContainText("+0 gems");
  });

  test("a reload mid-battle brings the player back into the same battle", async ({ page }) => {
    await playAsNewPlayer(page);
    await startFirstBattle(page);
    await waitForMyTurn(page);
    await playACard(page, "click");
    // The play is answered (and so stored) once the screen takes input again.
    await waitForInput(page);
    const hpBefore = await page.getByTestId("cpu-hp").textContent();
    const handBefore = await page.locator('[data-testid^="hand-card-"]').count();
    await page.reload();
    await expectMap(page);
    await expect(page.getByTestId("resume-banner")).toBeVisible({ timeout: 15_000 });
    await page.getByTestId("resume-battle").click();
    await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("cpu-hp")).toHaveText(hpBefore ?? "");
    await expect(page.locator('[data-testid^="hand-card-"]')).toHaveCount(handBefore);
    await expect(page.locator('[data-testid^="player-unit-"]')).toHaveCount(1);
  });
});
