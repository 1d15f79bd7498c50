import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import {
  finishBySurrender,
  matchTwo,
  playerId,
  type SeedPlayer,
  sqliteSeeder,
} from "./arena-support.ts";
import {
  emotesBothWays,
  liveGame,
  recordReceived,
  secrets,
  watchedATurnBehind,
} from "./social-support.ts";
import { playAsNewPlayer } from "./support.ts";
import { expectReadable } from "./text-size.ts";

/**
 * Spectating and emotes in the browser (issue 24 items 4 and 5): two players
 * are matched; a friend of one opens the friends list's watch link
 * (/?watch=<game id>) in a third browser and watches the game a turn behind
 * while they play; the players see "1 watching", emote both ways, and the
 * server refuses an emote inside the 3 s gap. Every message the spectator's
 * page received (the watch answer and every channel frame) is checked for
 * hidden information: no hand's cards, no deck order, no seed or rng.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";
const seed: SeedPlayer = sqliteSeeder(dataDir);

/** Test-only: a friendship written straight into the server's database (both rows, as friends-repo does). */
function befriend(a: number, b: number): void {
  const db = new Database(resolve(dataDir, "cardrealm.sqlite"));
  try {
    const at = new Date().toISOString();
    const add = db.prepare(
      "insert into friendships (user_id, friend_id, created_at) values (?, ?, ?) on conflict do nothing",
    );
    add.run(a, b, at);
    add.run(b, a, at);
  } finally {
    db.close();
  }
}

test("a friend watches a PvP game a turn behind with nothing hidden; the players emote both ways", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { contexts, a, b } = await matchTwo(browser, seed);
  const watcherContext = await browser.newContext();
  contexts.push(watcherContext);
  try {
    const fan = await watcherContext.newPage();
    const received = recordReceived(fan);
    // The spectator signs up through the API (no map to load first) and is a friend of A.
    const r = await fetch(`${baseURL}/api/play-new-player`, { method: "POST" });
    const guest = ((await r.json()) as { data: { id: number; jwtToken: string } }).data;
    await fan.addInitScript((token) => {
      if (!localStorage.getItem("jwtToken")) localStorage.setItem("jwtToken", token);
    }, guest.jwtToken);
    befriend(guest.id, await playerId(a));
    const game = await liveGame(a);
    expect(game.id).toMatch(/^[0-9a-f-]{36}$/);

    // The friends list's Watch: the watch link opens the game.
    await fan.goto(`/?watch=${game.id}`);
    // A fresh page loads the realm first (slow on a loaded machine).
    await expect(fan.getByTestId("battle-screen")).toBeVisible({ timeout: 90_000 });
    await expect(a.getByTestId("watchers-count")).toHaveText("1 watching", { timeout: 15_000 });
    await expect(b.getByTestId("watchers-count")).toHaveText("1 watching");

    // Emotes both ways; the bar waits out the gap, and the server refuses one inside it.
    await emotesBothWays(a, b, game.id);

    // Turns go by: the spectator is shown the start of the turn before the live one.
    await watchedATurnBehind(a, b, fan);
    // On a phone (740x360): the watch screen and the emote bar read at 10 px or more.
    await fan.setViewportSize({ width: 740, height: 360 });
    await expectReadable(fan, '[data-testid="battle-screen"]', "watch screen on a phone");
    await a.setViewportSize({ width: 740, height: 360 });
    await a.getByTestId("emote-toggle").click();
    await expect(a.getByTestId("emote-thanks")).toBeVisible();
    await expectReadable(a, '[data-testid="emote-bar"]', "emote bar on a phone");
    await a.getByTestId("emote-toggle").click();

    // The end is shown at once.
    await finishBySurrender(a, b);
    await expect(fan.getByTestId("watch-turn")).toContainText(" won.", { timeout: 15_000 });

    // Nothing the spectator's page received held a hidden thing.
    expect(received.length).toBeGreaterThan(3);
    expect(secrets(received)).toEqual([]);
    await fan.getByTestId("watch-leave").click();
    await expect(fan.getByTestId("battle-screen")).toBeHidden({ timeout: 10_000 });
  } finally {
    for (const c of contexts) await c.close();
  }
});

test("a game one may not watch: a clear message, and Back", async ({ page }) => {
  await playAsNewPlayer(page);
  await page.goto("/?watch=00000000-0000-0000-0000-000000000000");
  await expect(page.getByTestId("watch-error")).toContainText("no game of a friend to watch", {
    timeout: 15_000,
  });
  await page.getByTestId("watch-error").getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("watch-error")).toBeHidden();
});
