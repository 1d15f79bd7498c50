import { resolve } from "node:path";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { expectMap, playAsNewPlayer } from "./support.ts";

/**
 * Test-only seeding for the arena journeys: the arena opens at level 3
 * (chapter 2), which a fresh guest is far from. The journeys write the
 * player's level (and, for the reward popup, season xp) straight into the
 * server's database, as the server tests do; no route of the game can.
 */
export type SeedPlayer = (
  userId: number,
  fields: { level?: number; season_xp?: number },
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
