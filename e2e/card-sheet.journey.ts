import { COLLECTIBLE_CARDS } from "@cardrealm/content";
import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./support.ts";

// The foil's glint is motion: this journey asks for it (the others run with reduced
// motion, playwright.config.ts) and checks that reduced motion stops it.
test.use({ reducedMotion: "no-preference" });

test("the card sheet shows every collectible card in its mini and big sizes, rares in gold and foil", async ({
  page,
}) => {
  // Every card's two bitmaps load; on a busy two-core machine that passed a minute.
  test.setTimeout(120_000);
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

  // Rares look rarer: a gold frame (commons iron, uncommons silver-blue) and
  // a foil over the art whose glint sweeps only on the big card.
  const byRarity = (r: string) => {
    const card = COLLECTIBLE_CARDS.find((c) => c.rarity === r);
    if (!card) throw new Error(`no ${r} card`);
    return page.getByTestId(`sheet-card-${card.id}`);
  };
  const rim = (pair: ReturnType<typeof byRarity>) =>
    pair.locator(".gc--big .gc__frame").evaluate((el) => getComputedStyle(el).borderTopColor);
  const foil = (pair: ReturnType<typeof byRarity>, size: "mini" | "big") =>
    pair.locator(`.gc--${size} .gc__art`).evaluate((el) => ({
      sheen: getComputedStyle(el, "::before").backgroundImage,
      glint: getComputedStyle(el, "::after").animationName,
    }));
  const rims = [
    await rim(byRarity("common")),
    await rim(byRarity("uncommon")),
    await rim(byRarity("rare")),
  ];
  expect(new Set(rims).size).toBe(3);
  expect((await foil(byRarity("rare"), "big")).sheen).toContain("gradient");
  expect((await foil(byRarity("rare"), "big")).glint).toBe("gc-foil");
  expect((await foil(byRarity("rare"), "mini")).glint).toBe("none");
  expect((await foil(byRarity("common"), "big")).sheen).toBe("none");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect((await foil(byRarity("rare"), "big")).glint).toBe("none");
  await page.emulateMedia({ reducedMotion: "no-preference" });

  // The picture shows the first rares among their neighbours, not only commons.
  await byRarity("rare").evaluate((el) => el.scrollIntoView({ block: "center" }));
  await keepScreenshot(page, "card-sheet");
});
