import { COLLECTIBLE_CARDS } from "@cardrealm/content";
import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./support.ts";

test("the card sheet shows every collectible card in its mini and big sizes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/card-sheet.html");
  const pairs = page.locator("[data-testid^=sheet-card-]");
  await expect(pairs).toHaveCount(COLLECTIBLE_CARDS.length);
  // Each pair holds two drawn cards whose art loaded.
  const first = pairs.first();
  await expect(first.locator("img")).toHaveCount(2);
  const broken = await page.evaluate(
    () => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).length,
  );
  expect(broken).toBe(0);
  await keepScreenshot(page, "card-sheet");
});
