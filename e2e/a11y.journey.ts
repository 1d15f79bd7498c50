import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectVisibleFocus } from "./a11y-support.ts";
import { newArenaPlayer, type SeedPlayer, sqliteSeeder } from "./arena-support.ts";
import { passStory } from "./battle-support.ts";
import { expectMap, playAsNewPlayer } from "./support.ts";

const seed: SeedPlayer = sqliteSeeder(process.env.E2E_DATA_DIR ?? "");

/** Every screen at 1280x720 passes axe-core with no serious or critical violation. */
test.describe("accessibility (axe-core)", () => {
  // A backstop only: an axe check takes 10-34 s per screen beside two CPU
  // hogs (load ~21), and "login ... battle" runs five of them and a battle's
  // start (1.7 min at load 9 here; CI ran at load 27).
  test.setTimeout(300_000);

  test("login, map, boss window, story scene and battle", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("login-new-player")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "login");

    await page.getByTestId("login-new-player").click();
    await expectMap(page);
    await expectNoSeriousA11yViolations(page, "map");

    await page.getByTestId("chapter-elf").click();
    await expect(page.getByTestId("boss-window")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "boss window");

    await page.getByTestId("fight-6").click();
    await expect(
      page.getByTestId("story-comic").or(page.getByTestId("story-dialogue")),
    ).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "story scene");

    await passStory(page);
    await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "play_card", {
      timeout: 20_000,
    });
    await expectNoSeriousA11yViolations(page, "battle");
  });

  // These seven screens were one test until session 16: axe-core alone took
  // 143 s of it beside two CPU hogs (load 21: 10-34 s a screen, most on the
  // research's and the gallery's 2,300-3,800 elements) and it ran out of its
  // 180 s, as it did in CI at load 27. Three tests of two or three screens,
  // each with its own budget, which four workers can also run side by side.
  test("deck, large card view and research", async ({ page }) => {
    await playAsNewPlayer(page);

    await page.getByTestId("nav-deck").click();
    await expect(page.getByTestId("deck-library")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "deck");

    await page.locator('[data-testid^="deck-library-card-"]').first().dblclick();
    await expect(page.getByTestId("card-large-view")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "large card view");
    await page.getByTestId("card-large-view-close").click();
    await expect(page.getByTestId("card-large-view")).toBeHidden({ timeout: 15_000 });

    await page.getByTestId("deck-research").click();
    await expect(page.getByTestId("research-view")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "research");
  });

  test("gallery", async ({ page }) => {
    await playAsNewPlayer(page);
    await page.getByTestId("nav-gallery").click();
    await expect(page.locator('[data-testid^="gallery-grid-"]').first()).toBeVisible({
      timeout: 15_000,
    });
    await expectNoSeriousA11yViolations(page, "gallery");
  });

  test("offers, box view and gem shop", async ({ page }) => {
    await playAsNewPlayer(page);
    await page.getByTestId("nav-offers").click();
    await expect(page.getByTestId("offers-open-4")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "offers");

    await page.getByTestId("offers-open-4").click();
    await expect(page.getByTestId("box-view")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("box-view-close")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "box view");
    await page.getByTestId("box-view-close").click();

    await page.getByTestId("offers-gem-shop").click();
    await expect(page.getByTestId("gem-shop-best-offer")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "gem shop");
  });

  test("arena", async ({ page }) => {
    await newArenaPlayer(page, seed);
    await expectNoSeriousA11yViolations(page, "arena");
  });

  test("the guided tutorial's welcome", async ({ page }) => {
    await playAsNewPlayer(page, { tutorial: true });
    await expect(page.getByTestId("tutorial-skip")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, "tutorial welcome");
  });

  test("keyboard focus is visible on the login, the map and the deck", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("login-new-player")).toBeVisible({ timeout: 15_000 });
    await expectVisibleFocus(page, "login", 8);
    await page.getByTestId("login-new-player").click();
    await expectMap(page);
    await expectVisibleFocus(page, "map", 16);
    await page.getByTestId("nav-deck").click();
    await expect(page.getByTestId("deck-library")).toBeVisible({ timeout: 15_000 });
    await expectVisibleFocus(page, "deck", 12);
  });

  test("the check itself fails on an unlabelled control and low contrast", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("login-new-player")).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => {
      const b = document.createElement("button");
      b.style.cssText = "position:fixed;left:8px;top:8px;width:40px;height:40px";
      document.body.append(b);
      const p = document.createElement("p");
      p.textContent = "faint words";
      p.style.cssText = "position:fixed;left:8px;top:60px;color:#222;background:#111";
      document.body.append(p);
    });
    const failure = await expectNoSeriousA11yViolations(page, "login with a planted fault").then(
      () => "",
      (e: Error) => e.message,
    );
    expect(failure).toContain("button-name");
    expect(failure).toContain("color-contrast");
  });
});
