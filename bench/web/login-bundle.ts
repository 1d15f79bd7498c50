/**
 * Login bundle size: builds the client, opens the login screen in headless
 * Chromium, records every JavaScript file the page loads before anyone signs
 * in, and sums their gzip sizes (zlib level 9, as a server would send them).
 * Then signs in and lists what each further screen loads on demand.
 *
 * npx tsx bench/web/login-bundle.ts   (BENCH_NO_BUILD=1 reuses the last build)
 * Aim (issue #7): at most 150 KB gzip of JavaScript for the login screen.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import {
  buildClient,
  distDir,
  launchChromium,
  loadAverage,
  newPlayerToken,
  skipTutorial,
  startGameServer,
  TOKEN_KEY,
} from "./web-kit.ts";

export const LOGIN_JS_LIMIT_KB = 150;

function gzipKb(path: string): { raw: number; gz: number } {
  const bytes = readFileSync(path);
  return { raw: bytes.length / 1024, gz: gzipSync(bytes, { level: 9 }).length / 1024 };
}

/** Records the same-origin script URLs a page requests from now on. */
function recordScripts(page: Page, origin: string): Set<string> {
  const seen = new Set<string>();
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (u.origin === origin && u.pathname.endsWith(".js")) seen.add(u.pathname);
  });
  return seen;
}

function sizes(paths: Iterable<string>): { raw: number; gz: number; files: number } {
  let raw = 0;
  let gz = 0;
  let files = 0;
  for (const p of paths) {
    const s = gzipKb(join(distDir, p));
    raw += s.raw;
    gz += s.gz;
    files++;
  }
  return { raw, gz, files };
}

export async function measureLoginBundle(): Promise<{ loginGzKb: number }> {
  buildClient();
  const server = await startGameServer();
  const browser = await launchChromium();
  try {
    const origin = new URL(server.url).origin;
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const login = recordScripts(page, origin);
    await page.goto(server.url, { waitUntil: "networkidle" });
    await page.getByTestId("login-new-player").waitFor();
    await page.waitForTimeout(500);
    const loginFiles = [...login];
    const l = sizes(loginFiles);
    console.log(`login screen loads ${l.files} JS files:`);
    for (const f of loginFiles) {
      const s = gzipKb(join(distDir, f));
      console.log(
        `  ${f.padEnd(48)} ${s.raw.toFixed(1).padStart(7)} KB  gzip ${s.gz.toFixed(1)} KB`,
      );
    }
    console.log(
      `login JS total: ${l.raw.toFixed(1)} KB raw, ${l.gz.toFixed(1)} KB gzip ` +
        `(aim <= ${LOGIN_JS_LIMIT_KB} KB gzip: ${l.gz <= LOGIN_JS_LIMIT_KB ? "met" : "NOT met"})`,
    );

    // What signing in adds (map), then a few screens opened on demand.
    const token = await newPlayerToken(server.url);
    const later = recordScripts(page, origin);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [TOKEN_KEY, token] as const);
    await page.reload({ waitUntil: "networkidle" });
    await page.getByTestId("screen-home").waitFor({ timeout: 30_000 });
    await skipTutorial(page);
    const loginSet = new Set(loginFiles);
    const mapOnly = [...later].filter((f) => !loginSet.has(f));
    const m = sizes(mapOnly);
    console.log(`map adds ${m.files} files, ${m.gz.toFixed(1)} KB gzip (loaded after sign-in)`);
    for (const nav of ["nav-deck", "nav-offers"]) {
      const before = new Set(later);
      await page.getByTestId(nav).click();
      await page.waitForLoadState("networkidle");
      const added = [...later].filter((f) => !before.has(f));
      const a = sizes(added);
      console.log(`${nav} adds ${a.files} files, ${a.gz.toFixed(1)} KB gzip (on demand)`);
      await page.getByTestId("back-to-map").first().click();
      await page.getByTestId("screen-home").waitFor();
    }
    console.log(`load average ${loadAverage()}`);
    return { loginGzKb: l.gz };
  } finally {
    await browser.close();
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loginGzKb } = await measureLoginBundle();
  process.exit(loginGzKb <= LOGIN_JS_LIMIT_KB ? 0 : 1);
}
