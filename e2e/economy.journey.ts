import { expect, type Page, test } from "@playwright/test";
import { startFirstBattle } from "./battle-support.ts";
import {
  expectInsideViewport,
  expectMap,
  keepScreenshot,
  playAsNewPlayer,
  skipTutorial,
} from "./support.ts";

const gems = async (scope: Page | ReturnType<Page["frameLocator"]>) =>
  Number(((await scope.getByTestId("gem-balance").textContent()) ?? "").replace(/\D/g, ""));

async function details(page: Page) {
  return page.evaluate(async () => {
    const r = await fetch("/api/player-details", {
      headers: { authorization: `Bearer ${localStorage.getItem("jwtToken")}` },
    });
    return (await r.json()).data as {
      silver: number;
      premium: boolean;
      library: { total_amount: number };
      deck: { sequence_number: number; total_amount: number };
    };
  });
}

test.describe("collection and economy", () => {
  test("opening a Default box adds six cards; too few gems says 'Not enough gems!' and charges nothing", async ({
    page,
  }) => {
    await playAsNewPlayer(page);
    const before = await details(page);
    await page.getByTestId("nav-offers").click();
    await expect(page.getByText("Offers").first()).toBeVisible();
    await expect(page.getByTestId("offers-odds-4")).toBeVisible();
    // The Chance column is each given card's real chance from the box's pool, as the server has it.
    const boxes = await page.evaluate(async () => {
      const r = await fetch("/api/boxes", {
        headers: { authorization: `Bearer ${localStorage.getItem("jwtToken")}` },
      });
      return (await r.json()).data as { id: number; pool: Record<string, number> }[];
    });
    const rares = boxes.find((b) => b.id === 4)?.pool.rare ?? 0;
    expect(rares).toBeGreaterThan(6);
    await expect(page.getByTestId("offers-odds-4-head")).toHaveText("Per card");
    await expect(page.getByTestId("offers-odds-4-rare")).toHaveText(
      `${(100 / rares >= 10 ? Math.round(100 / rares) : (100 / rares).toFixed(1)).toString()}%`,
    );
    await keepScreenshot(page, "offers");
    await page.getByTestId("offers-open-4").click();
    await expect(page.getByTestId("box-view")).toBeVisible();
    for (const slot of ["rare", "un_1", "un_2", "com_1", "com_2", "com_3"]) {
      await expect(page.getByTestId(`box-card-${slot}`)).toBeVisible({ timeout: 10_000 });
    }
    await keepScreenshot(page, "box-view");
    const after = await details(page);
    expect(after.library.total_amount).toBeGreaterThan(before.library.total_amount);
    expect(after.library.total_amount).toBeLessThanOrEqual(before.library.total_amount + 6);
    expect(after.silver).toBeLessThan(before.silver);
    await page.getByTestId("box-view-close").click();

    // ~500 gems left: the Vampire box (850) is out of reach.
    const left = after.silver;
    await page.getByTestId("offers-open-5").click();
    await expect(page.getByTestId("system-dialog")).toContainText("Not enough gems!");
    await page.getByTestId("system-dialog-ok").click();
    expect((await details(page)).silver).toBe(left);
  });

  test("the season pass: refused when short, then bought with gems from the partner simulator", async ({
    page,
  }) => {
    await page.goto("/partner/?partner_id=e2e-buyer-1&nickname=Buyer");
    const game = page.frameLocator("[data-testid=partner-frame]");
    await game.getByTestId("login-play").click();
    await expect(game.getByTestId("screen-home")).toBeVisible({ timeout: 25_000 });
    await skipTutorial(game);
    await expect(game.getByTestId("gem-balance")).toHaveText(/1[\s,.]?000/);

    // Buy the biggest gem box; the platform sends its signed notice twice at once.
    await game.getByTestId("nav-offers").click();
    await game.getByTestId("offers-gem-shop").click();
    await expect(game.getByTestId("gem-shop-best-offer")).toBeVisible();
    await game.getByTestId("gem-shop-box-3").click();
    await expect(page.getByTestId("partner-checkout")).toBeVisible({ timeout: 15_000 });
    await keepScreenshot(page, "partner-checkout");
    await page.getByTestId("partner-pay-twice").click();
    await expect(game.getByTestId("gem-balance")).toHaveText(/11[\s,.]?000/, { timeout: 15_000 });
    await expect(page.getByTestId("partner-log")).toContainText("notice sent 2x");
    // The second notice for the same payment credited nothing more.
    expect(await gems(game)).toBe(11000);

    await game.getByTestId("back-to-map").first().click();
    await game.getByTestId("nav-offers").click();
    await game.getByTestId("season-pass-buy").click();
    // The 7,500-gem pass asks first: Cancel buys nothing, Activate buys.
    await expect(game.getByTestId("season-pass-confirm")).toContainText("7,500 gems");
    await game.getByTestId("season-pass-confirm-cancel").click();
    await expect(game.getByTestId("season-pass-confirm")).toHaveCount(0);
    await expect(game.getByTestId("gem-balance")).toHaveText(/11[\s,.]?000/);
    await game.getByTestId("season-pass-buy").click();
    await expect(game.getByTestId("season-pass-confirm")).toBeVisible();
    await keepScreenshot(page, "season-pass-confirm");
    await game.getByTestId("season-pass-confirm-confirm").click();
    await expect(game.getByTestId("system-dialog")).toContainText("Season pass activated!");
    await game.getByTestId("system-dialog-ok").click();
    await expect(game.getByTestId("gem-balance")).toHaveText(/3[\s,.]?500/);
    await expect(game.getByTestId("season-pass-buy")).toHaveCount(0);
  });

  test("a deck of 40 built in slot 2, made the battle deck, starts a battle", async ({ page }) => {
    await playAsNewPlayer(page);
    await page.getByTestId("nav-deck").click();
    await page.getByTestId("deck-slot-2").click();
    await expect(page.getByTestId("deck-total")).toContainText("0");
    // An empty slot opens for building; the battle deck stays slot 1 (issue 26).
    expect((await details(page)).deck.sequence_number).toBe(1);
    await page.getByTestId("deck-complete").click();
    await expect(page.getByTestId("deck-total")).toContainText("40");
    expect((await details(page)).deck.sequence_number).toBe(1);
    await keepScreenshot(page, "deck-editor");
    await expectInsideViewport(page, ["deck-library", "deck-list", "deck-slot-3"]);
    // Full, it may become the battle deck.
    await page.getByTestId("deck-battle-with").click();
    await expect(page.getByTestId("deck-slot-2")).toHaveAttribute("aria-label", /battle deck/);
    const me = await details(page);
    expect(me.deck.sequence_number).toBe(2);
    expect(me.deck.total_amount).toBe(40);
    await page.getByTestId("back-to-map").first().click();
    await expectMap(page);
    await startFirstBattle(page);
    // The battle deck is slot 2's forty cards: 5 in hand, 35 left to draw.
    await expect(page.getByTestId("player-deck-count")).toContainText("35");
  });
});
