import { expect, type Page, test } from "@playwright/test";
import {
  befriendIn,
  finishBySurrender,
  matchTwo,
  playerId,
  playRounds,
  type SeedPlayer,
  sqliteSeeder,
} from "./arena-support.ts";
import { keepScreenshot, playAsNewPlayer } from "./support.ts";
import { expectReadableWhole } from "./text-size.ts";

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
const befriend = befriendIn(dataDir);

/** Field names only secrets use, anywhere in what was received. */
function secrets(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secrets(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === "seed" || k === "rng" || (k === "deck" && Array.isArray(v))) out.push(`${path}.${k}`);
    if (k === "hand" && v !== null && typeof v === "object" && Object.keys(v).length > 0)
      out.push(`${path}.hand`);
    out.push(...secrets(v, `${path}.${k}`));
  }
  return out;
}

/** Everything the page receives from the server as JSON: channel frames and API answers. */
function recordReceived(page: Page): unknown[] {
  const got: unknown[] = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", ({ payload }) => {
      try {
        got.push(JSON.parse(String(payload)));
      } catch {
        got.push(String(payload));
      }
    });
  });
  page.on("response", async (r) => {
    if (!r.url().includes("/api/game/")) return;
    try {
      got.push(await r.json());
    } catch {
      // Not JSON (a static file): nothing of the game in it.
    }
  });
  return got;
}

/** The live game's id and turn, as the player's own page asks the server. */
async function liveGame(page: Page): Promise<{ id: string; turn: number }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem("jwtToken");
    const r = await fetch("/api/game/pvp/current", {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await r.json()) as { data: { game_data?: { game_id: string; turn: number } }[] };
    const g = body.data.find((m) => m.game_data)?.game_data;
    return { id: g?.game_id ?? "", turn: g?.turn ?? 0 };
  });
}

async function emoteCall(page: Page, gameId: string, emote: string): Promise<number> {
  return page.evaluate(
    async ([game_id, id]) => {
      const token = localStorage.getItem("jwtToken");
      const r = await fetch("/api/game/pvp/emote", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ game_id, emote: id }),
      });
      return r.status;
    },
    [gameId, emote] as const,
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

    // The friends list's Watch: the watch link opens the game.
    await fan.goto(`/?watch=${game.id}`);
    // A fresh page loads the realm first (slow on a loaded machine).
    await expect(fan.getByTestId("battle-screen")).toBeVisible({ timeout: 90_000 });
    // The spectator is a new player: the guide's first line waits until Leave
    // (it came over the board, and its shield held Leave's press for good).
    await expect(fan.getByTestId("watch-turn")).toBeVisible({ timeout: 15_000 });
    await expect(fan.getByTestId("tutorial-bubble")).toHaveCount(0);
    await expect(a.getByTestId("watchers-count")).toHaveText("1 watching", { timeout: 15_000 });
    await expect(b.getByTestId("watchers-count")).toHaveText("1 watching");

    // Emotes both ways; the bar waits out the gap, and the server refuses one inside it.
    await a.getByTestId("emote-toggle").click();
    await a.getByTestId("emote-greetings").click();
    await expect(b.getByTestId("emote-bubble-theirs")).toHaveText("Greetings!", {
      timeout: 10_000,
    });
    await expect(a.getByTestId("emote-bubble-mine")).toHaveText("Greetings!");
    expect(await emoteCall(a, game.id, "wow")).toBe(429);
    await b.getByTestId("emote-toggle").click();
    await b.getByTestId("emote-well_played").click();
    await expect(a.getByTestId("emote-bubble-theirs")).toHaveText("Well played.", {
      timeout: 10_000,
    });

    // Turns go by: the spectator is shown the start of the turn before the live one.
    await playRounds(a, b, 2);
    const live = await liveGame(a);
    expect(live.turn).toBeGreaterThanOrEqual(4);
    await expect(fan.getByTestId("watch-turn")).toHaveAttribute(
      "data-shown-turn",
      String(live.turn - 1),
      { timeout: 15_000 },
    );
    await expect(fan.getByTestId("battle-screen")).toHaveAttribute("data-mode", "watch");
    // Both hands as backs: no card of either hand on the spectator's board.
    await expect(fan.locator('[data-testid^="hand-card-"]')).toHaveCount(0);
    await expect(fan.getByTestId("watched-hand")).toBeVisible();
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

    // Nothing the spectator's page received held a hidden thing.
    expect(received.length).toBeGreaterThan(3);
    expect(secrets(received)).toEqual([]);
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
  await expect(page.getByTestId("watch-error")).toContainText("no game of a friend to watch", {
    timeout: 15_000,
  });
  await page.getByTestId("watch-error").getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("watch-error")).toBeHidden();
});
