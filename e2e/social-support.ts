import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { playRounds, surrender, waitForTurn, whoMoves } from "./arena-support.ts";
import { expectMap, playAsNewPlayer } from "./support.ts";

/**
 * The friends, spectating and emote steps (issue 24) that the two-browser
 * journeys (friends.journey.ts, spectate.journey.ts) and the cluster's
 * (cluster-social.journey.ts) share. `baseURL` is nginx's in the cluster.
 */

/** A new guest in a browser context of its own, on the map. */
export async function newPlayer(browser: Browser, baseURL?: string): Promise<Page> {
  const page = await (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
  await playAsNewPlayer(page);
  return page;
}

/** Opens the friends panel (the own friend code shown). */
export async function openFriends(page: Page): Promise<Locator> {
  await page.getByTestId("friends-button").click();
  const panel = page.getByTestId("friends-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("friend-code")).toHaveText(/^[A-Z2-7]{16}$/);
  return panel;
}

/** The friend link in an open friends panel. */
export async function friendLink(panel: Locator): Promise<string> {
  const link = (await panel.getByTestId("friend-link-copy").getAttribute("data-link")) ?? "";
  expect(link).toMatch(/\/\?friend=[A-Z2-7]{16}$/);
  return link;
}

/** Opens an absolute link of the game (a friend or challenge link) on this page's own server. */
export async function openLink(page: Page, link: string): Promise<void> {
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
}

/**
 * A signed-out browser opens `owner`'s friend link: the login says why; a new
 * guest sends the request, which waits in its panel; the owner's open
 * `panel` hears it and accepts. Returns the new friend's page (on the map).
 */
export async function befriendByLink(
  browser: Browser,
  panel: Locator,
  link: string,
  baseURL?: string,
): Promise<Page> {
  const friend = await (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
  await openLink(friend, link);
  await expect(friend.getByTestId("login-friend-link")).toBeVisible();
  await friend.getByTestId("login-new-player").click();
  await expect(friend.getByTestId("friends-notice")).toContainText("Friend request sent to", {
    timeout: 25_000,
  });
  await expectMap(friend);
  await expect(await openFriends(friend)).toContainText("Waiting for:");
  await friend.getByTestId("friends-close").click();
  const rows = await panel.getByTestId("friend-row").count();
  await panel.getByTestId("friend-accept").click();
  await expect(panel.getByTestId("friend-row")).toHaveCount(rows + 1);
  return friend;
}

/**
 * From the challenger's open friends panel, the friend's row (the
 * `index`-th) challenges with a deck; the friend sees the countdown and
 * accepts: both are in the battle.
 */
export async function challengeAccepted(
  challenger: Page,
  panel: Locator,
  friend: Page,
  index = 0,
): Promise<void> {
  const row = panel.getByTestId("friend-row").nth(index);
  await expect(row.getByTestId("friend-status")).toHaveText("Online");
  await row.getByTestId("friend-challenge").click();
  await challenger.getByTestId("challenge-send").click();
  await expect(challenger.getByTestId("challenge-waiting")).toBeVisible();
  const incoming = friend.getByTestId("challenge-incoming");
  await expect(incoming).toBeVisible({ timeout: 15_000 });
  await expect(incoming.getByTestId("challenge-countdown")).toContainText(/\d+ s/);
  await incoming.getByTestId("challenge-accept").click();
  for (const p of [challenger, friend]) {
    await expect(p.getByTestId("battle-screen")).toBeVisible({ timeout: 30_000 });
    await expect(p.getByTestId("battle-screen")).toHaveAttribute("data-phase", /.+/, {
      timeout: 15_000,
    });
  }
}

/** Both see the end panel of their friendly game (no gems: its Rematch instead). */
export async function playToEnd(loser: Page, winner: Page): Promise<void> {
  await waitForTurn(loser);
  await surrender(loser);
  for (const p of [loser, winner]) {
    await expect(p.getByTestId("end-game-panel")).toBeVisible({ timeout: 20_000 });
    await expect(p.getByTestId("rematch-button")).toBeVisible();
    await expect(p.getByTestId("end-game-reward")).toHaveCount(0);
  }
}

/** Rematch: `asker` presses and waits; `other` is told and presses: one new game for both. */
export async function rematch(asker: Page, other: Page): Promise<void> {
  await asker.getByTestId("rematch-button").click();
  await expect(asker.getByTestId("rematch-button")).toContainText("Waiting");
  await expect(other.getByTestId("rematch-asked")).toBeVisible({ timeout: 15_000 });
  await other.getByTestId("rematch-button").click();
  for (const p of [asker, other]) {
    await expect(p.getByTestId("end-game-panel")).toBeHidden({ timeout: 20_000 });
    await expect(p.getByTestId("battle-screen")).toHaveAttribute("data-phase", /.+/, {
      timeout: 15_000,
    });
  }
}

/** The end panel's OK on each page: back to the map. */
export async function backToMap(...pages: Page[]): Promise<void> {
  for (const p of pages) {
    await p.getByTestId("end-game-ok").click();
    await expect(p.getByTestId("screen-home")).toBeVisible({ timeout: 15_000 });
  }
}

/**
 * `a` and `b` play two turns each; the spectator `fan` is shown the start of
 * the turn before the live one, in watch mode, both hands as backs (no card
 * of either hand on its board).
 */
export async function watchedATurnBehind(a: Page, b: Page, fan: Page): Promise<void> {
  await freshTurn(a, b);
  await playRounds(a, b, 2);
  const live = await liveGame(a);
  expect(live.turn).toBeGreaterThanOrEqual(4);
  await expect(fan.getByTestId("watch-turn")).toHaveAttribute(
    "data-shown-turn",
    String(live.turn - 1),
    { timeout: 15_000 },
  );
  await expect(fan.getByTestId("battle-screen")).toHaveAttribute("data-mode", "watch");
  await expect(fan.locator('[data-testid^="hand-card-"]')).toHaveCount(0);
  await expect(fan.getByTestId("watched-hand")).toBeVisible();
}

/**
 * `blocker` (on the map) blocks its first friend, `blocked`: `blocked`'s new
 * request through `link` (the blocker's friend link) reaches nobody, and the
 * blocker's challenge link is refused as if it were gone.
 */
export async function blockAndRefuse(blocker: Page, blocked: Page, link: string): Promise<void> {
  const panel = await openFriends(blocker);
  const rows = await panel.getByTestId("friend-row").count();
  await panel.getByTestId("friend-block").first().click();
  await expect(panel.getByTestId("friend-row")).toHaveCount(rows - 1);
  await openLink(blocked, link);
  await expect(blocked.getByTestId("friends-notice")).toContainText("Friend request sent to", {
    timeout: 25_000,
  });
  await blocker.reload();
  await expectMap(blocker);
  const after = await openFriends(blocker);
  await expect(after.getByTestId("friend-request")).toHaveCount(0);
  await after.getByTestId("challenge-link").click();
  const challengeLink = (await blocker.getByTestId("challenge-link-text").textContent()) ?? "";
  expect(challengeLink).toMatch(/\/\?challenge=/);
  await openLink(blocked, challengeLink);
  await expect(blocked.getByTestId("friends-notice")).toContainText(
    "This challenge has expired or was withdrawn.",
    { timeout: 25_000 },
  );
  await expect(blocked.getByTestId("challenge-incoming")).toHaveCount(0);
}

/** A game's own secrets, read from the server's database (arena-support.ts gameSecretsIn). */
export interface GameSecrets {
  seed: number;
  /** Each side's deck order as the game ended (a deck shrinks from its end: any earlier order holds it). */
  decks: number[][];
}

/** Whether `run` appears in `list` as consecutive entries. */
function holdsRun(list: readonly unknown[], run: readonly number[]): boolean {
  for (let i = 0; i + run.length <= list.length; i++) {
    if (run.every((v, j) => list[i + j] === v)) return true;
  }
  return false;
}

/**
 * Where hidden information is, anywhere in what was received: fields only
 * secrets use (a seed, an rng, a deck as a list, a hand with cards in it)
 * and, given the game's `known` secrets, its seed as any value and either
 * deck's order as any list, whatever they are called.
 */
export function secrets(value: unknown, known?: GameSecrets, path = "$"): string[] {
  if (known && (value === known.seed || value === String(known.seed))) return [`${path} (seed)`];
  if (Array.isArray(value)) {
    const out = value.flatMap((v, i) => secrets(v, known, `${path}[${i}]`));
    for (const deck of known?.decks ?? []) {
      // Five cards or more: a shorter run of card ids may be a list's by chance.
      if (deck.length >= 5 && holdsRun(value, deck)) out.push(`${path} (deck order)`);
    }
    return out;
  }
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === "seed" || k === "rng" || (k === "deck" && Array.isArray(v))) out.push(`${path}.${k}`);
    if (k === "hand" && v !== null && typeof v === "object" && Object.keys(v).length > 0)
      out.push(`${path}.hand`);
    out.push(...secrets(v, known, `${path}.${k}`));
  }
  return out;
}

/**
 * Everything the page receives from the server as JSON: each channel frame
 * and each API answer (its address kept beside it, under `url`).
 */
export function recordReceived(page: Page): unknown[] {
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
    if (!new URL(r.url()).pathname.startsWith("/api/")) return;
    try {
      got.push({ url: r.url(), ...((await r.json()) as object) });
    } catch {
      // No JSON body (an empty answer): nothing of the game in it.
    }
  });
  return got;
}

/** The live game's id and turn, as the player's own page asks the server. */
export async function liveGame(page: Page): Promise<{ id: string; turn: number }> {
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

/** An emote sent from the page (through its own server): the HTTP status. */
export async function emoteCall(page: Page, gameId: string, emote: string): Promise<number> {
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

/**
 * An emote sent from the page right after one the server accepted: its HTTP
 * status (429 inside the gap). The first
 * call may still fall inside the gap the bar's emote opened (a quiet
 * machine), or after it (a busy one, where showing the bubble on both pages
 * took longer than the gap): the calls repeat until one is accepted, so the
 * second call always lands inside the gap the accepted one opened.
 */
async function emoteRightAfterAnAcceptedOne(page: Page, gameId: string): Promise<number> {
  await expect
    .poll(() => emoteCall(page, gameId, "wow"), { timeout: 15_000, intervals: [500] })
    .toBe(200);
  return emoteCall(page, gameId, "wow");
}

/**
 * Emotes both ways through the bar: `a`'s greeting reaches `b`, one more from
 * `a` inside the 3 s gap of an accepted one is refused (429), `b`'s "Well played." reaches `a`.
 */
export async function emotesBothWays(a: Page, b: Page, gameId: string): Promise<void> {
  await a.getByTestId("emote-toggle").click();
  await a.getByTestId("emote-greetings").click();
  // The bubble shows 2.5 s once it arrives; the way there (a's call, the
  // server, b's channel) outlasted 10 s at CI's load of 25 (session 18).
  // a's own bubble first: it shows as a's call returns, for 2.5 s, and a
  // wait for b's could outlast it.
  await expect(a.getByTestId("emote-bubble-mine")).toHaveText("Greetings!");
  await expect(b.getByTestId("emote-bubble-theirs")).toHaveText("Greetings!", {
    timeout: 30_000,
  });
  expect(await emoteRightAfterAnAcceptedOne(a, gameId)).toBe(429);
  await b.getByTestId("emote-toggle").click();
  await b.getByTestId("emote-well_played").click();
  await expect(a.getByTestId("emote-bubble-theirs")).toHaveText("Well played.", {
    timeout: 30_000,
  });
}

/**
 * The side to move ends its turn at once, so the rounds that follow start on
 * a full turn clock: the steps before them (a spectator's page, emotes) run
 * on the PvP clock and, on a busy machine, spent most of a turn (stop 28's
 * CI: a card played as the turn ran out). A turn that ends by itself while
 * we look does as well.
 */
async function freshTurn(a: Page, b: Page): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const mover = await whoMoves(a, b);
    if (mover === "over") return;
    if (!mover) {
      await a.waitForTimeout(250);
      continue;
    }
    const mustDiscard = (await mover.locator('[data-testid^="hand-card-"]').count()) > 6;
    const ended = await mover
      .getByTestId("end-turn")
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!ended) continue;
    // Over six cards the game asks for a discard: give it the first card.
    if (mustDiscard) {
      await expect(mover.getByTestId("battle-screen")).toHaveAttribute(
        "data-phase",
        "discard_card",
      );
      await mover.locator('[data-testid^="hand-card-"]').first().click();
    }
    await waitForTurn(mover === a ? b : a);
    return;
  }
  throw new Error("neither side got the move within 90 s");
}
