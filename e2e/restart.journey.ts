import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { settledCount } from "./arena-support.ts";
import { playACard, startFirstBattle, waitForMyTurn } from "./battle-support.ts";
import { expectMap, JOURNEY_PACE, JOURNEY_THROTTLES, waitForServer } from "./support.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.E2E_RESTART_PORT ?? 3150);
const base = `http://127.0.0.1:${port}`;

/** A server of this journey's own, so it can be killed and started again. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      TOKEN_SECRET: "e2e-restart-secret-e2e-restart-secret-0",
      BATTLE_SEED: "12345",
      ...JOURNEY_THROTTLES,
      ...JOURNEY_PACE,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  // The server's own last words (LOG_LEVEL=warn: warnings, errors, a stack), shown if it never answers.
  let said = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    said = (said + chunk.toString("utf8")).slice(-4000);
  });
  try {
    await waitForServer(`${base}/healthz`, `the journey's server on ${port}`, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\nits stderr, last 4 KB:\n${said || "(nothing)"}`);
  }
  return child;
}

test("a server restart mid-battle: the battle carries on where it stood", async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-restart-"));
  let server = await startServer(dataDir);
  try {
    await page.goto(`${base}/`);
    await page.getByTestId("login-new-player").click();
    await expectMap(page);
    await startFirstBattle(page);
    await waitForMyTurn(page);
    await playACard(page, "click");
    await expect(page.locator('[data-testid^="player-unit-"]')).toHaveCount(1, { timeout: 15_000 });
    const hand = await settledCount(page.locator('[data-testid^="hand-card-"]'));
    const turn = (await page.getByTestId("turn-badge").textContent()) ?? "";

    server.kill("SIGKILL");
    await new Promise((r) => server.once("exit", r));
    server = await startServer(dataDir);

    await page.reload();
    await expectMap(page);
    await page.getByTestId("resume-battle").click();
    await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 15_000 });
    // The same board and hand, unless the turn ran out while the server was down (a slow
    // restart on a busy machine): the server then ended it on its return and
    // the player's next turn began with a draw (the computer played between).
    const handNow = await settledCount(page.locator('[data-testid^="hand-card-"]'));
    const sameTurn = ((await page.getByTestId("turn-badge").textContent()) ?? "") === turn;
    if (sameTurn) {
      await expect(page.locator('[data-testid^="player-unit-"]')).toHaveCount(1);
      expect(handNow).toBe(hand);
    } else expect(handNow).toBeGreaterThanOrEqual(hand);
    // And it goes on: the turn ends and the computer answers.
    await page.getByTestId("end-turn").click();
    expect(await waitForMyTurn(page)).toBe("mine");
  } finally {
    server.kill("SIGKILL");
  }
});
