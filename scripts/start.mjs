// npm start: install what is missing, build the client if stale, run one server.
// With NODE_ENV=production it installs and builds nothing: it runs the
// ahead-of-time build (`npm run build`) on plain Node, so a machine with only
// production dependencies (`npm ci --omit=dev`) can start it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ensureClientBuilt, ensureInstalled, root } from "./setup.mjs";

const production = process.env.NODE_ENV === "production";
let entry;
if (production) {
  entry = [join(root, "apps/server/dist/main.js")];
  const clientIndex = join(root, process.env.CLIENT_DIST ?? "apps/client/dist", "index.html");
  if (!existsSync(entry[0]) || !existsSync(clientIndex)) {
    console.error(
      "start: NODE_ENV=production runs the build, and there is none: run `npm run build` first (it needs the dev dependencies; see README, Running in production).",
    );
    process.exit(2);
  }
} else {
  ensureInstalled();
  ensureClientBuilt();
  entry = ["--import", "tsx", "apps/server/src/main.ts"];
}
// A 32 MB young generation: the arena's many short-lived move objects were
// promoted and collected in long pauses (bench/pvp at 2,000 games: play-card
// p99 446 -> 223-266 ms with it; bench/RESULTS.md). Source maps make a
// production stack trace point at the TypeScript lines.
const nodeFlags = ["--max-semi-space-size=32", ...(production ? ["--enable-source-maps"] : [])];
const child = spawn(process.execPath, [...nodeFlags, ...entry], {
  cwd: root,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
