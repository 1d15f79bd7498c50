import { type Browser, expect, type Page, test } from "@playwright/test";
import { surrender, waitForTurn } from "./arena-support.ts";
import { expectMap, playAsNewPlayer } from "./support.ts";

/**
 * Friends in two real browsers (issue 24): Bob opens Ann's friend link signed
 * out and plays as a new guest; Ann accepts; Ann challenges Bob from the
 * friends list, Bob accepts with a deck slot and the friendly game is
 * played to its end; both press Rematch and a second game starts; then Ann
 * blocks Bob, and Bob's request and Ann's challenge link go nowhere.
 */

async function newPlayer(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await playAsNewPlayer(page);
  return page;
}

async function openFriends(page: Page) {
  await page.getByTestId("friends-button").click();
  const panel = page.getByTestId("friends-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("friend-code")).toHaveText(/^[A-Z2-7]{16}$/);
  return panel;
}

/** Both see the end panel of their friendly game (no gems: its Rematch instead). */
async function playToEnd(loser: Page, winner: Page) {
  await waitForTurn(loser);
  await surrender(loser);
  for (const p of [loser, winner]) {
    await expect(p.getByTestId("end-game-panel")).toBeVisible({ timeout: 20_000 });
    await expect(p.getByTestId("rematch-button")).toBeVisible();
    await expect(p.getByTestId("end-game-reward")).toHaveCount(0);
  }
}

test("add a friend by link, a challenge played to the end, a rematch, a blocked player refused", async ({
  browser,
}) => {
  // Two friendly games between two browsers and three sign-ins: longer than the default budget.
  test.setTimeout(300_000);
  const ann = await newPlayer(browser);
  const panel = await openFriends(ann);
  const link = (await panel.getByTestId("friend-link-copy").getAttribute("data-link")) ?? "";
  expect(link).toMatch(/\/\?friend=[A-Z2-7]{16}$/);

  // Bob opens the link signed out: the login says why; a new guest sends the request.
  const bob = await (await browser.newContext()).newPage();
  await bob.goto(new URL(link).pathname + new URL(link).search);
  await expect(bob.getByTestId("login-friend-link")).toBeVisible();
  await bob.getByTestId("login-new-player").click();
  const notice = bob.getByTestId("friends-notice");
  await expect(notice).toContainText("Friend request sent to", { timeout: 25_000 });
  await expectMap(bob);
  // The request waits in Bob's panel for an answer.
  await expect(await openFriends(bob)).toContainText("Waiting for:");
  await bob.getByTestId("friends-close").click();

  // Ann's open panel hears it and accepts.
  await panel.getByTestId("friend-accept").click();
  const row = panel.getByTestId("friend-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("friend-status")).toHaveText("Online");

  // The challenge: Ann picks a deck and sends; Bob sees the countdown and accepts.
  await row.getByTestId("friend-challenge").click();
  await ann.getByTestId("challenge-send").click();
  await expect(ann.getByTestId("challenge-waiting")).toBeVisible();
  const incoming = bob.getByTestId("challenge-incoming");
  await expect(incoming).toBeVisible({ timeout: 15_000 });
  await expect(incoming.getByTestId("challenge-countdown")).toContainText(/\d+ s/);
  await incoming.getByTestId("challenge-accept").click();
  for (const p of [ann, bob]) {
    await expect(p.getByTestId("battle-screen")).toBeVisible({ timeout: 30_000 });
    await expect(p.getByTestId("battle-screen")).toHaveAttribute("data-phase", /.+/, {
      timeout: 15_000,
    });
  }
  await playToEnd(bob, ann);

  // Rematch: Ann presses and waits; Bob is told and presses: one new game for both.
  await ann.getByTestId("rematch-button").click();
  await expect(ann.getByTestId("rematch-button")).toContainText("Waiting");
  await expect(bob.getByTestId("rematch-asked")).toBeVisible({ timeout: 15_000 });
  await bob.getByTestId("rematch-button").click();
  for (const p of [ann, bob]) {
    await expect(p.getByTestId("end-game-panel")).toBeHidden({ timeout: 20_000 });
    await expect(p.getByTestId("battle-screen")).toHaveAttribute("data-phase", /.+/, {
      timeout: 15_000,
    });
  }
  await playToEnd(ann, bob);
  for (const p of [ann, bob]) {
    await p.getByTestId("end-game-ok").click();
    await expect(p.getByTestId("screen-home")).toBeVisible({ timeout: 15_000 });
  }

  // Ann blocks Bob; Bob's list simply loses her; his new request reaches nobody.
  const again = await openFriends(ann);
  await again.getByTestId("friend-block").click();
  await expect(again.getByTestId("friend-row")).toHaveCount(0);
  await bob.goto(new URL(link).pathname + new URL(link).search);
  await expect(bob.getByTestId("friends-notice")).toContainText("Friend request sent to", {
    timeout: 25_000,
  });
  await ann.reload();
  await expectMap(ann);
  const after = await openFriends(ann);
  await expect(after.getByTestId("friend-request")).toHaveCount(0);
  // Ann's challenge link: Bob is refused as if it were gone.
  await after.getByTestId("challenge-link").click();
  const challengeLink = (await ann.getByTestId("challenge-link-text").textContent()) ?? "";
  expect(challengeLink).toMatch(/\/\?challenge=/);
  await bob.goto(new URL(challengeLink).pathname + new URL(challengeLink).search);
  await expect(bob.getByTestId("friends-notice")).toContainText(
    "This challenge has expired or was withdrawn.",
    { timeout: 25_000 },
  );
  await expect(bob.getByTestId("challenge-incoming")).toHaveCount(0);
});
