/**
 * Deck challenges (issue 16): a new player (who has met the first opponent
 * of chapter 1) opens a deck link, chooses "Play this deck against a bot", picks the opponent,
 * plays the practice battle with the shared deck (and gives up), and the
 * end panel offers to import the deck (naming the missing cards) or play
 * again, with no reward shown.
 */
import { expect, test } from "@playwright/test";
import { giveUpPractice } from "./arena-support.ts";
import { waitForMyTurn } from "./battle-support.ts";
import {
  expectInsideViewport,
  FOREIGN_DECK_CODE,
  keepScreenshot,
  playAsNewPlayer,
} from "./support.ts";

test("a deck link is played against a bot; the end panel offers import and play again", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A new player has met the first opponent of chapter 1 (docs/decisions.md, "Met" opponents).
  await playAsNewPlayer(page);
  await page.goto(`/?deck=${FOREIGN_DECK_CODE}`);
  const offer = page.getByTestId("shared-deck-offer");
  await expect(offer).toBeVisible({ timeout: 25_000 });
  await offer.getByTestId("shared-deck-challenge").click();
  const foe = offer.getByTestId("challenge-foe-6");
  await expect(foe).toBeVisible();
  await keepScreenshot(page, "deck-challenge");
  // The practice battle on the normal battle screen, with the shared deck.
  const panel = await giveUpPractice(page, foe);
  await expect(panel.getByTestId("end-game-reward")).toHaveCount(0);
  await expect(panel.getByTestId("practice-actions")).toContainText("no gems");
  await expect(panel.getByTestId("end-game-replay")).toBeVisible();

  // Import: into slot 2; the missing cards are named, the short deck said.
  await panel.getByTestId("practice-import").click();
  await panel.getByTestId("practice-slot-2").click();
  await panel.getByTestId("practice-import-confirm").click();
  await expect(panel.getByTestId("deck-import-missing")).toBeVisible();
  // Nothing of the panel leaves the screen, the import's answer included.
  await expectInsideViewport(page, [
    "end-game-panel",
    "deck-import-missing",
    "short-deck-notice",
    "practice-again",
    "end-game-replay",
    "end-game-ok",
  ]);
  await keepScreenshot(page, "deck-challenge-end");

  // Play again: a new practice battle on the same screen.
  await panel.getByTestId("practice-again").click();
  await expect(page.getByTestId("end-game-panel")).toHaveCount(0, { timeout: 20_000 });
  expect(await waitForMyTurn(page)).toBe("mine");
  await expect(page.getByTestId("turn-badge")).toContainText("1");
});
