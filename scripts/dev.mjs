// npm run dev: the server with reload (tsx watch) and Vite with hot reload on :5173.
import { spawn } from "node:child_process";
import { ensureInstalled, root } from "./setup.mjs";

ensureInstalled();
const procs = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
  }),
  spawn("npm", ["run", "dev", "--workspace", "@cardrealm/client"], { cwd: root, stdio: "inherit" }),
];
console.log("dev: open http://localhost:5173 (Vite, proxies /api to :3000)");
const stop = () => {
  for (const p of procs) p.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const p of procs)
  p.on("exit", () => {
    stop();
    process.exit(0);
  });
