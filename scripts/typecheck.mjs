// Type-checks every workspace with its own tsconfig (each has its own libs:
// the engine has neither DOM nor Node, the client has DOM, the server Node).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const projects = [
  "packages/engine",
  "packages/protocol",
  "packages/testkit",
  "packages/ai",
  "content",
  "apps/server",
  "apps/client",
  "tools",
  "e2e",
];
// bench/ is not a workspace: its packages (Lighthouse, autocannon, ...) are
// installed by `npm run bench` into bench/node_modules. Checked when they are there.
const benchInstalled = ["bench/node_modules", "node_modules"].some((d) =>
  existsSync(`${d}/lighthouse/package.json`),
);
if (benchInstalled) projects.push("bench");
else console.log("typecheck: bench/ not installed (npm run bench installs it): not checked");
let failed = 0;
for (const p of projects) {
  const r = spawnSync("npx", ["tsc", "-p", p], { stdio: "inherit" });
  if (r.status !== 0) {
    failed++;
    console.error(`typecheck: ${p} has type errors`);
  }
}
if (failed) process.exit(1);
console.log(`typecheck: ${projects.length} projects clean`);
