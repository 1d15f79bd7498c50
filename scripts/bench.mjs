// npm run bench [-- name]: runs every benchmark under bench/ (or the named one).
// bench/ is not a workspace (npm ci at the root does not install Lighthouse and
// its tree for `npm start` and `npm test`): its own packages are installed here
// in bench/node_modules from bench/package-lock.json, when missing or stale.
// The server's packages (@cardrealm/*, pg, better-sqlite3) come from the root.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ensureInstalled, root, run } from "./setup.mjs";

ensureInstalled();
const dir = join(root, "bench");
ensureBenchInstalled();
const only = process.argv[2];
const names = readdirSync(dir).filter(
  (n) => statSync(join(dir, n)).isDirectory() && n !== "node_modules",
);
let failed = 0;
for (const name of names) {
  if (only && name !== only) continue;
  const entry = readdirSync(join(dir, name)).find((f) => f.endsWith("-bench.ts"));
  if (!entry) continue;
  console.log(`\n=== bench/${name} ===`);
  if (run("npx", ["tsx", join("bench", name, entry)]) !== 0) failed++;
}
process.exit(failed ? 1 : 0);

/**
 * npm install in bench/ when its node_modules is missing or older than its
 * manifests: install, not ci, as for the root (setup.mjs): it follows the
 * lockfile when in step and repairs it when a package moved ahead (Lighthouse's
 * trace engine asks for third-party-web "latest").
 */
function ensureBenchInstalled() {
  const marker = join(dir, "node_modules", ".package-lock.json");
  const manifests = ["package.json", "package-lock.json"].map((f) => join(dir, f));
  if (existsSync(marker) && manifests.every((m) => statSync(m).mtimeMs <= statSync(marker).mtimeMs))
    return;
  console.log("bench: installing the benchmarks' packages (bench/node_modules)...");
  const status = run("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir });
  if (status !== 0) {
    console.error("bench: npm install in bench/ failed; see the messages above.");
    process.exit(status);
  }
}
