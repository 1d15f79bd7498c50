import { writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { startFirstBattle, waitForInput, waitForMyTurn } from "./battle-support.ts";
import { expectMap, playAsNewPlayer } from "./support.ts";

/**
 * The computer's turn on screen (issue 26 item 3, docs/battle-pace.md): from
 * its first sign (the computer's clock or "Enemy turn!") to the player's
 * control back (End turn enabled) or the end panel, as the page saw it. Also
 * from the player's End turn click, for the whole wait.
 */
interface PaceTurn {
  speed: string;
  /** ms from the first sign of the computer's turn to the player's control back. */
  onScreen: number;
  /** ms from the End turn click to the player's control back. */
  fromClick: number;
}

/**
 * How long one of the computer's turn's reading pauses stayed on screen:
 * "Enemy turn!" (up to 1400 ms at 1x) or its played card (2000 ms), so the
 * two speeds are compared on the same thing (whole turns differ: the
 * computer's grow, and a loaded machine adds the same renders and requests to
 * a turn at either speed).
 */
interface PaceSpan {
  speed: string;
  what: "banner" | "card";
  ms: number;
}

declare global {
  interface Window {
    __paceTurns?: PaceTurn[];
    __paceSpans?: PaceSpan[];
  }
}

/** Records every computer turn from now on into window.__paceTurns, and its reading pauses into __paceSpans. */
async function watchComputerTurns(page: Page): Promise<void> {
  await page.evaluate(() => {
    const turns: PaceTurn[] = [];
    const spans: PaceSpan[] = [];
    window.__paceTurns = turns;
    window.__paceSpans = spans;
    let clickAt: number | null = null;
    let startAt: number | null = null;
    let speed = "1";
    const speedNow = () => localStorage.getItem("cardrealm.battleSpeed") ?? "1";
    const shown: Record<PaceSpan["what"], { at: number; speed: string; el: Element } | null> = {
      banner: null,
      card: null,
    };
    // Each element is its own span: the next turn's card can replace one still up.
    const span = (what: PaceSpan["what"], el: Element | null, now: number) => {
      const since = shown[what];
      if (since && since.el !== el) {
        spans.push({ speed: since.speed, what, ms: now - since.at });
        shown[what] = null;
      }
      if (el && !shown[what]) shown[what] = { at: now, speed: speedNow(), el };
    };
    document.addEventListener(
      "click",
      (e) => {
        if (e.target instanceof Element && e.target.closest('[data-testid="end-turn"]')) {
          clickAt = performance.now();
        }
      },
      true,
    );
    const check = () => {
      const now = performance.now();
      span("banner", document.querySelector(".battle-message--enemy_turn"), now);
      span("card", document.querySelector('[data-testid="cpu-played-card"]'), now);
      const sign = document.querySelector(
        '[data-testid="turn-timer"][data-seat="cpu"], .battle-message--enemy_turn',
      );
      const end = document.querySelector<HTMLButtonElement>('[data-testid="end-turn"]');
      if (startAt === null) {
        if (sign && end?.disabled) {
          startAt = now;
          // The speed this turn plays at (the test may switch it once the turn is over).
          speed = speedNow();
        }
        return;
      }
      const over = document.querySelector('[data-testid="end-game-panel"]');
      if (!over && (!end || end.disabled)) return;
      turns.push({
        speed,
        onScreen: now - startAt,
        fromClick: clickAt === null ? Number.NaN : now - clickAt,
      });
      startAt = null;
      clickAt = null;
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
}

/**
 * The pace this journey plays at: product.md's own (100) unless
 * E2E_PACE_PERCENT says otherwise. Not the journeys' 10% reading pace: at it
 * a quiet computer turn is a few hundred ms of the board's clock, and what a
 * loaded machine adds to every turn at either speed (renders, timers firing
 * late) outweighs what 2x halves (CI's load of 27 broke the ratio so).
 */
const PACE_PERCENT = process.env.E2E_PACE_PERCENT ?? "100";

/** The page's battle pace (the test server's reading pace, /api/settings) set to `percent`. */
async function atPace(page: Page, percent: string): Promise<void> {
  await page.route("**/api/settings", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: Record<string, string> };
    await route.fulfill({
      response,
      json: { ...body, data: { ...body.data, battlePacePercent: percent } },
    });
  });
}

/** Sets the battle menu's speed switch to `speed` ("1x" or "2x") and closes the menu. */
async function setSpeed(page: Page, speed: "1x" | "2x"): Promise<void> {
  await page.getByTestId("battle-menu").click();
  const button = page.getByTestId("battle-speed");
  await expect(button).toBeVisible();
  if (!((await button.textContent()) ?? "").includes(speed)) await button.click();
  await expect(button).toHaveText(`Speed: ${speed}`);
  await page.getByTestId("battle-menu").click();
  await expect(page.getByTestId("battle-menu-panel")).toHaveCount(0);
}

/** Ends the turn without playing (discarding the first card above six). */
async function endTurnOnly(page: Page): Promise<void> {
  if (await waitForInput(page)) return;
  const mustDiscard = (await page.locator('[data-testid^="hand-card-"]').count()) > 6;
  await page.getByTestId("end-turn").click();
  if (mustDiscard) {
    await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "discard_card");
    await page.locator('[data-testid^="hand-card-"]').first().click();
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

test.describe("battle pace", () => {
  test.setTimeout(300_000);

  test("the speed switch is remembered across a reload, and 2x shows the computer's turns faster than 1x", async ({
    page,
  }) => {
    await atPace(page, PACE_PERCENT);
    await playAsNewPlayer(page);
    await startFirstBattle(page);
    await waitForMyTurn(page);
    // A new device plays at product.md's pace.
    await page.getByTestId("battle-menu").click();
    await expect(page.getByTestId("battle-speed")).toHaveText("Speed: 1x");
    await page.getByTestId("battle-menu").click();
    await setSpeed(page, "2x");
    await page.reload();
    await expectMap(page);
    await page.getByTestId("resume-battle").click();
    await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 15_000 });
    await waitForMyTurn(page);
    await page.getByTestId("battle-menu").click();
    await expect(page.getByTestId("battle-speed")).toHaveText("Speed: 2x");
    await expect(page.getByTestId("battle-speed")).toHaveAttribute("aria-checked", "true");
    await page.getByTestId("battle-menu").click();

    // The player only ends turns: the computer's turns grow (more of its
    // units strike each turn), so the speeds go 1 2 2 1 (E2E_PACE_ROUNDS
    // times) and the growth falls on both alike (the seed makes it the same
    // battle each run).
    await watchComputerTurns(page);
    const rounds = Number(process.env.E2E_PACE_ROUNDS ?? 1);
    const order = Array.from({ length: rounds }, () => ["1x", "2x", "2x", "1x"] as const).flat();
    let played = 0;
    for (const speed of order) {
      // The last turn is over (recorded at its speed) once the screen takes input again.
      if (await waitForInput(page)) break;
      await setSpeed(page, speed);
      await endTurnOnly(page);
      played++;
      if ((await waitForMyTurn(page)) === "over") break;
    }
    const turns = await page.evaluate(() => window.__paceTurns ?? []);
    // The whole turns are figures for docs/battle-pace.md, not what is asserted:
    // beside five CPU hogs the watcher once caught 3 of 4 (cause not found).
    console.log(`battle pace: ${played} computer turns played, ${turns.length} recorded`);
    // Both speeds over the same turns of the pattern (a battle that ended early keeps whole pairs).
    const at = (speed: string) => turns.filter((t) => t.speed === speed).map((t) => t.onScreen);
    const n = Math.min(at("1").length, at("2").length);
    const one = at("1").slice(0, n);
    const two = at("2").slice(0, n);
    // The last turn's card may outlast the turn: its span closes when it goes.
    await expect(page.getByTestId("cpu-played-card")).toHaveCount(0);
    const spans = await page.evaluate(() => window.__paceSpans ?? []);
    const spansOf = (what: PaceSpan["what"], speed: string) =>
      spans.filter((x) => x.what === what && x.speed === speed).map((x) => x.ms);
    const spanMedian = (what: PaceSpan["what"], speed: string) => median(spansOf(what, speed));
    // A timer that fires late only lengthens a span: the shortest is the truest.
    const shortest = (what: PaceSpan["what"], speed: string) =>
      Math.min(...spansOf(what, speed), Number.POSITIVE_INFINITY);
    const figures = {
      pacePercent: PACE_PERCENT,
      turns,
      median1x: median(one),
      median2x: median(two),
      ratio: sum(two) / sum(one),
      spans,
      banner1x: spanMedian("banner", "1"),
      banner2x: spanMedian("banner", "2"),
      card1x: spanMedian("card", "1"),
      card2x: spanMedian("card", "2"),
      shortestCard1x: shortest("card", "1"),
      shortestCard2x: shortest("card", "2"),
    };
    console.log(`battle pace: ${JSON.stringify(figures)}`);
    if (process.env.E2E_PACE_OUT) writeFileSync(process.env.E2E_PACE_OUT, JSON.stringify(figures));
    // A ratio of the same thing at both speeds, not a wall-clock bound: the
    // computer's played card stays up 2000 ms at 1x and 1000 at 2x (its own
    // timer takes it down; the computer plays a card in each of these turns of
    // the seeded battle), and a busy machine stretches it at both speeds
    // alike. Whole turns are recorded above, not compared: they differ in what
    // they hold, and on a loaded machine what every turn costs whatever the
    // speed (renders, requests, timers firing late) outweighed what 2x halves
    // (0.85 beside two CPU hogs at a load of 20). "Enemy turn!" is no measure
    // either: a quiet turn's "Your turn!" takes its place before its 1400 ms.
    // battle-pace-figures.test.ts has the whole turn, exactly.
    expect(figures.shortestCard1x).toBeLessThan(Number.POSITIVE_INFINITY);
    expect(figures.shortestCard2x / figures.shortestCard1x).toBeLessThan(0.8);
  });
});

/** Click flow: plays a playable unit into the player's empty `cell`; false when none is playable. */
async function playUnitInto(page: Page, cell: number): Promise<boolean> {
  const playable = page.locator('[data-testid^="hand-card-"][data-playable="true"]');
  for (let i = 0; i < (await playable.count()); i++) {
    await playable.nth(i).click();
    const spot = page.getByTestId(`player-cell-${cell}`);
    if ((await spot.getAttribute("data-place")) === "true") {
      await spot.click();
      await expect(page.getByTestId(`player-unit-${cell}`)).toBeVisible();
      return true;
    }
    // A spell: put it back.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "play_card");
  }
  return false;
}

test("a hovered hand card never blocks a click on the player's own unit under it", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await playAsNewPlayer(page);
  await startFirstBattle(page);
  // A unit in the middle cell, above the middle of the hand; it is ready a turn later.
  let placed = false;
  for (let turn = 0; turn < 4 && !placed; turn++) {
    if ((await waitForMyTurn(page)) === "over") throw new Error("the battle ended first");
    await waitForInput(page);
    placed = await playUnitInto(page, 2);
    await endTurnOnly(page);
  }
  expect(placed).toBe(true);
  if ((await waitForMyTurn(page)) === "over") throw new Error("the battle ended first");
  await waitForInput(page);
  const flag = page.getByTestId("player-flag-2");
  await expect(flag).toHaveAttribute("data-flag", "defence");
  const unit = await page.getByTestId("player-unit-2").boundingBox();
  if (!unit) throw new Error("no unit box");
  // The hand card nearest the unit's column, hovered: its picture grows over the unit.
  const cards = page.locator('[data-testid^="hand-card-"]');
  const centres = await cards.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return r.left + r.width / 2;
    }),
  );
  const ux = unit.x + unit.width / 2;
  let nearest = 0;
  centres.forEach((x, i) => {
    if (Math.abs(x - ux) < Math.abs((centres[nearest] ?? 0) - ux)) nearest = i;
  });
  const card = cards.nth(nearest);
  await card.hover();
  const grown = card.locator(".gc");
  // Reduced motion in the journeys: the picture is at its grown size once hovered.
  await expect
    .poll(async () => (await grown.boundingBox())?.y ?? 1e9)
    .toBeLessThan(unit.y + unit.height - 20);
  const picture = await grown.boundingBox();
  if (!picture) throw new Error("no picture box");
  // A point of the unit that the grown picture covers.
  const x = Math.min(Math.max(ux, picture.x + 10), picture.x + picture.width - 10);
  const y = (Math.max(picture.y, unit.y) + unit.y + unit.height) / 2;
  expect(x).toBeGreaterThan(unit.x);
  expect(x).toBeLessThan(unit.x + unit.width);
  await page.mouse.click(x, y);
  await expect(flag).toHaveAttribute("data-flag", "attack");
});
