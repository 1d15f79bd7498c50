/**
 * Readable on a phone (issue 15): at 740x360 and 844x390 in landscape, where
 * the 1280x720 stage is drawn at about half size, every text on the battle
 * screen that a player reads is at least 10 CSS px after scaling; the hand
 * holds 7 cards with every name whole and every discard mark in sight; a tap
 * on a card (enemy table, own hand) opens it large and the next tap closes it.
 *
 * Effective size = computed font-size x the scale of every transform above the
 * text (the stage's scale(0.5) included). Texts marked `data-text-decor` are
 * decoration, not reading (docs/mobile.md says which and why).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  befriendIn,
  newArenaPlayer,
  playerId,
  sqliteSeeder,
  surrender,
  versusNames,
} from "./arena-support.ts";
import { startFirstBattle } from "./battle-support.ts";
import { keepScreenshot, playAsNewPlayer } from "./support.ts";
import { expectReadable, expectReadableWhole, settled } from "./text-size.ts";

/** The number on the turn badge ("Turn 3 / 60"). */
async function turnNumber(page: Page): Promise<number> {
  return Number((await page.getByTestId("turn-badge").textContent())?.match(/\d+/)?.[0] ?? 0);
}

async function myTurn(page: Page): Promise<void> {
  await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "play_card", {
    timeout: 60_000,
  });
  await expect(page.getByTestId("end-turn")).toBeEnabled({ timeout: 15_000 });
}

/** Every hand card's name plate shows the whole name, and no card covers another's. */
async function expectWholeHand(page: Page, count: number): Promise<void> {
  const cards = page.locator('[data-testid^="hand-card-"]');
  await expect(cards).toHaveCount(count);
  await settled(page);
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const cards = [...document.querySelectorAll<HTMLElement>('[data-testid^="hand-card-"]')];
    const boxes = cards.map((c) => c.getBoundingClientRect());
    cards.forEach((card, i) => {
      const plate = card.querySelector<HTMLElement>(".hand-card__name");
      const name = plate?.textContent ?? "";
      if (!plate || plate.getBoundingClientRect().width === 0) out.push(`${name}: no name plate`);
      else if (
        plate.scrollWidth > plate.clientWidth + 1 ||
        plate.scrollHeight > plate.clientHeight + 1
      )
        out.push(`${name}: name clipped`);
      const box = boxes[i];
      if (box && (box.left < 0 || box.right > innerWidth || box.bottom > innerHeight + 1))
        out.push(`${name}: off screen`);
      boxes.forEach((other, j) => {
        if (j === i || !box) return;
        const overlap = Math.min(box.right, other.right) - Math.max(box.left, other.left);
        if (overlap > 1 && Math.min(box.bottom, other.bottom) > Math.max(box.top, other.top))
          out.push(`${name} overlaps card ${j + 1}`);
      });
    });
    return out;
  });
  expect(problems).toEqual([]);
}

/** Each element's centre is on screen and it is the topmost thing there (nothing covers it). */
async function expectUncovered(page: Page, selector: string): Promise<void> {
  const covered = await page.evaluate((selector) => {
    return [...document.querySelectorAll(selector)].flatMap((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return [`${x},${y} off screen`];
      const top = document.elementFromPoint(x, y);
      return top && (el === top || el.contains(top)) ? [] : [`covered by ${top?.className}`];
    });
  }, selector);
  expect(covered).toEqual([]);
}

/**
 * Taps the card until it shows large: on a busy machine a tap can last past
 * the long press (420 ms), which shows the card only while held.
 */
async function tapOpen(page: Page, card: Locator): Promise<void> {
  const zoom = page.getByTestId("card-zoom");
  for (let attempt = 0; attempt < 4; attempt++) {
    // force: a card that plays nothing now (an enemy unit) is aria-disabled as
    // a play target, and Playwright waits forever for a disabled element to
    // become enabled; opening it large is exactly what such a tap must do.
    await card.tap({ force: true });
    const open = await zoom
      .waitFor({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (open) return;
    console.warn("the tap did not open the card, again");
  }
  await expect(zoom).toBeVisible();
}

for (const size of [
  { width: 740, height: 360 },
  { width: 844, height: 390 },
]) {
  test.describe(`the battle on a ${size.width}x${size.height} phone`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true });
    test.setTimeout(300_000);

    test("every text reads at 10 px or more, 7 cards fit the hand, a tap opens a card large", async ({
      page,
    }) => {
      await playAsNewPlayer(page);
      await startFirstBattle(page);
      await myTurn(page);
      await expectReadable(page, '[data-testid="battle-screen"]', "first turn");

      // End turns without playing until the hand holds 7 cards.
      const hand = page.locator('[data-testid^="hand-card-"]');
      let tappedHand = false;
      for (let turn = 0; turn < 6 && (await hand.count()) < 7; turn++) {
        // A hand card that plays nothing now (too dear), on the player's own settled
        // turn: a tap opens it large. (It was tapped in the enemy's turn, which the
        // journeys' 10% pace makes too short to hit; docs/testing.md.)
        const idle = page.locator('[data-testid^="hand-card-"][data-playable="false"]');
        if (!tappedHand && (await idle.count()) > 0) {
          await tapOpen(page, idle.first());
          await expectReadable(page, '[data-testid="card-zoom"]', "hand card shown large");
          if (size.width === 740) await keepScreenshot(page, "battle-phone-zoom");
          await page.getByTestId("card-zoom").tap();
          await expect(page.getByTestId("card-zoom")).toHaveCount(0);
          tappedHand = true;
        }
        const before = await turnNumber(page);
        await page.getByTestId("end-turn").tap();
        // The computer's turn passed and the next one is the player's.
        await expect.poll(() => turnNumber(page), { timeout: 60_000 }).toBeGreaterThan(before);
        await myTurn(page);
      }
      expect(tappedHand, "a hand card that plays nothing was tapped open").toBe(true);
      await expectWholeHand(page, 7);
      await expectReadable(page, '[data-testid="battle-screen"]', "7 cards in hand");
      if (size.width === 740) await keepScreenshot(page, "battle-phone");

      // An enemy unit: a tap opens it large, readable; a tap elsewhere closes it.
      const enemy = page.locator('[data-testid^="cpu-unit-"]').first();
      if (await enemy.count()) {
        await tapOpen(page, enemy);
        const zoom = page.getByTestId("card-zoom");
        await expectReadable(page, '[data-testid="card-zoom"]', "enemy unit shown large");
        await page.getByTestId("player-castle").tap();
        await expect(zoom).toHaveCount(0);
      }

      // Ending the turn with 7 cards asks for a discard: every card's mark is in sight.
      await page.getByTestId("end-turn").tap();
      await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "discard_card");
      await expect(page.locator(".hand-card__discard")).toHaveCount(7);
      await expectUncovered(page, ".hand-card__discard");
      await expectReadable(page, '[data-testid="battle-screen"]', "discard");
      await hand.last().tap();
      await expect(page.getByTestId("battle-screen")).not.toHaveAttribute(
        "data-phase",
        "discard_card",
        { timeout: 15_000 },
      );
    });
  });
}

/**
 * The arena on a 740x360 phone (issue 24 items 6 and 8): the season track
 * (its reward cards were 4 CSS px) with Claim all over several level-up
 * popups, a card reward tapped open large, then the versus screen and the
 * arena end panel of a bot game.
 */
test.describe("the arena on a 740x360 phone", () => {
  test.use({ viewport: { width: 740, height: 360 }, hasTouch: true, isMobile: true });
  test.setTimeout(240_000);

  test("the season track, Claim all, a reward card shown large, the versus screen and the end panel read at 10 px", async ({
    page,
  }) => {
    // 1300 season xp: levels 1-4 reached, four level-up popups queued.
    await newArenaPlayer(page, sqliteSeeder(process.env.E2E_DATA_DIR ?? ""), { season_xp: 1300 });
    const popup = page.getByTestId("reward-popup");
    await expect(popup).toBeVisible({ timeout: 15_000 });
    await expectReadable(page, '[data-testid="reward-popup"]', "reward popup with Claim all");
    await page.getByTestId("reward-popup-claim-all").tap();
    await expect(popup).toBeHidden({ timeout: 15_000 });

    const track = page.getByTestId("season-track");
    await track.scrollIntoViewIfNeeded();
    await expectReadable(page, '[data-testid="season-track"]', "season track");
    await keepScreenshot(page, "season-track-phone");
    // A card reward: a tap opens it large, readable.
    await page
      .getByRole("button", { name: /^Level \d+: open / })
      .first()
      .tap();
    const large = page.getByTestId("card-large-view");
    await expect(large).toBeVisible({ timeout: 15_000 });
    await expectReadable(page, '[data-testid="card-large-view"]', "season reward card shown large");
    await page.getByTestId("card-large-view-close").tap();
    await expect(large).toBeHidden();

    // A bot game (the test server's 8 s wait): the versus screen, then give up.
    await page.getByTestId("arena-queue").scrollIntoViewIfNeeded();
    await page.getByTestId("arena-queue").tap();
    await versusNames(page, { shot: "arena-versus-phone", readable: true });
    await surrender(page);
    const panel = page.getByTestId("end-game-panel");
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("end-game-reason")).toHaveText("You surrendered");
    await expectReadable(page, '[data-testid="end-game-panel"]', "arena end panel");
  });
});

/**
 * Friends on a 740x360 phone (issue 24): the friends panel with a friend (and
 * Challenge) and a request waiting for an answer, the challenge's setup, the
 * sender's waiting dialog and the incoming-challenge dialog: every text at
 * 10 CSS px or more, whole, none over another. (The watch screen and the
 * emote bar are checked the same way in spectate.journey.ts, on a live game.)
 */
test.describe("friends on a 740x360 phone", () => {
  const phone = { viewport: { width: 740, height: 360 }, hasTouch: true, isMobile: true };
  test.use(phone);
  test.setTimeout(240_000);

  test("the friends panel, a request, the challenge dialogs read whole at 10 px", async ({
    page: ann,
    browser,
    baseURL,
  }) => {
    const bobContext = await browser.newContext(phone);
    try {
      const bob = await bobContext.newPage();
      await playAsNewPlayer(ann);
      await playAsNewPlayer(bob);
      befriendIn(process.env.E2E_DATA_DIR ?? "")(await playerId(ann), await playerId(bob));
      // A third player asks Ann to be friends through the API (Ann's code, as her panel shows it).
      const code = await ann.evaluate(async () => {
        const r = await fetch("/api/friends", {
          headers: { Authorization: `Bearer ${localStorage.getItem("jwtToken")}` },
        });
        return ((await r.json()) as { data: { code: string } }).data.code;
      });
      const r = await fetch(`${baseURL}/api/play-new-player`, { method: "POST" });
      const cid = ((await r.json()) as { data: { jwtToken: string } }).data;
      const asked = await fetch(`${baseURL}/api/friends/request`, {
        method: "POST",
        headers: { Authorization: `Bearer ${cid.jwtToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ code }),
      });
      expect(asked.status).toBe(200);

      await ann.getByTestId("friends-button").tap();
      const panel = ann.getByTestId("friends-panel");
      await expect(panel.getByTestId("friend-row")).toHaveCount(1, { timeout: 15_000 });
      await expect(panel.getByTestId("friend-status")).toHaveText("Online", { timeout: 15_000 });
      await expect(panel.getByTestId("friend-request")).toHaveCount(1);
      await expectReadableWhole(ann, '[data-testid="friends-panel"]', "friends panel");
      await keepScreenshot(ann, "friends-phone");

      // Challenge: the setup (a deck slot), then Ann waits and Bob is asked.
      await panel.getByTestId("friend-challenge").tap();
      await expect(ann.getByTestId("challenge-setup")).toBeVisible();
      await expectReadableWhole(ann, '[data-testid="challenge-setup"]', "challenge setup");
      await ann.getByTestId("challenge-send").tap();
      await expect(ann.getByTestId("challenge-waiting")).toBeVisible({ timeout: 15_000 });
      await expectReadableWhole(ann, '[data-testid="challenge-waiting"]', "waiting dialog");
      const incoming = bob.getByTestId("challenge-incoming");
      await expect(incoming).toBeVisible({ timeout: 15_000 });
      await expectReadableWhole(bob, '[data-testid="challenge-incoming"]', "incoming challenge");
      await incoming.getByTestId("challenge-decline").tap();
      await expect(ann.getByTestId("challenge-waiting")).toBeHidden({ timeout: 15_000 });
    } finally {
      await bobContext.close();
    }
  });
});
