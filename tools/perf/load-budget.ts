/**
 * The main-thread script budget of the map's and the battle's first load
 * (issue 25): fails when either grows more than 25% beyond the budget
 * committed in tools/perf/load-budget.json.
 *
 *   npx tsx tools/perf/load-budget.ts           check (a step of npm test)
 *   npx tsx tools/perf/load-budget.ts --record  measure and write the budget (npm run perf:record)
 *
 * Each page is loaded LOAD_BUDGET_RUNS times (3) in headless Chromium with
 * the CPU throttled 4x, from an empty HTTP cache, against the real server
 * (SQLite in a temp folder) serving apps/client/dist (LOAD_BUDGET_DIST to
 * change). A trace gives the thread time of the main thread's script events
 * (tools/perf/script-time.ts); the least of the runs counts. Thread time does
 * not grow while other processes hold the core, but a slower or busier CPU
 * still runs the same script longer: every figure is divided by the thread
 * time of a fixed calibration script run in the same browser, same
 * throttling, between the loads, and the budget compares those ratios.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CALIBRATION_PAGE } from "./calibration.ts";
import {
  overBudget,
  type ScriptTime,
  scriptTime,
  type TraceEvent,
  topUrls,
} from "./script-time.ts";

const root = resolve(import.meta.dirname, "..", "..");
const BUDGET_FILE = join(import.meta.dirname, "load-budget.json");
/** How far beyond the budget a page may go before the check fails. */
export const ALLOWED_GROWTH = 0.25;
const CPU_RATE = 4;
const RUNS = Number(process.env.LOAD_BUDGET_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CATEGORIES = [
  ...(process.env.LOAD_BUDGET_PROFILE === "1" ? ["disabled-by-default-v8.cpu_profiler"] : []),
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "toplevel",
];
const TOKEN_KEY = "jwtToken";

export interface Budget {
  recorded: string;
  note: string;
  cpuThrottle: number;
  /** Least calibration thread time when recorded, ms (for the reader; the check uses the ratios). */
  calibrationMs: number;
  pages: Record<PageName, { scriptMs: number; ratio: number }>;
}
type PageName = "map" | "battle";

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => res(typeof a === "object" && a ? a.port : 0));
    });
  });
}

async function startServer(): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-load-budget-"));
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      NODE_ENV: "development",
      CLIENT_DIST: process.env.LOAD_BUDGET_DIST ?? join(root, "apps", "client", "dist"),
      TOKEN_SECRET: "load-budget-secret-load-budget-secret",
      BATTLE_SEED: "12345",
      SIGNUPS_PER_HOUR: "100000",
      LOGINS_PER_MINUTE: "100000",
      EVENTS_PER_MINUTE: "10000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, url, dataDir };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("load-budget: the server did not start");
}

async function newPlayerToken(url: string): Promise<string> {
  const r = await fetch(`${url}/api/play-new-player`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const body = (await r.json()) as { data?: { jwtToken?: string } };
  const token = body.data?.jwtToken;
  if (!token) throw new Error(`load-budget: no token from play-new-player (${r.status})`);
  return token;
}

/** A fresh context (empty HTTP cache) whose pages start signed in as `token`. */
async function signedInPage(
  browser: Browser,
  token: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  // A page Playwright opens counts as already touched (navigator.userActivation),
  // which a reloaded or resumed page is not: the sound waits for a first
  // gesture there (lib/sound/music-director.ts), so it does here.
  await context.addInitScript(
    "Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false, isActive: false } });",
  );
  return { context, page: await context.newPage() };
}

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * Resolves once the page has run no long task (50 ms+) for a second (at most
 * 20 s): the load's work is over, not just its first paint.
 */
async function settled(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap the inner functions in a helper the page lacks.
  await page.evaluate(`new Promise((done) => {
    let last = performance.now();
    const started = last;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) last = Math.max(last, e.startTime + e.duration);
    }).observe({ type: "longtask", buffered: true });
    const tick = () => {
      const now = performance.now();
      if (now - last > 1000 || now - started > 20000) done();
      else setTimeout(tick, 100);
    };
    tick();
  })`);
}

/** Script thread time of whatever `act` makes the browser do. */
async function traced(browser: Browser, page: Page, act: () => Promise<void>): Promise<ScriptTime> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let failure: unknown = null;
  await act().catch((e: unknown) => {
    failure = e ?? new Error("load-budget: a measured step failed");
  });
  const buf = await browser.stopTracing();
  if (failure) throw failure;
  if (process.env.LOAD_BUDGET_TRACE_DIR) {
    const file = join(process.env.LOAD_BUDGET_TRACE_DIR, `trace-${Date.now()}.json`);
    writeFileSync(file, buf);
    console.log(`  trace kept: ${file}`);
  }
  const parsed = JSON.parse(buf.toString("utf8")) as { traceEvents: TraceEvent[] };
  return scriptTime(parsed.traceEvents);
}

/** The fixed calibration script's thread time in this browser at this moment, ms. */
async function calibrate(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await throttle(page, CPU_RATE);
  const t = await traced(browser, page, () => page.setContent(CALIBRATION_PAGE));
  const result = await page.evaluate(() => document.title);
  await context.close();
  if (!result.startsWith("calibrated")) throw new Error("load-budget: calibration did not run");
  return t.totalMs;
}

/** The map is up and loading is over (a busy 2-core machine at 4x CPU takes its time). */
async function waitForMap(page: Page): Promise<void> {
  try {
    await page.getByTestId("screen-home").waitFor({ timeout: 300_000 });
    await page.getByTestId("loading-popup").waitFor({ state: "hidden", timeout: 300_000 });
  } catch (e) {
    const shot = join(tmpdir(), `load-budget-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    console.log(`  the map did not come: screenshot ${shot}`);
    throw e;
  }
}

/** A new guest's map, from navigation until the page settles (the tutorial's welcome included). */
async function measureMap(browser: Browser, url: string): Promise<ScriptTime> {
  const { context, page } = await signedInPage(browser, await newPlayerToken(url));
  await throttle(page, CPU_RATE);
  try {
    return await traced(browser, page, async () => {
      await page.goto(url, { waitUntil: "commit", timeout: 300_000 });
      await waitForMap(page);
      await settled(page);
    });
  } finally {
    await context.close();
  }
}

/** Skips the tutorial and starts the first story battle (unthrottled): a battle to resume. */
async function playerInBattle(browser: Browser, url: string): Promise<string> {
  const token = await newPlayerToken(url);
  const { context, page } = await signedInPage(browser, token);
  try {
    await page.goto(url, { waitUntil: "commit", timeout: 300_000 });
    await waitForMap(page);
    await page.getByTestId("tutorial-skip").click({ timeout: 30_000 });
    await page.getByTestId("tutorial-overlay").waitFor({ state: "detached", timeout: 30_000 });
    await page.getByTestId("chapter-elf").click();
    await page.getByTestId("fight-6").click();
    const battle = page.getByTestId("battle-screen");
    for (let i = 0; i < 40 && !(await battle.isVisible()); i++) {
      const next = page
        .getByTestId("story-comic-next")
        .or(page.getByTestId("story-comic-ok"))
        .or(page.getByTestId("story-dialogue-ok"))
        .or(battle);
      await next.first().waitFor({ timeout: 30_000 });
      if (await battle.isVisible()) break;
      await next
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    await battle.waitFor({ timeout: 30_000 });
    return token;
  } finally {
    await context.close();
  }
}

/** The battle screen's first load: from Resume on a settled map until the battle settles. */
async function measureBattle(browser: Browser, url: string): Promise<ScriptTime> {
  const token = await playerInBattle(browser, url);
  const { context, page } = await signedInPage(browser, token);
  try {
    await page.goto(url, { waitUntil: "commit", timeout: 300_000 });
    await waitForMap(page);
    await settled(page);
    await throttle(page, CPU_RATE);
    return await traced(browser, page, async () => {
      await page.getByTestId("resume-battle").click({ timeout: 300_000 });
      await page.getByTestId("battle-screen").waitFor({ timeout: 300_000 });
      await settled(page);
    });
  } finally {
    await context.close();
  }
}

function least(xs: number[]): number {
  return Math.min(...xs);
}

/** Extra runs of a page over its budget before the check fails (LOAD_BUDGET_EXTRA_RUNS, 3). */
const EXTRA_RUNS = Number(process.env.LOAD_BUDGET_EXTRA_RUNS ?? 3);
const PAGES = ["map", "battle"] as const;

/** A page's least run, and its ratio to the calibration. */
function leastOf(runs: ScriptTime[], calibrationMs: number): { scriptMs: number; ratio: number } {
  const scriptMs = least(runs.map((r) => r.totalMs));
  return { scriptMs, ratio: scriptMs / calibrationMs };
}

function readBudget(): Budget {
  return JSON.parse(readFileSync(BUDGET_FILE, "utf8")) as Budget;
}

async function main(): Promise<void> {
  const record = process.argv.includes("--record");
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(`load-budget: ${RUNS} runs, CPU ${CPU_RATE}x, load average ${load()}`);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
  });
  const calib: number[] = [];
  const times: Record<PageName, ScriptTime[]> = { map: [], battle: [] };
  const measure = { map: measureMap, battle: measureBattle };
  try {
    for (let i = 0; i < RUNS; i++) {
      calib.push(await calibrate(browser));
      times.map.push(await measureMap(browser, server.url));
      times.battle.push(await measureBattle(browser, server.url));
      console.log(
        `  run ${i + 1}: calibration ${calib[i]?.toFixed(1)} ms, map ${times.map[i]?.totalMs.toFixed(1)} ms, battle ${times.battle[i]?.totalMs.toFixed(1)} ms (load ${load()})`,
      );
    }
    // A page over its budget is measured again before it fails the check: on
    // a loaded machine one page's runs spread 2x (battle 655-1421 ms in one
    // check at load 1-3.5), and CI's least of 3 at load 6-7 came out +27 %.
    // Growth in the build is in every run; a busy moment is not.
    const budget = existsSync(BUDGET_FILE) && !record ? readBudget() : undefined;
    for (let extra = 0; budget && extra < EXTRA_RUNS; extra++) {
      const calibrationMs = least(calib);
      const overPages = PAGES.filter((name) =>
        overBudget(leastOf(times[name], calibrationMs), budget.pages[name], ALLOWED_GROWTH),
      );
      if (overPages.length === 0) break;
      calib.push(await calibrate(browser));
      for (const name of overPages) {
        times[name].push(await measure[name](browser, server.url));
        console.log(
          `  again (${extra + 1} of ${EXTRA_RUNS}) ${name}: ${times[name].at(-1)?.totalMs.toFixed(1)} ms, calibration ${calib.at(-1)?.toFixed(1)} ms (load ${load()})`,
        );
      }
    }
  } finally {
    await browser.close();
    server.child.kill("SIGTERM");
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  const calibrationMs = least(calib);
  const measured = {} as Budget["pages"];
  for (const name of PAGES) {
    const runs = times[name];
    const best = runs.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
    measured[name] = leastOf(runs, calibrationMs);
    console.log(`  ${name}: top files of its least run: ${topUrls(best, 10).join(", ")}`);
  }
  if (record) {
    const budget: Budget = {
      recorded: new Date().toISOString(),
      note: "npm run perf:record (tools/perf/load-budget.ts); ratio = script thread time / calibration thread time",
      cpuThrottle: CPU_RATE,
      calibrationMs: Number(calibrationMs.toFixed(1)),
      pages: {
        map: round(measured.map),
        battle: round(measured.battle),
      },
    };
    writeFileSync(BUDGET_FILE, `${JSON.stringify(budget, null, 2)}\n`);
    console.log(`load-budget: recorded in ${BUDGET_FILE.replace(`${root}/`, "")}`);
    return;
  }
  if (!existsSync(BUDGET_FILE)) {
    console.log("load-budget: no budget recorded yet: run `npm run perf:record` and commit it.");
    process.exitCode = 1;
    return;
  }
  const budget = readBudget();
  let over = 0;
  for (const name of PAGES) {
    const m = measured[name];
    const b = budget.pages[name];
    const rawGrowth = m.scriptMs / b.scriptMs - 1;
    const ratioGrowth = m.ratio / b.ratio - 1;
    const ok = !overBudget(m, b, ALLOWED_GROWTH);
    if (!ok) over++;
    console.log(
      `${ok ? "ok  " : "OVER"} ${name}: script ${m.scriptMs.toFixed(1)} ms (budget ${b.scriptMs.toFixed(1)}, ${pctOf(rawGrowth)}), ${m.ratio.toFixed(2)} x calibration ${calibrationMs.toFixed(1)} ms (budget ${b.ratio.toFixed(2)}, ${pctOf(ratioGrowth)}); limit +${ALLOWED_GROWTH * 100}% on both`,
    );
  }
  if (over > 0) {
    console.log(
      "load-budget: main-thread script time grew beyond the budget. Defer or split the new work; if the growth is deliberate, accept it with `npm run perf:record` and commit tools/perf/load-budget.json.",
    );
    process.exitCode = 1;
  }
}

function pctOf(growth: number): string {
  return `${growth >= 0 ? "+" : ""}${(100 * growth).toFixed(0)}%`;
}

function round(p: { scriptMs: number; ratio: number }) {
  return { scriptMs: Number(p.scriptMs.toFixed(1)), ratio: Number(p.ratio.toFixed(3)) };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
