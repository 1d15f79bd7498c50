/**
 * The map and the boss window at 1280x720 and on a 740x360 phone (issue 26):
 * every chapter's name and requirement label, and the sea serpent painted in
 * the map's art, lie off every chapter's stars; every chapter name, boss
 * window title and opponent name, and the boss's name on the battle board,
 * shows whole (its box holds its text: no ellipsis, no clipped line).
 */
import { resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { SEA_SERPENT } from "../apps/client/src/features/map/map-layout.ts";
import { playerId, surrender } from "./arena-support.ts";
import { passStory } from "./battle-support.ts";
import { expectMap, keepScreenshot, playAsNewPlayer } from "./support.ts";
import { settled } from "./text-size.ts";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Test-only: the player's level written into the journey server's SQLite file. */
function seedLevel(userId: number, level: number): void {
  const db = new Database(resolve(process.env.E2E_DATA_DIR ?? "", "cardrealm.sqlite"));
  try {
    db.prepare("update users set level = ? where id = ?").run(level, userId);
  } finally {
    db.close();
  }
}

function overlap(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

/** Boxes of what matches `selector`, each named by its chapter. */
async function boxesOf(page: Page, selector: string): Promise<{ name: string; box: Box }[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const chapter = el.closest("[data-testid^=chapter-]")?.getAttribute("data-testid") ?? "";
      return {
        name: `${chapter} ${el.className}`,
        box: { x: r.x, y: r.y, width: r.width, height: r.height },
      };
    }),
  );
}

/**
 * The texts under `selector` whose box does not hold them: wider than their
 * box, or taller where the box clips (a line clamp, hidden overflow).
 */
async function clipped(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => {
        const clips = getComputedStyle(el).overflowY !== "visible";
        return el.scrollWidth > el.clientWidth || (clips && el.scrollHeight > el.clientHeight + 1);
      })
      .map(
        (el) =>
          `${el.textContent}: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
      ),
  );
}

/** The serpent's box on the screen, from the board's box and the art's spot. */
async function serpentBox(page: Page): Promise<Box> {
  const board = await page.locator(".map-board").boundingBox();
  if (!board) throw new Error("no map board");
  const w = (SEA_SERPENT.size / 1600) * board.width;
  const h = (SEA_SERPENT.size / 900) * board.height;
  return {
    x: board.x + (SEA_SERPENT.x / 100) * board.width - w / 2,
    y: board.y + (SEA_SERPENT.y / 100) * board.height - h / 2,
    width: w,
    height: h,
  };
}

async function mapProblems(page: Page): Promise<string[]> {
  const stars = await boxesOf(page, ".chapter-icon__stars");
  const labels = await boxesOf(
    page,
    ".chapter-icon__name, .chapter-icon__required, .chapter-icon__ribbon, .chapter-icon__medallion",
  );
  const serpent = await serpentBox(page);
  const problems: string[] = [];
  for (const s of stars) {
    for (const l of labels) if (overlap(s.box, l.box)) problems.push(`${l.name} covers ${s.name}`);
    if (overlap(s.box, serpent)) problems.push(`the sea serpent covers ${s.name}`);
  }
  for (const l of labels)
    if (!l.name.includes("medallion") && overlap(l.box, serpent))
      problems.push(`the sea serpent lies under ${l.name}`);
  problems.push(...(await clipped(page, ".chapter-icon__name")));
  return problems;
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 740, height: 360 },
]) {
  test.describe(`the map at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });
    test.setTimeout(300_000);

    test("labels and the sea serpent stay off the stars; boss names show whole", async ({
      page,
    }) => {
      await playAsNewPlayer(page);
      // A new player's map: the locked chapters' "Required chapter N" labels too.
      await settled(page);
      expect.soft(await mapProblems(page), "level 1").toEqual([]);
      // Every chapter open, so each shows its name and the boss window its opponents.
      seedLevel(await playerId(page), 9);
      await page.reload();
      // The reload loads the whole client again: slow on a busy 2-core machine.
      await expect(page.getByTestId("screen-home")).toBeVisible({ timeout: 60_000 });
      await expectMap(page);
      await settled(page);
      const phone = size.width === 740 ? "-phone" : "";
      await keepScreenshot(page, `map-names${phone}`);
      expect.soft(await mapProblems(page), "level 9").toEqual([]);

      const chapters = await page
        .locator(".chapter-icon:not(.chapter-icon--promo)")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-testid") ?? ""));
      expect(chapters.length).toBeGreaterThanOrEqual(8);
      const cut: string[] = [];
      for (const chapter of chapters) {
        await page.getByTestId(chapter).click();
        await expect(page.getByRole("list", { name: "Opponents" })).toBeVisible();
        await settled(page);
        cut.push(...(await clipped(page, ".boss-window__title, .boss-card__name")));
        await page.getByTestId("boss-window-close").click();
        await expect(page.getByTestId("boss-window")).toBeHidden();
      }
      expect.soft(cut).toEqual([]);

      // The battle board's castle names its boss whole: the longest first foe's name.
      await page.getByTestId("chapter-vampires").click();
      await page.getByTestId("fight-28").click();
      await passStory(page);
      await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("cpu-name")).toHaveText("Nocturne, the Blood Herald");
      await settled(page);
      await keepScreenshot(page, `boss-name-battle${phone}`);
      expect(await clipped(page, '[data-testid="cpu-name"], [data-testid="player-name"]')).toEqual(
        [],
      );
      // ...and its second line still fits the castle's panel.
      const castle = await page
        .getByTestId("cpu-castle")
        .evaluate((el) => ({ content: el.scrollHeight, box: el.clientHeight }));
      expect(castle.content).toBeLessThanOrEqual(castle.box);
      await surrender(page);
      await expect(page.getByTestId("end-game-panel")).toBeVisible({ timeout: 20_000 });
    });
  });
}
