import { expect, type Page, test } from "@playwright/test";
import { startFirstBattle, waitForInput, waitForMyTurn } from "./battle-support.ts";
import { keepScreenshot, playAsNewPlayer } from "./support.ts";
import { settled } from "./text-size.ts";

/** The data-testid and data-nav of the focused element. */
async function focused(page: Page): Promise<{ id: string; nav: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.dataset.testid ?? "", nav: el?.dataset.nav ?? "" };
  });
}

/** Arrow keys until the focus is on the element with this data-nav column in its row. */
async function arrowToColumn(page: Page, col: number): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const now = Number((await focused(page)).nav.split(":")[1]);
    if (now === col) return;
    await page.keyboard.press(now < col ? "ArrowRight" : "ArrowLeft");
  }
  throw new Error(`could not reach column ${col}`);
}

/** Puts the focus in the hand with the keyboard (arrows work even when nothing has focus). */
async function focusHand(page: Page): Promise<void> {
  for (let i = 0; i < 4 && !(await focused(page)).nav.startsWith("2:"); i++) {
    await page.keyboard.press("ArrowDown");
  }
  expect((await focused(page)).nav).toMatch(/^2:/);
}

/** E ends the turn once the screen takes input (no animation or call under way). */
async function pressEndTurn(page: Page): Promise<void> {
  await expect(page.getByTestId("end-turn")).toBeEnabled({ timeout: 15_000 });
  await page.keyboard.press("e");
  await expect(page.getByTestId("battle-screen")).not.toHaveAttribute("data-phase", "play_card", {
    timeout: 15_000,
  });
}

const turnNumber = async (page: Page) =>
  Number((await page.getByTestId("turn-badge").textContent())?.match(/\d+/)?.[0] ?? 0);

test.describe("keyboard play", () => {
  test.setTimeout(240_000);

  test("a player plays a unit, flags it to attack (the combat preview shows) and ends turns with the keyboard alone", async ({
    page,
  }) => {
    await playAsNewPlayer(page);
    await startFirstBattle(page);
    const screen = page.getByTestId("battle-screen");

    // 1. Play a unit: arrows to a playable unit card, Enter picks it and focuses a legal cell, Enter places it.
    let placedCell = -1;
    for (let turn = 0; turn < 4 && placedCell < 0; turn++) {
      expect(await waitForMyTurn(page)).toBe("mine");
      // The dealt hand shows as playable once the screen takes input.
      expect(await waitForInput(page)).toBe(false);
      const units = page.locator(
        '[data-testid^="hand-card-"][data-playable="true"]:has([data-testid="card-attack"])',
      );
      if ((await units.count()) > 0) {
        const nav = (await units.first().getAttribute("data-nav")) ?? "";
        await focusHand(page);
        await arrowToColumn(page, Number(nav.split(":")[1]));
        await page.keyboard.press("Enter");
        await expect(screen).toHaveAttribute("data-phase", "select_unit_target");
        // Escape backs out and gives the focus back to the card; Enter picks it again.
        await page.keyboard.press("Escape");
        await expect(screen).toHaveAttribute("data-phase", "play_card");
        expect((await focused(page)).nav).toBe(nav);
        await page.keyboard.press("Enter");
        await expect(screen).toHaveAttribute("data-phase", "select_unit_target");
        expect((await focused(page)).id).toMatch(/^player-cell-\d$/);
        // Arrows move along the table; the last cell (often facing an enemy) takes it.
        await arrowToColumn(page, 5);
        const cell = await focused(page);
        await expect(page.getByTestId(cell.id)).toHaveAttribute("data-place", "true");
        placedCell = Number(cell.id.replace("player-cell-", ""));
        await page.keyboard.press("Enter");
        await expect(page.getByTestId(`player-unit-${placedCell}`)).toBeVisible({
          timeout: 15_000,
        });
        await expect(screen).toHaveAttribute("data-phase", "play_card", { timeout: 15_000 });
      }
      const before = await turnNumber(page);
      await pressEndTurn(page);
      await expect.poll(() => turnNumber(page), { timeout: 60_000 }).toBeGreaterThan(before);
    }
    expect(placedCell).toBeGreaterThanOrEqual(0);

    // 2. Next turn: the unit is awake. Up to the table, onto its cell, A flags it to attack.
    for (let i = 0; i < 3; i++) {
      expect(await waitForMyTurn(page)).toBe("mine");
      const ready = await page
        .getByTestId(`player-flag-${placedCell}`)
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (ready) break;
      await pressEndTurn(page);
    }
    await expect(page.getByTestId("end-turn")).toBeEnabled({ timeout: 15_000 });
    // The turn's draw and the hand's re-deal still move: wait for them to stop.
    await settled(page);
    await focusHand(page);
    await page.keyboard.press("ArrowUp");
    expect((await focused(page)).nav).toMatch(/^1:/);
    await arrowToColumn(page, placedCell + 1);
    expect((await focused(page)).id).toBe(`player-cell-${placedCell}`);
    const flag = page.getByTestId(`player-flag-${placedCell}`);
    await expect(flag).toHaveAttribute("data-flag", "defence");
    await page.keyboard.press("a");
    await expect(flag).toHaveAttribute("data-flag", "attack");
    // The preview: the unit deals damage, to the unit across or to the castle.
    const dealt = page.getByTestId(`player-preview-${placedCell}`);
    await expect(dealt).toBeVisible();
    expect(Number(await dealt.getAttribute("data-dealt"))).toBeGreaterThan(0);
    await keepScreenshot(page, "battle-preview");
    await page.setViewportSize({ width: 740, height: 360 });
    await expect(dealt).toBeVisible();
    await keepScreenshot(page, "battle-preview-phone");
    await page.setViewportSize({ width: 1280, height: 720 });

    // 3. E ends the turn: the preview leaves, the enemy moves, the turn passes.
    const before = await turnNumber(page);
    await pressEndTurn(page);
    await expect(dealt).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => turnNumber(page), { timeout: 60_000 }).toBeGreaterThan(before);
  });
});
