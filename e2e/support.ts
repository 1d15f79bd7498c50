import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type FrameLocator, type Page } from "@playwright/test";

const screensDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "docs", "screens");

/**
 * The per-address throttles lifted for servers a journey starts itself: the
 * journeys sign dozens of players up from 127.0.0.1, and with REDIS_URL set
 * (CI) every server of the run counts in the same Redis.
 */
export const JOURNEY_THROTTLES = {
  SIGNUPS_PER_HOUR: "100000",
  LOGINS_PER_MINUTE: "100000",
  EVENTS_PER_MINUTE: "10000",
} as const;

/** Keeps the latest screenshot of a screen in docs/screens/ (desktop and phone sizes). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  // Let entry animations settle so the picture shows the screen at rest.
  await page.waitForTimeout(700);
  await page.screenshot({ path: resolve(screensDir, `${name}.png`) });
}

/**
 * Signs in a brand-new guest. The guided tutorial is skipped ("Skip tutorial"
 * on its welcome) unless `tutorial: true` (e2e/tutorial.journey.ts).
 */
export async function playAsNewPlayer(
  page: Page,
  { tutorial = false }: { tutorial?: boolean } = {},
): Promise<void> {
  await page.goto("/");
  await page.getByTestId("login-new-player").click();
  await expectMap(page, { tutorial });
}

/**
 * The map is up and loading is over. A new player's tutorial opens on its
 * welcome; it is skipped here unless `tutorial: true` (a tutorial past its
 * welcome offers no skip and is left alone).
 */
export async function expectMap(
  page: Page,
  { tutorial = false }: { tutorial?: boolean } = {},
): Promise<void> {
  await expect(page.getByTestId("screen-home")).toBeVisible({ timeout: 25_000 });
  await expect(page.getByTestId("loading-popup")).toBeHidden({ timeout: 25_000 });
  if (!tutorial) await skipTutorial(page);
}

/** Presses "Skip tutorial" when the guide offers it (in a page or the partner frame). */
export async function skipTutorial(root: Page | FrameLocator): Promise<void> {
  const skip = root.getByTestId("tutorial-skip");
  // The guide appears with the map; give it a moment to mount.
  const shown = await skip
    .waitFor({ state: "visible", timeout: 1_500 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return;
  await skip.click();
  await expect(root.getByTestId("tutorial-overlay")).toHaveCount(0);
}

/** Elements must lie inside the viewport: nothing cut off at this size. */
export async function expectInsideViewport(page: Page, testIds: string[]): Promise<void> {
  const vp = page.viewportSize();
  if (!vp) throw new Error("no viewport");
  // Measure the screen at rest, after its entry animations.
  await page.waitForTimeout(800);
  for (const id of testIds) {
    const box = await page.getByTestId(id).first().boundingBox();
    expect(box, `${id} is rendered`).not.toBeNull();
    if (!box) continue;
    expect(box.x, `${id} left edge`).toBeGreaterThanOrEqual(-1);
    expect(box.y, `${id} top edge`).toBeGreaterThanOrEqual(-1);
    expect(box.x + box.width, `${id} right edge`).toBeLessThanOrEqual(vp.width + 1);
    expect(box.y + box.height, `${id} bottom edge`).toBeLessThanOrEqual(vp.height + 1);
  }
}
