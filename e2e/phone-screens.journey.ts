/**
 * Readable on a phone, every screen but the battle (issue 15): at 740x360 and
 * 844x390 in landscape, where the 1280x720 stage is drawn at about half size,
 * every text a player reads on the login, the map and its menu, the save
 * account dialog, the boss window, the deck (and a card shown large, the
 * research), the gallery, the offers (the season pass confirmation, a box
 * opened), the gem shop, the arena, the story scene before a fight, the
 * battle menu, a story battle's end panel and the story after it is at
 * least 10 CSS px after scaling
 * (e2e/text-size.ts). On each screen its buttons lie whole in the window and
 * nothing covers them, a dialog lies whole in the window, and no text is cut
 * off by its own box (ellipsis or clip).
 *
 * A second test opens what those screens do not: the deck code dialogs, the
 * arena's champions and rank rewards, a shared deck's offer, the end panel of
 * a (practice) battle and the battle history.
 *
 * Each screen is checked softly: one run lists every screen's problems and
 * fails at the end. The battle's own phone run is e2e/phone-text.journey.ts.
 */
import { resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { giveUpPractice, openArena, playerId } from "./arena-support.ts";
import { passStory, waitForMyTurn } from "./battle-support.ts";
import { expectMap, FOREIGN_DECK_CODE, keepScreenshot, playAsNewPlayer } from "./support.ts";
import { expectReadable, layoutProblems, settled } from "./text-size.ts";

/** Test-only: the player's level and gems written into the journey server's SQLite file. */
function seed(userId: number, fields: { level?: number; silver?: number }): void {
  const db = new Database(resolve(process.env.E2E_DATA_DIR ?? "", "cardrealm.sqlite"));
  try {
    for (const [column, value] of Object.entries(fields)) {
      db.prepare(`update users set ${column} = ? where id = ?`).run(value, userId);
    }
  } finally {
    db.close();
  }
}

async function check(
  page: Page,
  label: string,
  { root = "body", whole = [] as string[], shot = "" } = {},
): Promise<void> {
  await expectReadable(page, "body", label, { soft: true });
  const problems = await layoutProblems(page, root, whole);
  expect.soft(problems, `${label}: cut off or covered:\n  ${problems.join("\n  ")}`).toEqual([]);
  if (shot && page.viewportSize()?.width === 740) await keepScreenshot(page, shot);
}

const back = async (page: Page) => {
  // A reward popup (a daily task done on the way) sits over the screen until OK.
  const reward = page.getByTestId("reward-popup");
  while (await reward.isVisible()) {
    await page.getByTestId("reward-popup-ok").click();
    await expect(reward).toBeHidden({ timeout: 15_000 });
  }
  await page.getByTestId("back-to-map").first().click();
  await expectMap(page);
};

/**
 * Opens a dialog with its button, checks it (its own close cross, when it has
 * one, whole too), keeps its picture and closes it (the cross, or Escape).
 */
async function openCheckClose(page: Page, open: string, dialog: string, label: string) {
  await page.getByTestId(open).click();
  await expect(page.getByTestId(dialog)).toBeVisible({ timeout: 15_000 });
  await settled(page);
  const close = page.getByTestId(`${dialog}-close`);
  const hasClose = (await close.count()) > 0;
  await check(page, label, {
    root: `[data-testid="${dialog}"]`,
    whole: [`[data-testid="${dialog}"]`, ...(hasClose ? [`[data-testid="${dialog}-close"]`] : [])],
    shot: `${dialog}-phone`,
  });
  if (hasClose) await close.click();
  else await page.keyboard.press("Escape");
  await expect(page.getByTestId(dialog)).toBeHidden();
}

/** The login, the map, its menu, the save-account dialog and the boss window. */
async function loginMapAndDialogs(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByTestId("login-new-player")).toBeVisible({ timeout: 15_000 });
  await check(page, "login", { shot: "login-phone" });

  await playAsNewPlayer(page);
  await check(page, "map", { root: '[data-testid="screen-home"]', shot: "map-phone" });

  await page.getByTestId("menu-button").click();
  await expect(page.getByTestId("logout")).toBeVisible();
  await check(page, "map menu", { root: ".top-bar__dropdown", shot: "map-menu-phone" });
  await page.getByTestId("menu-save-account").click();
  await expect(page.getByTestId("account-dialog")).toBeVisible();
  await check(page, "save account dialog", {
    root: '[data-testid="account-dialog"]',
    whole: ['[data-testid="account-dialog"]'],
    shot: "save-account-phone",
  });
  await page.getByTestId("account-dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("account-dialog")).toHaveCount(0);

  await page.getByTestId("chapter-elf").click();
  await expect(page.getByTestId("boss-window")).toBeVisible({ timeout: 15_000 });
  await check(page, "boss window", {
    root: '[data-testid="boss-window"]',
    whole: ['[data-testid="boss-window"]'],
    shot: "boss-window-phone",
  });
  await page.getByTestId("boss-window-close").click();
  await expect(page.getByTestId("boss-window")).toHaveCount(0);
}

/** The deck editor, a card shown large, the research view and the gallery. */
async function deckAndGallery(page: Page): Promise<void> {
  await page.getByTestId("nav-deck").click();
  await expect(page.getByTestId("deck-library")).toBeVisible({ timeout: 15_000 });
  await check(page, "deck", { root: '[data-testid="screen-deck"]', shot: "deck-phone" });
  await page.locator('[data-testid^="deck-library-card-"]').first().dblclick();
  await expect(page.getByTestId("card-large-view")).toBeVisible({ timeout: 15_000 });
  await check(page, "card shown large", {
    root: '[data-testid="card-large-view"]',
    whole: ['[data-testid="card-large-view-close"]', '[data-testid="card-large-view-card"]'],
    shot: "card-large-phone",
  });
  await page.getByTestId("card-large-view-close").click();
  await expect(page.getByTestId("card-large-view")).toBeHidden({ timeout: 15_000 });
  await page.getByTestId("deck-research").click();
  await expect(page.getByTestId("research-view")).toBeVisible({ timeout: 15_000 });
  await check(page, "research", {
    root: '[data-testid="research-view"]',
    whole: ['[data-testid="research-view-close"]'],
    shot: "research-phone",
  });
  await page.getByTestId("research-view-close").click();
  await expect(page.getByTestId("research-view")).toBeHidden({ timeout: 15_000 });
  await back(page);

  await page.getByTestId("nav-gallery").click();
  await expect(page.locator('[data-testid^="gallery-grid-"]').first()).toBeVisible({
    timeout: 15_000,
  });
  await check(page, "gallery", {
    root: '[data-testid="screen-gallery"]',
    shot: "gallery-phone",
  });
  await back(page);
}

/** The offers, a box opened, the season pass bought, the gem shop (with gems and level 3 seeded). */
async function shopScreens(page: Page): Promise<void> {
  // Gems for the season pass's confirmation, and level 3 for the arena
  // (chapter 2): written into the database, as the arena journeys do.
  seed(await playerId(page), { level: 3, silver: 9000 });
  await page.reload();
  await expectMap(page);
  await page.getByTestId("nav-offers").click();
  await expect(page.getByTestId("offers-open-4")).toBeVisible({ timeout: 15_000 });
  await check(page, "offers", { root: '[data-testid="screen-offers"]', shot: "offers-phone" });
  await page.getByTestId("offers-open-4").click();
  await expect(page.getByTestId("box-view")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("box-view-close")).toBeVisible({ timeout: 15_000 });
  for (const slot of ["rare", "un_1", "un_2", "com_1", "com_2", "com_3"]) {
    await expect(page.getByTestId(`box-card-${slot}`)).toBeVisible({ timeout: 10_000 });
  }
  await check(page, "box view", {
    root: '[data-testid="box-view"]',
    whole: ['[data-testid="box-view-close"]', '[data-testid^="box-card-"]'],
    shot: "box-view-phone",
  });
  await page.getByTestId("box-view-close").click();
  await expect(page.getByTestId("box-view")).toHaveCount(0);
  await page.getByTestId("season-pass-buy").click();
  await expect(page.getByTestId("season-pass-confirm")).toBeVisible();
  await check(page, "season pass confirmation", {
    root: '[data-testid="season-pass-confirm"]',
    whole: ['[data-testid="season-pass-confirm"]'],
    shot: "season-pass-confirm-phone",
  });
  await page.getByTestId("season-pass-confirm-confirm").click();
  await expect(page.getByTestId("system-dialog")).toContainText("Season pass activated!");
  await check(page, "system dialog", {
    root: '[data-testid="system-dialog"]',
    whole: ['[data-testid="system-dialog"]'],
  });
  await page.getByTestId("system-dialog-ok").click();

  await page.getByTestId("offers-gem-shop").click();
  await expect(page.getByTestId("gem-shop-best-offer")).toBeVisible({ timeout: 15_000 });
  await check(page, "gem shop", {
    root: '[data-testid="screen-gem_shop"]',
    shot: "gem-shop-phone",
  });
  await back(page);
}

/**
 * The arena (after any reward popups), the story scene before the first
 * fight, the battle menu, the story battle's end panel and the story after it.
 */
async function arenaAndStory(page: Page): Promise<void> {
  await openArena(page);
  // A daily task done on the way (a box opened) greets the arena with its
  // reward popup, depending on the day's tasks: read it, then close each.
  const reward = page.getByTestId("reward-popup");
  while (await reward.isVisible()) {
    await check(page, "arena reward popup", {
      root: '[data-testid="reward-popup"]',
      whole: ['[data-testid="reward-popup-ok"]'],
    });
    await page.getByTestId("reward-popup-ok").click();
    await expect(reward).toBeHidden({ timeout: 15_000 });
  }
  await check(page, "arena", {
    root: '[data-testid="arena-screen"]',
    whole: [".arena-panel"],
    shot: "arena-phone",
  });

  // The story scene before the first fight (a comic, or a dialogue).
  await back(page);
  await page.getByTestId("chapter-elf").click();
  await page.getByTestId("fight-6").click();
  const scene = page.getByTestId("story-comic").or(page.getByTestId("story-dialogue"));
  await expect(scene).toBeVisible({ timeout: 15_000 });
  await check(page, "story scene", {
    root: '[data-testid="story-comic"], [data-testid="story-dialogue"]',
    shot: "story-phone",
  });

  // The story battle (its board on a phone: phone-text.journey.ts): its menu
  // with the switches, then given up: the story's end panel and the story
  // after the battle (issue 26: every screen of the story half).
  await passStory(page);
  await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 20_000 });
  expect(await waitForMyTurn(page)).toBe("mine");
  await page.getByTestId("battle-menu").click();
  await expect(page.getByTestId("battle-menu-panel")).toBeVisible();
  await check(page, "battle menu", {
    root: '[data-testid="battle-menu-panel"]',
    whole: ['[data-testid="battle-menu-panel"]'],
    shot: "battle-menu-phone",
  });
  await page.getByTestId("surrender").click();
  await page.getByTestId("system-dialog-ok").click();
  const panel = page.getByTestId("end-game-panel");
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await check(page, "story battle end panel", {
    root: '[data-testid="end-game-panel"]',
    whole: ['[data-testid="end-game-panel"]', '[data-testid="end-game-ok"]'],
  });
  await panel.getByTestId("end-game-ok").click();
  // The story after the battle (a defeat's lines), then the boss window again.
  const after = page.locator('[data-testid="story-layer"][data-action="after"]');
  await expect(after.or(page.getByTestId("boss-window"))).toBeVisible({ timeout: 20_000 });
  if (await after.isVisible()) {
    await check(page, "story after the battle", {
      root: '[data-testid="story-layer"]',
      // the opponent's portrait beside its lines (docs/art.md "Opponent portraits")
      shot: "story-after-phone",
    });
    await passStory(page);
  }
  await expect(page.getByTestId("boss-window")).toBeVisible({ timeout: 15_000 });
}

for (const size of [
  { width: 740, height: 360 },
  { width: 844, height: 390 },
]) {
  test.describe(`every screen but the battle on a ${size.width}x${size.height} phone`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true });
    test.setTimeout(300_000);

    test("every text reads at 10 px or more; buttons and dialogs whole and uncovered", async ({
      page,
    }) => {
      await loginMapAndDialogs(page);
      await deckAndGallery(page);
      await shopScreens(page);
      await arenaAndStory(page);
    });

    test("the dialogs and popups a player opens on the way read at 10 px and fit", async ({
      page,
    }) => {
      // The ones the screens above do not open: the deck code dialogs, the
      // arena's champions and rank rewards, a shared deck's offer, the end
      // panel of a battle and the battle history (with that battle in it).
      await playAsNewPlayer(page);
      await settled(page);
      await page.getByTestId("nav-deck").click();
      await expect(page.getByTestId("screen-deck")).toBeVisible({ timeout: 15_000 });
      await openCheckClose(page, "deck-code-export", "deck-export-dialog", "deck code export");
      await openCheckClose(page, "deck-code-import", "deck-import-dialog", "deck code import");
      await back(page);

      // The arena opens at level 3 (product.md): the test writes the level.
      seed(await playerId(page), { level: 3 });
      await page.reload();
      await expectMap(page);
      await openArena(page);
      await openCheckClose(page, "champions-open", "champions-popup", "champions");
      await openCheckClose(page, "rank-rewards-open", "rank-rewards-popup", "rank rewards");

      // A shared deck's link: the offer, then its choice of opponent.
      await page.goto(`/?deck=${FOREIGN_DECK_CODE}`);
      const offer = page.getByTestId("shared-deck-offer");
      await expect(offer).toBeVisible({ timeout: 25_000 });
      await settled(page);
      await check(page, "shared deck offer", {
        root: '[data-testid="shared-deck-offer"]',
        whole: ['[data-testid="shared-deck-offer"]'],
        shot: "shared-deck-phone",
      });
      await offer.getByTestId("shared-deck-challenge").click();
      const foe = offer.getByTestId("challenge-foe-6");
      await expect(foe).toBeVisible({ timeout: 15_000 });
      await check(page, "shared deck's opponents", {
        root: '[data-testid="shared-deck-offer"]',
        whole: ['[data-testid="shared-deck-offer"]', '[data-testid="challenge-foe-6"]'],
      });

      // The practice battle, given up at once: its end panel.
      const panel = await giveUpPractice(page, foe);
      await settled(page);
      await check(page, "battle end panel", {
        root: '[data-testid="end-game-panel"]',
        whole: ['[data-testid="end-game-panel"]', '[data-testid="end-game-ok"]'],
        shot: "end-panel-phone",
      });
      await panel.getByTestId("end-game-ok").click();
      await expectMap(page);

      // The battle history from the map, with the battle just played.
      await page.getByTestId("nav-history").click();
      const history = page.getByTestId("battle-history");
      await expect(history).toBeVisible({ timeout: 15_000 });
      await expect(history.locator('[data-testid^="history-row-"]').first()).toBeVisible({
        timeout: 15_000,
      });
      await settled(page);
      await check(page, "battle history", {
        root: '[data-testid="battle-history"]',
        whole: ['[data-testid="battle-history"]', '[data-testid="battle-history-close"]'],
        shot: "battle-history-phone",
      });
    });
  });
}
