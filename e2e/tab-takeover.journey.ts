import { expect, test } from "@playwright/test";
import { expectMap, keepScreenshot, playAsNewPlayer } from "./support.ts";

/**
 * One player, two tabs: the realtime channel belongs to the newest tab
 * (close 4409 for the older one, docs/realtime.md). The older tab must say so
 * rather than silently stop getting arena updates, and must be able to take
 * the channel back.
 */
test.describe("a second tab of the same player", () => {
  test("the older tab says another tab took over, and OK takes the channel back", async ({
    page,
    context,
  }) => {
    // Two full game pages (sign-up, map, channel) on a 2-core machine: 60 s was
    // the whole budget and ran out with every step passed while CI was busy.
    test.setTimeout(150_000);
    await playAsNewPlayer(page);
    const dialog = page.getByTestId("system-dialog");
    await expect(dialog).toBeHidden();

    // The same browser profile (same token) opens the game in a second tab.
    const second = await context.newPage();
    await second.goto("/");
    await expectMap(second);

    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("open in another tab or window");
    await keepScreenshot(page, "tab-takeover");
    await expect(second.getByTestId("system-dialog")).toBeHidden();

    // "Play here": the first tab takes the channel back, and now the second tab is told.
    await page.getByTestId("system-dialog-ok").click();
    await expect(dialog).toBeHidden();
    await expect(second.getByTestId("system-dialog")).toBeVisible();
    await expect(second.getByTestId("system-dialog")).toContainText(
      "open in another tab or window",
    );

    // Cancel keeps the second tab quiet: no dialog loop, and the first keeps the channel.
    await second.getByTestId("system-dialog-cancel").click();
    await expect(second.getByTestId("system-dialog")).toBeHidden();
    await page.waitForTimeout(2_500); // longer than the channel's 2 s reconnect delay
    await expect(dialog).toBeHidden();
    await expect(second.getByTestId("system-dialog")).toBeHidden();
  });
});
