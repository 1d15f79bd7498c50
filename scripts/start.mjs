// npm start: install what is missing, build the client if stale, run one server.
import { spawn } from "node:child_process";
import { ensureClientBuilt, ensureInstalled, root } from "./setup.mjs";

ensureInstalled();
ensureClientBuilt();
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
