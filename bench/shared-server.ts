/** Starts the real server as a child process on a free port for a benchmark. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => res(typeof a === "object" && a ? a.port : 0));
    });
  });
}

/**
 * A bench signs thousands of players up and connects them from one address:
 * the server's per-address throttles (SIGNUPS_PER_HOUR, LOGINS_PER_MINUTE,
 * EVENTS_PER_MINUTE) and connection caps (CONNECTIONS_PER_ADDRESS, and
 * MAX_CONNECTIONS, whose default 10,000 is below 10,000 players' sockets plus
 * the HTTP keep-alive ones) are lifted for it.
 */
export const BENCH_THROTTLES = {
  SIGNUPS_PER_HOUR: "1000000",
  LOGINS_PER_MINUTE: "1000000",
  EVENTS_PER_MINUTE: "10000",
  CONNECTIONS_PER_ADDRESS: "1000000",
  MAX_CONNECTIONS: "1000000",
} as const;

/**
 * The V8 flags the server runs with in production (scripts/start.mjs, the
 * Dockerfile's CMD): bench/pvp starts its servers with them, before
 * BENCH_SERVER_NODE_ARGS (a later flag wins). Without them it measured a
 * young generation half the size that ships.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"] as const;

export interface BenchServerOptions {
  /** Pin the server to these CPUs (`taskset -c`), e.g. "1". */
  cpus?: string;
  /** Write a V8 CPU profile of the server into this directory on exit (`--cpu-prof`). */
  cpuProfDir?: string;
}

export async function startBenchServer(
  env: Record<string, string> = {},
  opts: BenchServerOptions = {},
): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  // BENCH_PORT=38310 pins the port (a shared machine hands each engineer a range).
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-bench-"));
  const nodeArgs = [
    ...(opts.cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", opts.cpuProfDir] : []),
    "--import",
    "tsx",
    "apps/server/src/main.ts",
  ];
  const [command, args] = opts.cpus
    ? ["taskset", ["-c", opts.cpus, process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      ...BENCH_THROTTLES,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url, dataDir };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
