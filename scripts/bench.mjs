// npm run bench [-- name]: runs every benchmark under bench/ (or the named one).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ensureInstalled, root, run } from "./setup.mjs";

ensureInstalled();
const only = process.argv[2];
const dir = join(root, "bench");
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
