/**
 * Shared parts of the front-end benchmarks: a production server over a frozen
 * copy of the built client, headless Chromium, and a signed-in player.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { startBenchServer } from "../shared-server.ts";

export const root = resolve(import.meta.dirname, "..", "..");
export const distDir = join(root, "apps", "client", "dist");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"];
/** The storage key of the bearer token (protocol's JWT_STORAGE_KEY). */
export const TOKEN_KEY = "jwtToken";

/** Chromium trace categories for frames, tasks and script time (battle-fps.ts, inp.ts). */
export const TIMELINE_TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "toplevel",
  "blink.user_timing",
  "v8.execute",
];

/** Builds the client (unless BENCH_NO_BUILD=1 and a build exists). */
export function buildClient(): void {
  if (process.env.BENCH_NO_BUILD === "1" && existsSync(join(distDir, "index.html"))) return;
  const r = spawnSync("npm", ["run", "build", "-w", "@cardrealm/client"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (r.status !== 0) throw new Error("the client build failed");
}

/**
 * Copies the built client to a temp folder: other work on the machine may
 * rebuild apps/client/dist while a measurement runs.
 */
export function frozenDist(): string {
  // BENCH_DIST=/some/dist measures that build as it is (e.g. an experiment).
  if (process.env.BENCH_DIST) return process.env.BENCH_DIST;
  if (!existsSync(join(distDir, "index.html"))) buildClient();
  // A build running elsewhere empties dist for a moment: try again then.
  for (let attempt = 0; ; attempt++) {
    const copy = mkdtempSync(join(tmpdir(), "cardrealm-web-bench-dist-"));
    try {
      cpSync(distDir, copy, { recursive: true });
      if (existsSync(join(copy, "index.html"))) return copy;
    } catch (e) {
      if (attempt >= 10) throw e;
    }
    rmSync(copy, { recursive: true, force: true });
    spawnSync("sleep", ["3"]);
  }
}

export interface GameServer {
  url: string;
  stop: () => void;
}

/** The real server (SQLite, fixed battle seed) serving a frozen copy of the build. */
export async function startGameServer(): Promise<GameServer> {
  const { child, url } = await startBenchServer({
    CLIENT_DIST: frozenDist(),
    TOKEN_SECRET: "web-bench-secret-web-bench-secret-0",
    BATTLE_SEED: "12345",
  });
  return { url, stop: () => child.kill("SIGTERM") };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** A new guest player's bearer token, straight from the API. */
export async function newPlayerToken(url: string): Promise<string> {
  const r = await fetch(`${url}/api/play-new-player`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const body = (await r.json()) as { data?: { jwtToken?: string }; jwtToken?: string };
  const token = body.data?.jwtToken ?? body.jwtToken;
  if (!token) throw new Error(`play-new-player gave no token: ${JSON.stringify(body)}`);
  return token;
}

/** A page of a fresh guest player, opened on the map. */
export async function openMapAsNewPlayer(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 720 },
): Promise<{ context: BrowserContext; page: Page }> {
  const token = await newPlayerToken(url);
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId("screen-home").waitFor({ timeout: 30_000 });
  await page.getByTestId("loading-popup").waitFor({ state: "hidden", timeout: 30_000 });
  await skipTutorial(page);
  return { context, page };
}

export function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** The machine's load average: tells the reader how busy the 2 cores were. */
export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

/** A new player's guided tutorial opens on its welcome with the map: skip it. */
export async function skipTutorial(page: Page): Promise<void> {
  const skip = page.getByTestId("tutorial-skip");
  const shown = await skip.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await skip.click();
  await page.getByTestId("tutorial-overlay").waitFor({ state: "detached", timeout: 10_000 });
}
