// Type-checks every workspace with its own tsconfig (each has its own libs:
// the engine has neither DOM nor Node, the client has DOM, the server Node).
import { spawnSync } from "node:child_process";

const projects = [
  "packages/engine",
  "packages/protocol",
  "packages/testkit",
  "packages/ai",
  "content",
  "apps/server",
  "apps/client",
  "tools",
  "bench",
  "e2e",
];
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
