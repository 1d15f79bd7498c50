import { expect, test } from "@playwright/test";
import {
  befriendIn,
  finishBySurrender,
  gameSecretsIn,
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
import { keepScreenshot, playAsNewPlayer } from "./support.ts";
import { expectReadableWhole } from "./text-size.ts";

/**
 * Spectating and emotes in the browser (issue 24 items 4 and 5): two players
 * are matched; a friend of one opens the friends list's watch link
 * (/?watch=<game id>) in a third browser while turn 1 runs, is told the board
 * comes when that turn is over, and then watches the game a full turn behind
 * while they play; the players see "1 watching", emote both ways, and the
 * server refuses an emote inside the 3 s gap. Everything the spectator's page
 * received (every API answer and channel frame) is checked for hidden
 * information: no hand's cards, no deck order, no seed or rng, by name and by
 * the game's own seed and deck order read from the database at the end.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";
const seed: SeedPlayer = sqliteSeeder(dataDir);
const befriend = befriendIn(dataDir);
const gameSecrets = gameSecretsIn(dataDir);

/** What the checks below read of a view the spectator was sent (watch answer or `spectate`). */
interface ShownView {
  shown_turn: number;
  messages: { player?: { hand?: object }; counters?: { player?: { hand_count?: number } } }[];
}

/** The watch answers and channel views among what the spectator's page received. */
function viewsIn(received: unknown[]): ShownView[] {
  return received.flatMap((r) => {
    const d = (r as { data?: { type?: string; view?: ShownView; shown_turn?: number } }).data;
    if (d?.type === "spectate" && d.view) return [d.view];
    if (typeof d?.shown_turn === "number") return [d as ShownView];
    return [];
  });
}

/** Each shown snapshot's bottom hand: the cards sent in it (null: no hand field) and the count held. */
function shownHands(views: ShownView[]): { sent: number | null; held: number }[] {
  return views.flatMap((v) =>
    v.messages.map((m) => ({
      sent: m.player?.hand ? Object.keys(m.player.hand).length : null,
      held: m.counters?.player?.hand_count ?? 0,
    })),
  );
}

test("a friend watches a PvP game a turn behind with nothing hidden; the players emote both ways", async ({
  browser,
  baseURL,
}) => {
  // Three browsers and two signed-up players: 2.7 min on a quiet machine, 4.4
  // beside another two-browser journey on two busy cores; a backstop only.
  test.setTimeout(420_000);
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

    // The friends list's Watch: the watch link opens the game. Nobody has
    // played yet, so turn 1 runs (50 s unless a player ends it): a turn
    // behind there is nothing to show, and the screen says when there will be.
    await fan.goto(`/?watch=${game.id}`);
    // A fresh page loads the realm first (slow on a loaded machine).
    await expect(fan.getByTestId("battle-screen")).toBeVisible({ timeout: 90_000 });
    await expect.poll(() => viewsIn(received).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [opened] = viewsIn(received);
    if (opened?.shown_turn === 0) {
      await expect(fan.getByTestId("watch-loading")).toContainText(
        "the board appears when the first turn is over",
      );
    }
    // The spectator is a new player: the guide stays away while it watches.
    await expect(fan.getByTestId("tutorial-bubble")).toHaveCount(0);
    await expect(a.getByTestId("watchers-count")).toHaveText("1 watching", { timeout: 15_000 });
    await expect(b.getByTestId("watchers-count")).toHaveText("1 watching");

    // Emotes both ways; the bar waits out the gap, and the server refuses one inside it.
    await emotesBothWays(a, b, game.id);

    // Turns go by: the spectator is shown the start of the turn before the
    // live one, in watch mode, both hands as backs.
    await watchedATurnBehind(a, b, fan);
    await expect(fan.getByTestId("watch-turn")).toContainText("you watch a turn behind");
    await expect(fan.getByTestId("watched-hand")).toHaveAttribute(
      "aria-label",
      /^[1-9]\d* cards in hand$/,
    );
    // The spectator's screen for docs/screens (spectate-watch.png) at 768x432,
    // a small 16:9 window: about 330 KB (1280x720 was 815 KB; a 16:9 window
    // above the 480 px phone rules, 864x486, 395-411 KB).
    await fan.setViewportSize({ width: 768, height: 432 });
    // Here the 1280x720 frame is the whole window (at 740x360 the stage is
    // wider than the frame): the watch bar with two long names must fit it.
    await expectReadableWhole(fan, '[data-testid="watch-bar"]', "watch bar at 768x432");
    await keepScreenshot(fan, "spectate-watch");
    // On a phone (740x360): the watch screen and the emote bar read at 10 px or more.
    await fan.setViewportSize({ width: 740, height: 360 });
    await expectReadableWhole(fan, '[data-testid="battle-screen"]', "watch screen on a phone");
    await keepScreenshot(fan, "watch-phone");
    await a.setViewportSize({ width: 740, height: 360 });
    await a.getByTestId("emote-toggle").click();
    await expect(a.getByTestId("emote-thanks")).toBeVisible();
    await expectReadableWhole(a, '[data-testid="emote-bar"]', "emote bar on a phone");
    await a.getByTestId("emote-toggle").click();

    // The end is shown at once.
    await finishBySurrender(a, b);
    await expect(fan.getByTestId("watch-turn")).toContainText(" won.", { timeout: 15_000 });

    // Nothing the spectator's page received held a hidden thing. The views it
    // was shown carry the bottom side's hand emptied while that side held
    // cards, so the check below had hands to look into.
    const views = viewsIn(received);
    expect(views.filter((v) => v.shown_turn > 0).length).toBeGreaterThanOrEqual(2);
    const hands = shownHands(views);
    expect(hands.map((h) => h.sent)).toEqual(hands.map(() => 0));
    expect(hands.length).toBeGreaterThanOrEqual(2);
    expect(hands.some((h) => h.held > 0)).toBe(true);
    const hidden = gameSecrets(game.id);
    expect(hidden.decks.map((d) => d.length >= 5)).toEqual([true, true]);
    expect(secrets(received, hidden)).toEqual([]);
    await fan.getByTestId("watch-leave").click();
    await expect(fan.getByTestId("battle-screen")).toBeHidden({ timeout: 10_000 });
    await expect(fan.getByTestId("tutorial-bubble")).toBeVisible({ timeout: 10_000 });
  } finally {
    for (const c of contexts) await c.close();
  }
});

test("a game one may not watch: a clear message, and Back", async ({ page }) => {
  await playAsNewPlayer(page);
  await page.goto("/?watch=00000000-0000-0000-0000-000000000000");
  // A fresh page loads the realm, then the watch link's own script, then asks
  // the server: past 15 s at CI's load of 28 (the map was up, the link's
  // screen not yet), as for the watched game above.
  await expect(page.getByTestId("watch-error")).toContainText("no game of a friend to watch", {
    timeout: 90_000,
  });
  await page.getByTestId("watch-error").getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("watch-error")).toBeHidden();
});
