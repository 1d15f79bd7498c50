// npm start: install what is missing, build the client if stale, run one server.
import { spawn } from "node:child_process";
import { ensureClientBuilt, ensureInstalled, root } from "./setup.mjs";

ensureInstalled();
ensureClientBuilt();
// A 32 MB young generation: the arena's many short-lived move objects were
// promoted and collected in long pauses (bench/pvp at 2,000 games: play-card
// p99 446 -> 223-266 ms with it; bench/RESULTS.md).
const nodeFlags = ["--max-semi-space-size=32"];
const child = spawn(
  process.execPath,
  [...nodeFlags, "--import", "tsx", "apps/server/src/main.ts"],
  {
    cwd: root,
    stdio: "inherit",
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
