/**
 * Lighthouse (mobile profile: moto g power emulation, simulated slow 4G and
 * 4x CPU) against the production server in headless Chromium: the login
 * screen, and the map of a signed-in guest. The game is played in landscape
 * (held upright it only asks to rotate), so the phone's screen is turned:
 * 823 x 412. Before every run the HTTP cache is cleared through CDP and the
 * token is put in (or taken out of) localStorage; Lighthouse is told to keep
 * storage so the token survives.
 *
 * npx tsx bench/web/lighthouse.ts   (LH_RUNS=3 takes the median of 3 runs; LH_PAGES=map one page)
 * Aims (issue #7): performance score >= 90, LCP <= 2.0 s, CLS <= 0.05.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM, loadAverage, newPlayerToken, startGameServer, TOKEN_KEY } from "./web-kit.ts";

export interface LighthouseFigures {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  siMs: number;
  lcpElement: string;
  opportunities: string[];
}

type Audit = {
  numericValue?: number;
  displayValue?: string;
  title?: string;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    items?: { items?: { node?: { snippet?: string } }[]; node?: { snippet?: string } }[];
  };
};

function lcpElementOf(audit: Audit | undefined): string {
  const first = audit?.details?.items?.[0];
  const snippet = first?.items?.[0]?.node?.snippet ?? first?.node?.snippet ?? "";
  return snippet.slice(0, 100);
}

async function runOnce(port: number, url: string, name: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    formFactor: "mobile",
    screenEmulation: {
      mobile: true,
      width: 823,
      height: 412,
      deviceScaleFactor: 1.75,
      disabled: false,
    },
    // Keep the signed-in player's token between runs.
    disableStorageReset: true,
  });
  if (!result) throw new Error("lighthouse gave no result");
  const { lhr } = result;
  // LH_SAVE_DIR=/tmp/lh keeps each full report (JSON) for a closer look.
  if (process.env.LH_SAVE_DIR) {
    mkdirSync(process.env.LH_SAVE_DIR, { recursive: true });
    const at = Date.now();
    writeFileSync(join(process.env.LH_SAVE_DIR, `${name}-${at}.json`), JSON.stringify(lhr));
    // The trace Lighthouse recorded (bench/web/load-tasks.ts reads it: LT_FROM_TRACE).
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace)
      writeFileSync(
        join(process.env.LH_SAVE_DIR, `${name}-${at}.trace.json`),
        JSON.stringify(trace),
      );
  }
  const audits = lhr.audits as Record<string, Audit>;
  const n = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const opportunities = Object.values(audits)
    .filter((a) => a.details?.type === "opportunity" && (a.details.overallSavingsMs ?? 0) > 50)
    .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .map((a) => `${a.title} (~${Math.round(a.details?.overallSavingsMs ?? 0)} ms)`);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  return {
    page: name,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: n("first-contentful-paint"),
    lcpMs: n("largest-contentful-paint"),
    cls: n("cumulative-layout-shift"),
    tbtMs: n("total-blocking-time"),
    siMs: n("speed-index"),
    lcpElement: lcpElementOf(audits["largest-contentful-paint-element"]),
    opportunities,
  };
}

function median(runs: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const mid = sorted[Math.floor(sorted.length / 2)];
  if (!mid) throw new Error("no runs");
  return mid;
}

/** A cold start: no HTTP cache, and the given token (or none) in localStorage. */
async function prepare(cdp: Browser, url: string, token: string | null): Promise<void> {
  const context = cdp.contexts()[0];
  if (!context) throw new Error("no default browser context");
  const page = await context.newPage();
  await page.goto(`${url}/healthz`);
  const session = await context.newCDPSession(page);
  await session.send("Network.clearBrowserCache");
  await page.evaluate(([k, v]) => (v ? localStorage.setItem(k, v) : localStorage.removeItem(k)), [
    TOKEN_KEY,
    token,
  ] as const);
  await page.close();
}

function print(f: LighthouseFigures): void {
  const ok = f.score >= 90 && f.lcpMs <= 2000 && f.cls <= 0.05;
  console.log(
    `${f.page.padEnd(6)} score ${f.score}  FCP ${(f.fcpMs / 1000).toFixed(2)} s  LCP ${(f.lcpMs / 1000).toFixed(2)} s  ` +
      `CLS ${f.cls.toFixed(3)}  TBT ${Math.round(f.tbtMs)} ms  SI ${(f.siMs / 1000).toFixed(2)} s  ` +
      `(aims ${ok ? "met" : "NOT met"})`,
  );
  if (f.lcpElement) console.log(`       LCP element: ${f.lcpElement}`);
  for (const o of f.opportunities) console.log(`       opportunity: ${o}`);
}

export async function measureLighthouse(): Promise<LighthouseFigures[]> {
  const runs = Number(process.env.LH_RUNS ?? 1);
  const server = await startGameServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    // LH_CHROME_PORT pins Chromium's debugging port (as BENCH_PORT the server's).
    ...(process.env.LH_CHROME_PORT ? { port: Number(process.env.LH_CHROME_PORT) } : {}),
  });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const token = await newPlayerToken(server.url);
    const out: LighthouseFigures[] = [];
    // LH_PAGES=map (or login) measures one page only.
    const pages = (process.env.LH_PAGES ?? "login,map").split(",");
    for (const [name, stored] of [
      ["login", null],
      ["map", token],
    ] as const) {
      if (!pages.includes(name)) continue;
      const figures: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) {
        await prepare(cdp, server.url, stored);
        figures.push(await runOnce(chrome.port, server.url, name));
      }
      out.push(median(figures));
    }
    console.log(
      `lighthouse 12, mobile profile (landscape 823x412), median of ${runs} run(s) per page`,
    );
    for (const f of out) print(f);
    console.log(`load average ${loadAverage()}`);
    return out;
  } finally {
    chrome.kill();
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureLighthouse();
  const ok = figures.every((f) => f.score >= 90 && f.lcpMs <= 2000 && f.cls <= 0.05);
  process.exit(ok ? 0 : 1);
}
