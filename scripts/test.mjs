// npm test: every check and every test. Installs and builds what is missing
// first, so it works on a fresh clone. Ends with one line "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ensureClientBuilt, ensureInstalled, root, run } from "./setup.mjs";

const started = Date.now();
/** The 1-minute load average, to read beside a duration (others may share the machine). */
const load = () => loadavg()[0].toFixed(2);
const setupLoad = load();
const setupStart = Date.now();
ensureInstalled();
ensureClientBuilt();
const setupSeconds = (Date.now() - setupStart) / 1000;

const out = join(root, "test-results");
mkdirSync(out, { recursive: true });
const steps = [];
let passed = 0;
let failed = 0;
let missing = 0;
const failures = [];

/** Runs one step and keeps its status, duration and the load average before and after. */
function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const loadBefore = load();
  const t0 = Date.now();
  const status = run(cmd, args, { env: { ...process.env, ...env } });
  const seconds = (Date.now() - t0) / 1000;
  steps.push({
    name,
    status: status === 0 ? "ok" : "FAILED",
    seconds,
    loadBefore,
    loadAfter: load(),
  });
  return status === 0;
}

// A warning fails the build as an error does (issue 27): a rule worth having is worth obeying.
if (step("lint and format (biome)", "npx", ["biome", "check", "--error-on-warnings", "."]))
  passed++;
else failed++;
// Part of the lint: no source file, stylesheet or page over 500 lines, no function over 120 (issue 27).
if (step("lint: file and function sizes", "node", ["scripts/check-sizes.mjs"])) passed++;
else failed++;
if (step("typecheck (tsc, every workspace)", "node", ["scripts/typecheck.mjs"])) passed++;
else failed++;

if (!process.env.DATABASE_URL) {
  console.log(
    "note: PostgreSQL not configured (DATABASE_URL unset): database tests run on SQLite only.",
  );
}
if (!process.env.REDIS_URL) {
  console.log("note: Redis not configured (REDIS_URL unset): tests that need Redis are not run.");
}
// CI must run everything: the PostgreSQL- and Redis-only tests skip themselves
// when their URL is unset, so a CI run without them fails here instead.
if (process.env.CI && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) {
  console.log("CI: DATABASE_URL and REDIS_URL must both be set (.ci/run sets them); stopping.");
  process.exit(1);
}

const vitestJson = join(out, "vitest.json");
step("unit, property and integration tests (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += r.numPassedTests;
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed")
        failures.push(`vitest: ${file.name.replace(`${root}/`, "")} > ${t.fullName}`);
    }
    if (
      file.status === "failed" &&
      !(file.assertionResults ?? []).some((t) => t.status === "failed")
    ) {
      failures.push(
        `vitest: ${file.name.replace(`${root}/`, "")} (${(file.message ?? "failed to run").split("\n")[0]})`,
      );
    }
  }
  failed +=
    r.numFailedTests +
    (r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0 ? 1 : 0);
} else failed++;

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log(
    `\nbrowser journeys NOT run: Chromium not found at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
  missing++;
} else {
  // The map's and the battle's main-thread script time at 4x CPU against the
  // budget in tools/perf/load-budget.json (issue 25; docs/testing.md, "Load budget").
  if (
    step(
      "load budget: map and battle script time (Chromium, 4x CPU)",
      "npx",
      ["tsx", "tools/perf/load-budget.ts"],
      { CHROMIUM_PATH: chromium },
    )
  ) {
    passed++;
  } else {
    failed++;
    failures.push("load budget: the map's or the battle's script time (see its lines above)");
  }
  const pwJson = join(out, "playwright.json");
  step(
    "browser journeys (Playwright, Chromium)",
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      CHROMIUM_PATH: chromium,
    },
  );
  if (existsSync(pwJson)) {
    const r = JSON.parse(readFileSync(pwJson, "utf8"));
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? []) {
        if (!spec.ok) failures.push(`journey: ${[...trail, spec.title].join(" > ")}`);
      }
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
    };
    for (const suite of r.suites ?? []) walk(suite, [suite.title]);
  } else failed++;
}

console.log("\n=== summary ===");
const totalSeconds = (Date.now() - started) / 1000;
// Durations and load averages (1 min, before -> after), also in test-results/steps.json
// (docs/testing.md keeps the measured figures).
for (const s of steps) {
  console.log(
    `${s.status.padEnd(6)} ${s.name} (${s.seconds.toFixed(0)} s, load ${s.loadBefore} -> ${s.loadAfter})`,
  );
}
console.log(
  `total ${totalSeconds.toFixed(0)} s (install/build check ${setupSeconds.toFixed(0)} s)`,
);
writeFileSync(
  join(out, "steps.json"),
  `${JSON.stringify({ totalSeconds, setupSeconds, setupLoad, steps }, null, 2)}\n`,
);
if (missing && process.env.CI) {
  console.log("CI must run every test: a missing component counts as a failure here.");
  failed += missing;
}
for (const f of failures) console.log(`failed: ${f}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
