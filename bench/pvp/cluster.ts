/**
 * bench/pvp against the production shape (issue 25 item 2): two server
 * processes behind nginx with deploy/nginx.conf, sharing Redis and one
 * PostgreSQL database, as compose.yaml runs them.
 *
 *   BENCH_CLUSTER=1 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/pvp/pvp-bench.ts
 *
 * The bench's scratch database names the Redis key prefix the servers use
 * (realtime/bus.ts busPrefix), so a run's keys are its own; they are deleted
 * when it stops. nginx gets deploy/nginx.conf with its upstreams pointed at
 * the two local ports and one change for a load generator that is a single
 * address: the per-address connection cap (64) is lifted, as BENCH_THROTTLES
 * lifts the servers' own. Each process's CPU, event-loop delay and GC come
 * from its own /metrics (server-probe.ts); nginx's CPU from /proc.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { busPrefix } from "../../apps/server/src/realtime/bus.ts";
import { localNginxConfig, NGINX } from "../../apps/server/test/local-nginx.ts";
import { BENCH_THROTTLES, SERVER_NODE_FLAGS } from "../shared-server.ts";
import { BENCH_METRICS_TOKEN, cpuMsOfPid, openWindow, windowLines } from "./server-probe.ts";

const root = resolve(import.meta.dirname, "..", "..");

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => res(typeof a === "object" && a ? a.port : 0));
    });
  });
}

async function waitFor(url: string, what: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer ${url} within 120 s`);
}

/**
 * deploy/nginx.conf inside a minimal nginx.conf, pointed at the local
 * servers; room for 10,000 players' sockets (each proxied one holds two).
 */
export function benchNginxConfig(dir: string, proxy: number, servers: number[]): string {
  return localNginxConfig(dir, {
    proxy,
    servers: [servers[0] as number, servers[1] as number],
    backlog: 4096,
    perAddress: 65000,
    workerConnections: 60000,
    rlimitNofile: 65536,
    errorLogLevel: "error",
  });
}

/** Drops the bench's scratch database (a cluster that failed to start leaves nothing). */
export async function dropScratchDatabase(
  adminUrl: string | undefined,
  name: string,
): Promise<void> {
  if (!adminUrl || !name) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export interface BenchCluster {
  /** nginx's port: the one the bench's players use. */
  port: number;
  servers: { child: ChildProcess; port: number }[];
  nginx: ChildProcess;
  /** Opens a measuring window on every process; its close gives the output lines. */
  openWindows(): Promise<{ close(): Promise<string[]> }>;
  /** Stops nginx and the servers after the first (pvp-bench stops that one), deletes the run's Redis keys. */
  stop(): Promise<void>;
}

/** nginx's error log of the run, summed up before its folder goes: how many lines, by message. */
function reportNginxErrors(file: string): void {
  if (!existsSync(file)) return;
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
  if (lines.length === 0) return;
  const kinds = new Map<string, number>();
  for (const line of lines) {
    // "2026/12/07 07:30:01 [error] 123#123: *456 upstream timed out (...) while ..., client: ..."
    const what = line.replace(/^.*?\] \d+#\d+: (\*\d+ )?/, "").replace(/, client: .*$/, "");
    kinds.set(what, (kinds.get(what) ?? 0) + 1);
  }
  const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 3);
  console.log(
    `nginx error log             ${lines.length} lines; most: ${top.map(([k, n]) => `${n} x "${k}"`).join("; ")}`,
  );
}

/** Two servers (the first runs the migrations, then the second starts) and nginx in front. */
export async function startCluster(opts: {
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  nodeArgs: string[];
}): Promise<BenchCluster> {
  if (!opts.databaseUrl) throw new Error("BENCH_CLUSTER needs BENCH_DATABASE_URL (PostgreSQL)");
  if (!opts.redisUrl) throw new Error("BENCH_CLUSTER needs REDIS_URL");
  if (!NGINX) throw new Error("BENCH_CLUSTER needs nginx (apt-get install nginx-light)");
  const servers: { child: ChildProcess; port: number }[] = [];
  let nginx: ChildProcess | undefined;
  const nginxDir = mkdtempSync(join(tmpdir(), "cardrealm-bench-nginx-"));
  const stop = async (all: boolean) => {
    nginx?.kill("SIGQUIT");
    for (const s of all ? servers : servers.slice(1)) {
      if (s.child.exitCode !== null) continue;
      s.child.kill("SIGTERM");
      await new Promise((r) => s.child.once("exit", r));
    }
    reportNginxErrors(join(nginxDir, "error.log"));
    rmSync(nginxDir, { recursive: true, force: true });
    const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1 });
    try {
      const prefix = busPrefix(opts.databaseUrl);
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== "0");
    } finally {
      redis.disconnect();
    }
  };
  try {
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawn(
        process.execPath,
        [...SERVER_NODE_FLAGS, ...opts.nodeArgs, "--import", "tsx", "apps/server/src/main.ts"],
        {
          cwd: root,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: "127.0.0.1",
            LOG_LEVEL: "warn",
            DATA_DIR: opts.dataDir,
            DATABASE_URL: opts.databaseUrl,
            REDIS_URL: opts.redisUrl,
            TRUST_PROXY: "1",
            TOKEN_SECRET: "bench-cluster-secret-bench-cluster-secret",
            CLIENT_DIST: "/nonexistent",
            ...BENCH_THROTTLES,
            METRICS_TOKEN: BENCH_METRICS_TOKEN,
            SERVER_TIMING: process.env.BENCH_SERVER_TIMING ?? "1",
          },
          stdio: ["ignore", "inherit", "inherit"],
        },
      );
      servers.push({ child, port });
      await waitFor(`http://127.0.0.1:${port}/readyz`, `server ${i + 1}`, child);
    }
    const port = await freePort();
    const conf = benchNginxConfig(
      nginxDir,
      port,
      servers.map((s) => s.port),
    );
    nginx = spawn(NGINX, ["-p", nginxDir, "-c", conf, "-g", "daemon off;"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitFor(`http://127.0.0.1:${port}/readyz`, "nginx", nginx);
    const proxy = nginx;
    // nginx's master forks the worker that does the work: its CPU is the worker's.
    const nginxPids = () => {
      const out = spawnSync("pgrep", ["-P", String(proxy.pid)], { encoding: "utf8" }).stdout;
      return [proxy.pid as number, ...out.split("\n").filter(Boolean).map(Number)];
    };
    return {
      port,
      servers,
      nginx: proxy,
      async openWindows() {
        const windows = await Promise.all(
          servers.map((s) => openWindow(s.port, s.child.pid as number)),
        );
        const pids = nginxPids();
        const nginxBefore = pids.reduce((a, p) => a + cpuMsOfPid(p), 0);
        const t0 = performance.now();
        return {
          async close() {
            const seconds = (performance.now() - t0) / 1000;
            const nginxMs = pids.reduce((a, p) => a + cpuMsOfPid(p), 0) - nginxBefore;
            const lines: string[] = [];
            const readings = await Promise.all(windows.map((w) => w.close()));
            readings.forEach((r, i) => {
              const label = `server ${String.fromCharCode(65 + i)}`;
              lines.push(
                `${`${label} cpu`.padEnd(28)}${(r.cpuMs / (seconds * 10)).toFixed(0)}% of a core, ${r.moves} moves (${(r.moves / seconds).toFixed(0)}/s)`,
                ...windowLines(r, seconds, label).filter((l) => !l.startsWith("profile window")),
              );
            });
            lines.push(
              `${"nginx cpu".padEnd(28)}${(nginxMs / (seconds * 10)).toFixed(0)}% of a core (one worker)`,
            );
            return lines;
          },
        };
      },
      stop: () => stop(false),
    };
  } catch (err) {
    await stop(true).catch(() => {});
    throw err;
  }
}
