import { expect, type Page } from "@playwright/test";

/** From the map: open chapter 1, fight opponent 6, read through the intro story to the battle. */
export async function startFirstBattle(page: Page): Promise<void> {
  await page.getByTestId("chapter-elf").click();
  await expect(page.getByTestId("boss-window")).toBeVisible();
  await page.getByTestId("fight-6").click();
  await passStory(page);
  await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 20_000 });
}

/** Reads a comic or a dialogue to its end and presses OK. */
export async function passStory(page: Page): Promise<void> {
  const comic = page.getByTestId("story-comic");
  const dialogue = page.getByTestId("story-dialogue");
  await expect(comic.or(dialogue)).toBeVisible({ timeout: 15_000 });
  if (await comic.isVisible()) {
    for (let i = 0; i < 10 && !(await page.getByTestId("story-comic-ok").isVisible()); i++) {
      await page.getByTestId("story-comic-next").click();
    }
    await page.getByTestId("story-comic-ok").click();
  } else {
    // The first press finishes the typing, the next one is OK.
    for (let i = 0; i < 6 && (await page.getByTestId("story-dialogue-ok").isVisible()); i++) {
      await page.getByTestId("story-dialogue-ok").click();
      await page.waitForTimeout(200);
    }
  }
}

export async function waitForMyTurn(page: Page): Promise<"mine" | "over"> {
  const screen = page.getByTestId("battle-screen");
  const panel = page.getByTestId("end-game-panel");
  for (let i = 0; i < 240; i++) {
    if (await panel.isVisible()) return "over";
    if ((await screen.getAttribute("data-phase")) === "play_card") return "mine";
    await page.waitForTimeout(250);
  }
  throw new Error("the turn never came back");
}

/** Plays one playable card: by drag and drop, or by clicks. Returns false when none is playable. */
export async function playACard(page: Page, how: "drag" | "click"): Promise<boolean> {
  const playable = page.locator('[data-testid^="hand-card-"][data-playable="true"]');
  const n = await playable.count();
  if (n === 0) return false;
  // The dearest playable card: its drawn face says "cost 1 fire 3 diamond".
  let best = 0;
  let bestCost = -1;
  for (let i = 0; i < n; i++) {
    const label =
      (await playable.nth(i).locator("[aria-label*=cost]").first().getAttribute("aria-label")) ??
      "";
    const cost =
      (/cost ([^,]*)/.exec(label)?.[1] ?? "").match(/\d+/g)?.reduce((a, b) => a + Number(b), 0) ??
      0;
    if (cost > bestCost) {
      bestCost = cost;
      best = i;
    }
  }
  const card = playable.nth(best);
  if (how === "drag") {
    const from = await card.boundingBox();
    if (!from) return false;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 40, { steps: 5 });
    const spot = page
      .locator('[data-place="true"], [data-target="true"], .castle--target .castle__portrait')
      .first();
    const hasSpot = await spot
      .waitFor({ timeout: 1500 })
      .then(() => true)
      .catch(() => false);
    // A spell without a target plays when dropped anywhere on the board.
    const to = hasSpot
      ? await spot.boundingBox()
      : await page.getByTestId("cpu-cell-2").boundingBox();
    if (!to) return false;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
  } else {
    await card.click();
    for (let i = 0; i < 5; i++) {
      const cell = page.getByTestId(`player-cell-${i}`);
      if (
        (await cell.getAttribute("data-place")) === "true" &&
        !(await page.getByTestId(`cpu-unit-${i}`).count())
      ) {
        await cell.click();
        return true;
      }
    }
    const spot = page
      .locator(
        '[data-place="true"], .castle--target.castle--cpu .castle__portrait, [data-testid^="cpu-cell-"][data-target="true"], [data-target="true"], .castle--target .castle__portrait',
      )
      .first();
    if (await spot.isVisible().catch(() => false)) await spot.click();
  }
  return true;
}

/**
 * A whole turn of a plain, aggressive player: the dearest playable card,
 * every ready unit attacks, end turn.
 */
export async function playTurn(page: Page, how: "drag" | "click"): Promise<void> {
  await playACard(page, how);
  await expect(page.getByTestId("battle-screen")).toHaveAttribute(
    "data-phase",
    /play_card|end_game/,
    { timeout: 15_000 },
  );
  if (await page.getByTestId("end-game-panel").isVisible()) return;
  await page.waitForTimeout(400);
  const allAttack = page.getByTestId("all-attack");
  if (await allAttack.isEnabled()) {
    await allAttack.click();
    await page.waitForTimeout(600);
  }
  await page.getByTestId("end-turn").click();
  // Over six cards the game asks for a discard: give it the first card.
  const screen = page.getByTestId("battle-screen");
  await page.waitForTimeout(300);
  if ((await screen.getAttribute("data-phase")) === "discard_card") {
    await page.locator('[data-testid^="hand-card-"]').first().click();
  }
}
