// Shared by start, test and dev: install what is missing, build what is stale.
// Uses only Node built-ins, because it runs before node_modules exists.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("..", import.meta.url).pathname;

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
  return r.status ?? 1;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** npm ci on a fresh clone; npm install when package.json or the lockfile changed since. */
export function ensureInstalled() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const manifests = ["package.json", "package-lock.json", ...workspaceManifests()].map((p) =>
    join(root, p),
  );
  const stale =
    !existsSync(marker) || manifests.some((m) => newestMtime(m) > statSync(marker).mtimeMs);
  if (!stale) return;
  const fresh = !existsSync(join(root, "node_modules"));
  console.log(
    fresh
      ? "setup: installing dependencies (first run)..."
      : "setup: dependencies changed, updating...",
  );
  // install, not ci: it follows the lockfile when it is in step and repairs it when a
  // package.json moved ahead, instead of refusing to start.
  const args = ["install"];
  const status = run("npm", [...args, "--no-audit", "--no-fund"]);
  if (status !== 0) {
    console.error("setup: npm install failed; see the messages above.");
    process.exit(status);
  }
}

function workspaceManifests() {
  const dirs = [
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
  return dirs.map((d) => `${d}/package.json`);
}

/** Builds the client when its sources (or what it imports) are newer than the build. */
export function ensureClientBuilt() {
  const built = join(root, "apps/client/dist/index.html");
  const inputs = [
    "apps/client/src",
    "apps/client/public",
    "apps/client/index.html",
    "apps/client/vite.config.ts",
    "packages/protocol/src",
    "packages/engine/src",
    "content/src",
  ];
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt && inputs.every((p) => newestMtime(join(root, p)) <= builtAt)) return;
  console.log("setup: building the client...");
  const status = run("npm", ["run", "build", "--workspace", "@cardrealm/client"]);
  if (status !== 0) {
    console.error("setup: the client build failed; see the messages above.");
    process.exit(status);
  }
}
