import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { encodeDeck } from "@cardrealm/content";
import { expect, type FrameLocator, type Page } from "@playwright/test";

export { JOURNEY_PACE } from "./journey-env.ts";

/**
 * A 40-card deck code to share, which a new player does not own all of (fire
 * elementals, treants): the deck challenge journeys play it.
 */
export const FOREIGN_DECK_CODE = encodeDeck([
  { id: 1001, amount: 5 },
  { id: 1002, amount: 5 },
  { id: 1007, amount: 5 },
  { id: 1012, amount: 5 },
  { id: 1015, amount: 5 },
  { id: 1016, amount: 5 },
  { id: 1042, amount: 10 },
]);

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

/**
 * How long a server a journey starts itself (or nginx) may take to answer:
 * tsx compiles the server at start, and on a loaded 2-core machine that took
 * 10-20 s. The wait ends at the first answer, so a long deadline costs nothing.
 */
export const SERVER_START_DEADLINE_MS = 90_000;

/**
 * Waits until `url` answers 2xx (a server's /healthz or /readyz), polling
 * every 100 ms; fails at once if `child` exits, or after `deadlineMs` naming
 * `what` and the last error.
 */
export async function waitForServer(
  url: string,
  what: string,
  child?: ChildProcess,
  deadlineMs = SERVER_START_DEADLINE_MS,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `${what} exited before answering ${url} (${child.exitCode ?? child.signalCode})`,
      );
    }
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (r.ok) return;
      last = `HTTP ${r.status}`;
    } catch (error) {
      // Not listening yet (connection refused) or too slow to answer.
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer ${url} within ${deadlineMs / 1000} s (last: ${last})`);
}

/**
 * Waits until the page is at rest: no short animation or transition (3 s or
 * less: entry fades and slides) still running; endless or long ones (a glow)
 * and the turn timer's ring (a new 1 s transition every second) are left out.
 * A screen that never rests within `timeoutMs` is taken as it is: what comes
 * next (a picture, a measure) does not depend on it being still.
 */
export async function animationsSettled(page: Page, timeoutMs = 10_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          const timing = a.effect?.getComputedTiming();
          if (a.playState !== "running" || !(Number(timing?.endTime) <= 3_000)) return true;
          // The turn timer's ring turns by a new transition every second.
          const target = (a.effect as KeyframeEffect | null)?.target;
          return target instanceof Element && target.closest(".turn-timer") !== null;
        }),
      undefined,
      { timeout: timeoutMs, polling: "raf" },
    )
    .catch(() => undefined);
}

/** Keeps the latest screenshot of a screen in docs/screens/ (desktop and phone sizes). */
export async function keepScreenshot(
  page: Page,
  name: string,
  { settle = true }: { settle?: boolean } = {},
): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  // Let entry animations settle so the picture shows the screen at rest
  // (settle false: a screen that shows only briefly, as the versus screen).
  if (settle) await animationsSettled(page);
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
  // A sign-up and the realm's first load: 2-4 s on a quiet machine, past 25 s
  // at CI's load of 24 (stop 30); a backstop, the wait ends when the map is up.
  await expect(page.getByTestId("screen-home")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("loading-popup")).toBeHidden({ timeout: 60_000 });
  if (!tutorial) await skipTutorial(page);
}

/**
 * Whether the signed-in player's guide is due on its welcome ("Skip
 * tutorial" shows on the steps intro and Welcome10, tutorial-overlay.tsx),
 * as the server has it; null when that cannot be asked (no stored token).
 */
async function welcomeDue(root: Page | FrameLocator): Promise<boolean | null> {
  const frame =
    "mainFrame" in root
      ? root.mainFrame()
      : await root
          .owner()
          .elementHandle({ timeout: 5_000 })
          .then((h) => h?.contentFrame() ?? null)
          .catch(() => null);
  if (!frame) return null;
  return frame
    .evaluate(async () => {
      const token = localStorage.getItem("jwtToken");
      if (!token) return null;
      const r = await fetch("/api/player-details", {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!r.ok) return null;
      const body = (await r.json()) as { data: { tutorial: { isActive: boolean; step: string } } };
      const { isActive, step } = body.data.tutorial;
      return isActive && (step === "intro" || step === "Welcome10");
    })
    .catch(() => null);
}

/**
 * Presses "Skip tutorial" when the guide offers it (in a page or the partner
 * frame): when the server says the player's guide is on its welcome, waits
 * for the button (it mounts with the map); when it says not, returns at once.
 */
export async function skipTutorial(root: Page | FrameLocator): Promise<void> {
  const skip = root.getByTestId("tutorial-skip");
  const due = await welcomeDue(root);
  if (due === false) return;
  // Unknown (no stored token to ask with): look for the button a moment.
  const shown =
    due === true ||
    (await skip
      .waitFor({ state: "visible", timeout: 1_500 })
      .then(() => true)
      .catch(() => false));
  if (!shown) return;
  // A backstop: at CI's load of 25 a shown, finished bubble's button waited
  // 15 s for two steady frames (stop 30's second preview); the click goes as
  // soon as the page draws them.
  await skip.click({ timeout: 45_000 });
  await expect(root.getByTestId("tutorial-overlay")).toHaveCount(0);
}

/** Elements must lie inside the viewport: nothing cut off at this size. */
export async function expectInsideViewport(page: Page, testIds: string[]): Promise<void> {
  const vp = page.viewportSize();
  if (!vp) throw new Error("no viewport");
  // Measure the screen at rest, after its entry animations.
  await animationsSettled(page);
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
