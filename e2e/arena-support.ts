import { resolve } from "node:path";
import { type DailyTaskKind, dailyTasksFor, utcDay } from "@cardrealm/content";
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { playTurn, waitForMyTurn } from "./battle-support.ts";
import { expectMap, keepScreenshot, playAsNewPlayer } from "./support.ts";
import { watchReadable } from "./text-size.ts";

/**
 * Test-only seeding for the arena journeys: the arena opens at level 3
 * (chapter 2), which a fresh guest is far from. The journeys write the
 * player's level (and, for the reward popup, season xp) straight into the
 * server's database, as the server tests do; no route of the game can.
 */
export type SeedPlayer = (
  userId: number,
  /** nickname: e2e/versus-names.journey.ts gives players the longest names allowed. */
  fields: { level?: number; season_xp?: number; nickname?: string },
) => Promise<void>;

/** Seeding through the SQLite file of a server's DATA_DIR (WAL: safe beside the server). */
export function sqliteSeeder(dataDir: string): SeedPlayer {
  return async (userId, fields) => {
    const db = new Database(resolve(dataDir, "cardrealm.sqlite"));
    try {
      for (const [column, value] of Object.entries(fields)) {
        db.prepare(`update users set ${column} = ? where id = ?`).run(value, userId);
      }
    } finally {
      db.close();
    }
  };
}

/**
 * Test-only: a friendship written straight into the SQLite file of a
 * server's DATA_DIR (both rows, as friends-repo does), for journeys that need
 * two friends without the request round trip.
 */
export function befriendIn(dataDir: string): (a: number, b: number) => void {
  return (a, b) => {
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
  };
}

/**
 * Test-only: a game's secrets from the SQLite file of a server's DATA_DIR:
 * its seed and each side's deck order as it stands (social-support.ts
 * secrets looks for them in what a spectator received).
 */
export function gameSecretsIn(dataDir: string): (gameId: string) => {
  seed: number;
  decks: number[][];
} {
  return (gameId) => {
    const db = new Database(resolve(dataDir, "cardrealm.sqlite"), { readonly: true });
    try {
      const row = db.prepare("select setup, state from battles where id = ?").get(gameId) as
        | { setup: string; state: string }
        | undefined;
      if (!row) throw new Error(`no battle ${gameId}`);
      const setup = JSON.parse(row.setup) as { seed: number };
      const state = JSON.parse(row.state) as { sides: { deck: number[] }[] };
      return { seed: setup.seed, decks: state.sides.map((s) => s.deck) };
    } finally {
      db.close();
    }
  };
}

/** Seeding through a PostgreSQL database the servers share. */
export function postgresSeeder(databaseUrl: string): SeedPlayer {
  return async (userId, fields) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const [column, value] of Object.entries(fields)) {
        await client.query(`update users set ${column} = $1 where id = $2`, [value, userId]);
      }
    } finally {
      await client.end();
    }
  };
}

/** The signed-in player's id, as the server knows it. */
export async function playerId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem("jwtToken");
    const r = await fetch("/api/player-details", { headers: { Authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { data: { id: number } };
    return body.data.id;
  });
}

/** A new guest, raised to the arena's level 3, on the arena screen. */
export async function newArenaPlayer(
  page: Page,
  seed: SeedPlayer,
  extra: { season_xp?: number } = {},
): Promise<number> {
  await playAsNewPlayer(page);
  const id = await playerId(page);
  await seed(id, { level: 3, ...extra });
  await page.reload();
  await expectMap(page);
  await openArena(page);
  return id;
}

/**
 * A new guest whose daily tasks today (drawn from the user id and the UTC
 * day: content's dailyTasksFor) include one of these kinds, signed up through
 * the API, raised to level 3 and signed in on this page (the stored token),
 * on the arena screen. Guests are cheap; a few are tried.
 */
export async function newArenaPlayerWithTask(
  page: Page,
  baseURL: string,
  seed: SeedPlayer,
  kinds: readonly DailyTaskKind[],
  extra: { season_xp?: number } = {},
): Promise<number> {
  for (let tries = 0; tries < 40; tries++) {
    const r = await fetch(`${baseURL}/api/play-new-player`, { method: "POST" });
    const { data } = (await r.json()) as { data: { id: number; jwtToken: string } };
    const today = dailyTasksFor(data.id, utcDay(Date.now()));
    if (!today.some((t) => kinds.includes(t.kind))) continue;
    await seed(data.id, { level: 3, ...extra });
    await page.addInitScript((token) => {
      if (!localStorage.getItem("jwtToken")) localStorage.setItem("jwtToken", token);
    }, data.jwtToken);
    await page.goto("/");
    await expectMap(page);
    await openArena(page);
    return data.id;
  }
  throw new Error(`no guest in 40 had a daily task of ${kinds.join(", ")}`);
}

export async function openArena(page: Page): Promise<void> {
  await page.getByTestId("map-arena").click();
  await expect(page.getByTestId("arena-screen")).toBeVisible({ timeout: 15_000 });
}

/** The sum of every daily task's progress shown on the arena. */
export async function dailyProgress(page: Page): Promise<number> {
  const rows = page.locator('[data-testid^="daily-task-"]');
  await expect(rows.first()).toBeVisible({ timeout: 10_000 });
  let sum = 0;
  for (let i = 0; i < (await rows.count()); i++) {
    sum += Number((await rows.nth(i).getAttribute("data-done")) ?? 0);
  }
  return sum;
}

export type TurnState = "mine" | "theirs" | "over";

/** Whose move this page shows now: its own turn (ready for input), the opponent's, or the end. */
export async function turnState(page: Page): Promise<TurnState> {
  if (await page.getByTestId("end-game-panel").isVisible()) return "over";
  const phase = await page.getByTestId("battle-screen").getAttribute("data-phase");
  return phase === "play_card" ? "mine" : "theirs";
}

/** Which of two players is to move now: that page, nobody yet (null), or "over". */
export async function whoMoves(a: Page, b: Page): Promise<Page | null | "over"> {
  const [sa, sb] = [await turnState(a), await turnState(b)];
  if (sa === "over" || sb === "over") return "over";
  return sa === "mine" ? a : sb === "mine" ? b : null;
}

/** Waits until it is this page's move (or the game ended). */
export async function waitForTurn(page: Page, timeoutMs = 90_000): Promise<TurnState> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const s = await turnState(page);
    if (s !== "theirs") return s;
    await page.waitForTimeout(250);
  }
  throw new Error("the turn never came");
}

/** Surrender through the battle menu and its confirmation. */
export async function surrender(page: Page): Promise<void> {
  await page.getByTestId("battle-menu").click();
  await page.getByTestId("surrender").click();
  await page.getByTestId("system-dialog-ok").click();
}

/**
 * A deck challenge's opponent picked (`foe`): the practice battle opens, the
 * player gives up on the first turn, and its end panel shows (returned).
 */
export async function giveUpPractice(page: Page, foe: Locator): Promise<Locator> {
  await foe.click();
  await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 20_000 });
  expect(await waitForMyTurn(page)).toBe("mine");
  await surrender(page);
  const panel = page.getByTestId("end-game-panel");
  await expect(panel).toBeVisible({ timeout: 20_000 });
  return panel;
}

interface Pair {
  contexts: BrowserContext[];
  a: Page;
  b: Page;
}

/** Two new players at level 3 both press Fight and are matched into one battle. */
export async function matchTwo(browser: Browser, seedWith: SeedPlayer, base?: [string, string]) {
  const contexts = [
    await browser.newContext(base ? { baseURL: base[0] } : {}),
    await browser.newContext(base ? { baseURL: base[1] } : {}),
  ];
  const [ca, cb] = contexts as [BrowserContext, BrowserContext];
  const a = await ca.newPage();
  const b = await cb.newPage();
  await newArenaPlayer(a, seedWith);
  await newArenaPlayer(b, seedWith);
  // The versus screen shows 2.5 s: on a busy machine it can come and go between
  // two of the test's looks, so each page writes down what it showed.
  await Promise.all([a, b].map((p) => recordVersus(p)));
  await Promise.all([a.getByTestId("arena-queue").click(), b.getByTestId("arena-queue").click()]);
  for (const p of [a, b]) {
    await expect(p.getByTestId("arena-queue-state")).toBeVisible();
  }
  // Each first sees both players' names (issue 24 item 6), then the battle.
  const [nameA, nameB] = await Promise.all([a, b].map((p) => recordedVersus(p)));
  expect(nameA).toEqual([nameB?.[1], nameB?.[0]]);
  for (const p of [a, b]) {
    await expect(p.getByTestId("battle-screen")).toBeVisible({ timeout: 30_000 });
    await expect(p.getByTestId("battle-screen")).toHaveAttribute("data-phase", /.+/, {
      timeout: 15_000,
    });
  }
  return { contexts, a, b } satisfies Pair;
}

interface VersusSeen {
  names: string[];
  portraits: string[];
}

/**
 * The page notes the versus screen's names and portraits the moment it
 * appears (or at once, if it is up already). Forgets what an earlier versus
 * screen showed; one observer per page.
 */
async function recordVersus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __versusSeen?: VersusSeen; __versusLook?: () => void };
    w.__versusSeen = undefined;
    if (!w.__versusLook) {
      w.__versusLook = () => {
        const screen = document.querySelector('[data-testid="versus-screen"]');
        if (!screen || w.__versusSeen) return;
        const sides = ["versus-player", "versus-opponent"].map((id) =>
          screen.querySelector(`[data-testid="${id}"]`),
        );
        const portraits = sides.map((x) => x?.querySelector("img")?.getAttribute("src") ?? "");
        const names = sides.map(
          (x) => x?.querySelector(".versus__name")?.textContent?.trim() ?? "",
        );
        if (portraits.every(Boolean) && names.every(Boolean)) w.__versusSeen = { names, portraits };
      };
      new MutationObserver(w.__versusLook).observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
      });
    }
    w.__versusLook();
  });
}

/** What the versus screen showed ([own name, opponent's name]), each with a player's portrait. */
async function recordedVersus(page: Page): Promise<[string, string]> {
  const seen = (await (
    await page.waitForFunction(
      () => (window as unknown as { __versusSeen?: VersusSeen }).__versusSeen,
      undefined,
      { timeout: 60_000 },
    )
  ).jsonValue()) as VersusSeen;
  for (const src of seen.portraits) expect(src).toMatch(/avatar-\d\.svg$/);
  return [seen.names[0] ?? "", seen.names[1] ?? ""];
}

/**
 * The versus screen an arena battle opens with: [own name, opponent's name]
 * (both with a portrait), once it has given way to the battle.
 */
export async function versusNames(
  page: Page,
  { shot, readable = false }: { shot?: string; readable?: boolean } = {},
): Promise<[string, string]> {
  const versus = page.getByTestId("versus-screen");
  // It shows 2.5 s: on a busy machine a look from here can come after it
  // went (CI once saw it visible, then waited for its names until the game
  // timed out), so the page writes down what it showed.
  await recordVersus(page);
  const readability = readable
    ? await watchReadable(page, '[data-testid="versus-screen"]', "versus screen")
    : null;
  const names = await recordedVersus(page);
  // A picture is taken at once, not after the animations settle, if it is still there.
  if (shot) {
    // Its own entry (the sides sliding in, 0.8 s) done, while the rest of the screen still moves.
    await page
      .waitForFunction(
        () =>
          document
            .querySelector('[data-testid="versus-screen"]')
            ?.getAnimations({ subtree: true })
            .every((a) => a.playState !== "running") ?? true,
        undefined,
        { timeout: 2_000, polling: 50 },
      )
      .catch(() => undefined);
    if (await versus.isVisible()) await keepScreenshot(page, shot, { settle: false });
  }
  await readability?.();
  await expect(versus).toBeHidden({ timeout: 10_000 });
  return names as [string, string];
}

export const units = (p: Page, seat: "player" | "cpu") =>
  p.locator(`[data-testid^="${seat}-unit-"]`);

/**
 * Whoever has the move plays a turn through the screen (a card, all attack,
 * end turn) until each side has played `rounds` turns. When the turn passes,
 * the other page shows the mover's units as the opponent's.
 */
export async function playRounds(a: Page, b: Page, rounds: number): Promise<void> {
  const played = new Map<Page, number>([
    [a, 0],
    [b, 0],
  ]);
  const deadline = Date.now() + 150_000;
  while (
    ((played.get(a) ?? 0) < rounds || (played.get(b) ?? 0) < rounds) &&
    Date.now() < deadline
  ) {
    const mover = await whoMoves(a, b);
    if (mover === "over") return;
    if (!mover) {
      await a.waitForTimeout(250);
      continue;
    }
    const other = mover === a ? b : a;
    await playTurn(mover, "click");
    played.set(mover, (played.get(mover) ?? 0) + 1);
    // The opponent's moves arrive over the channel: when it is the other's
    // move, its board shows the mover's units as the enemy's.
    if ((await waitForTurn(other)) === "over") return;
    await expect(units(other, "cpu")).toHaveCount(await units(mover, "player").count(), {
      timeout: 10_000,
    });
  }
  expect(played.get(a), "turns played by A").toBeGreaterThanOrEqual(rounds);
  expect(played.get(b), "turns played by B").toBeGreaterThanOrEqual(rounds);
}

/**
 * Plays turns through the screen until a unit card has left the hand for a
 * cell (the server took it), at most `turns` turns; returns whether one did.
 * At a turn's start the dealt hand may not show as playable yet, and a press
 * the screen was not ready for is dropped by design, so a turn waits for a
 * playable unit first and the summon is checked, never assumed.
 */
export async function summonAUnit(page: Page, turns: number): Promise<boolean> {
  const hand = page.locator('[data-testid^="hand-card-"]');
  const unitCards = page.locator(
    '[data-testid^="hand-card-"][data-playable="true"]:has(.gc--unit)',
  );
  const freeCell = page.locator('[data-testid^="player-cell-"][data-place="true"]').first();
  for (let turn = 0; turn < turns; turn++) {
    if ((await waitForTurn(page)) === "over") return false;
    for (let attempt = 0; attempt < 3; attempt++) {
      const ready = await expect(unitCards.first())
        .toBeVisible({ timeout: attempt === 0 ? 10_000 : 2_000 })
        .then(() => true)
        .catch(() => false);
      if (!ready) break;
      const before = await hand.count();
      await unitCards.first().click();
      const placing = await freeCell
        .waitFor({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (placing) await freeCell.click();
      const took = await expect
        .poll(() => hand.count(), { timeout: 15_000 })
        .toBeLessThan(before)
        .then(() => true)
        .catch(() => false);
      if (took) return true;
      await page.keyboard.press("Escape");
    }
    if ((await turnState(page)) === "over") return false;
    // No unit went down this turn: pass (over six cards, MAX_HAND_AT_END_TURN, discarding the first).
    const mustDiscard = (await hand.count()) > 6;
    await page.getByTestId("end-turn").click();
    if (mustDiscard) {
      await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "discard_card");
      await hand.first().click();
    }
  }
  return false;
}

/** `loser` surrenders; both see the end panel and go back to the arena. */
export async function finishBySurrender(loser: Page, winner: Page): Promise<void> {
  await waitForTurn(loser);
  await surrender(loser);
  for (const p of [loser, winner]) {
    await expect(p.getByTestId("end-game-panel")).toBeVisible({ timeout: 20_000 });
  }
  await expect(winner.getByTestId("end-game-panel")).toContainText(/victory|win/i);
  // The true reason, worded for each side, and the rank score change.
  await expect(loser.getByTestId("end-game-reason")).toHaveText("You surrendered");
  await expect(winner.getByTestId("end-game-reason")).toHaveText(/^\S+ surrendered$/);
  await expect(winner.getByTestId("end-game-rank")).toHaveAttribute("aria-label", /\+\d+$/);
  for (const p of [loser, winner]) {
    await p.getByTestId("end-game-ok").click();
    await expect(p.getByTestId("arena-screen")).toBeVisible({ timeout: 15_000 });
  }
}

/** A count that held for a second: the battle queue shows states 50 ms apart with animations. */
export async function settledCount(locator: Locator): Promise<number> {
  let last = await locator.count();
  for (let i = 0, same = 0; i < 40 && same < 4; i++) {
    await locator.page().waitForTimeout(250);
    const now = await locator.count();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}
