/**
 * Paid battles (issue 23 item 1, rules.md 4): the end panel says why a
 * battle paid nothing, in one line under the gems, readable on a 740x360
 * phone (every text at 10 CSS px or more after the stage's scale, the line
 * whole in the window). The server's rule itself is tested in
 * apps/server/test/paid-battles.test.ts; the journeys' server turns its
 * minimums off (journey-env.ts) and a battle given up is unpaid for the
 * give-up, so this journey gives the give-up's answer the reason a player
 * at the day's limit gets ("daily_limit", the longest text) on its way to
 * the screen, which words it with the server's own numbers (/api/settings).
 */
import { expect, test } from "@playwright/test";
import { surrender } from "./arena-support.ts";
import { startFirstBattle, waitForMyTurn } from "./battle-support.ts";
import { expectInsideViewport, keepScreenshot, playAsNewPlayer } from "./support.ts";
import { expectReadable } from "./text-size.ts";

// With motion: the line's entrance is part of what is checked (the journeys default to reduced motion).
test.use({
  viewport: { width: 740, height: 360 },
  hasTouch: true,
  isMobile: true,
  reducedMotion: "no-preference",
});

test("the end panel says why a battle paid nothing, readable on a 740x360 phone", async ({
  page,
}) => {
  await playAsNewPlayer(page);
  await page.route("**/api/game/cpu/giveup", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data?: { end_game?: { result?: Record<string, unknown> } }[];
    };
    for (const m of body.data ?? [])
      if (m.end_game?.result) m.end_game.result.unpaid = "daily_limit";
    await route.fulfill({ response, json: body });
  });
  await startFirstBattle(page);
  expect(await waitForMyTurn(page)).toBe("mine");
  await surrender(page);
  const panel = page.getByTestId("end-game-panel");
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId("end-game-reward")).toContainText("+0");
  const line = panel.getByTestId("end-game-unpaid");
  await expect(line).toHaveText(
    "Today's 30 rewarded battles are done: rewards return at 00:00 UTC",
  );
  // It comes in with motion (after the panel's own entrance), then rests.
  const animated = await line.evaluate((el) => getComputedStyle(el).animationName);
  expect(animated).toBe("unpaid-in");
  await expectInsideViewport(page, ["end-game-unpaid", "end-game-ok", "end-game-replay"]);
  await expectReadable(page, '[data-testid="end-game-panel"]', "end panel with its unpaid line");
  await keepScreenshot(page, "end-panel-unpaid-phone");
});
