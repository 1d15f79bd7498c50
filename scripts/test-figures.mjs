// Prints the figures docs/testing.md keeps, as Markdown, from the files the
// last `npm test` left in test-results/: each step's duration and load average
// (steps.json), the slowest vitest files (vitest.json) and every journey's
// duration (playwright.json). Usage: node scripts/test-figures.mjs [results dir] [how many vitest files]
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { root } from "./setup.mjs";

const dir = resolve(process.argv[2] ?? join(root, "test-results"));
// Paths are shown from the checkout the results came from.
const checkout = dirname(dir);
const slowest = Number(process.argv[3] ?? 15);
const read = (name) => {
  const path = join(dir, name);
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
};
const s = (seconds) => `${seconds.toFixed(1)} s`;

const steps = read("steps.json");
if (steps) {
  console.log("| Step | Status | Duration | Load (1 min) before -> after |");
  console.log("| --- | --- | ---: | --- |");
  console.log(`| install/build check | ok | ${s(steps.setupSeconds)} | ${steps.setupLoad} |`);
  for (const st of steps.steps) {
    console.log(
      `| ${st.name} | ${st.status} | ${s(st.seconds)} | ${st.loadBefore} -> ${st.loadAfter} |`,
    );
  }
  console.log(`| **npm test in all** | | **${s(steps.totalSeconds)}** | |\n`);
}

const vitest = read("vitest.json");
if (vitest) {
  const files = (vitest.testResults ?? [])
    .map((f) => ({
      name: relative(checkout, f.name),
      seconds: (f.endTime - f.startTime) / 1000,
      tests: (f.assertionResults ?? []).length,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const sum = files.reduce((t, f) => t + f.seconds, 0);
  console.log(
    `vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${files.length} files; the files' own durations add up to ${s(sum)}.\n`,
  );
  console.log("| Vitest file | Tests | Duration |");
  console.log("| --- | ---: | ---: |");
  for (const f of files.slice(0, slowest)) {
    console.log(`| ${f.name} | ${f.tests} | ${s(f.seconds)} |`);
  }
  console.log("");
}

const pw = read("playwright.json");
if (pw) {
  const rows = [];
  const walk = (suite, file, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        const seconds = results.reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
        const start = results[0]?.startTime ? new Date(results[0].startTime) : null;
        rows.push({
          file: spec.file ?? file,
          title: [...trail, spec.title].join(" > "),
          seconds,
          status: results.at(-1)?.status ?? t.status ?? "?",
          worker: results[0]?.workerIndex ?? "-",
          start,
        });
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.file ?? file, [...trail, child.title]);
  };
  for (const suite of pw.suites ?? []) walk(suite, suite.file, []);
  const first = rows.map((r) => r.start?.getTime() ?? Infinity).reduce((a, b) => Math.min(a, b));
  const wall = (pw.stats?.duration ?? 0) / 1000;
  const sum = rows.reduce((t, r) => t + r.seconds, 0);
  console.log(
    `journeys: ${pw.stats?.expected ?? 0} passed, ${pw.stats?.unexpected ?? 0} failed, ${pw.stats?.flaky ?? 0} flaky, ${pw.stats?.skipped ?? 0} skipped; ${rows.length} tests adding up to ${s(sum)} in ${s(wall)} of wall time.\n`,
  );
  console.log("| Journey file | Test | Status | Worker | Started at | Duration |");
  console.log("| --- | --- | --- | ---: | ---: | ---: |");
  for (const r of rows) {
    const at = r.start ? `+${((r.start.getTime() - first) / 1000).toFixed(0)} s` : "-";
    console.log(`| ${r.file} | ${r.title} | ${r.status} | ${r.worker} | ${at} | ${s(r.seconds)} |`);
  }
  const byFile = new Map();
  for (const r of rows) byFile.set(r.file, (byFile.get(r.file) ?? 0) + r.seconds);
  console.log("\n| Journey file | Duration |");
  console.log("| --- | ---: |");
  for (const [file, seconds] of [...byFile].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${file} | ${s(seconds)} |`);
  }
}
