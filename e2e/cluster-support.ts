import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { Redis } from "ioredis";
import pg from "pg";
import { busPrefix } from "../apps/server/src/realtime/bus.ts";
import { localNginxConfig, NGINX } from "../apps/server/test/local-nginx.ts";
import { postgresSeeder, type SeedPlayer, sqliteSeeder } from "./arena-support.ts";
import { JOURNEY_PACE, JOURNEY_THROTTLES, waitForServer } from "./support.ts";

/**
 * The production shape without containers, for the cluster journeys: two
 * server processes behind nginx (deploy/nginx.conf, its upstreams pointed at
 * local ports), sharing Redis and one database (a scratch PostgreSQL
 * database when DATABASE_URL is set, else one SQLite file).
 * Needs REDIS_URL and nginx (Debian's nginx-light; .ci/run installs it).
 */
export const REDIS_URL = process.env.REDIS_URL ?? "";
export { NGINX };

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const METRICS_TOKEN = "cluster-journey-metrics-token";

/** Where a cluster listens: nginx on `proxy`, the two servers on `servers`. */
export interface ClusterPorts {
  proxy: number;
  servers: [number, number];
}

/** The cluster journey's ports, from the environment as before. */
export const CLUSTER_PORTS: ClusterPorts = {
  proxy: Number(process.env.E2E_PORT_PROXY ?? 3133),
  servers: [Number(process.env.E2E_PORT_C ?? 3143), Number(process.env.E2E_PORT_D ?? 3153)],
};

if (!REDIS_URL)
  console.log("REDIS_URL unset: the cluster journeys (nginx, two processes) are skipped.");
if (!NGINX)
  console.log(
    "nginx not installed: the cluster journeys are skipped (apt-get install nginx-light).",
  );

/**
 * Call inside a `test.describe` that starts a cluster: skipped without Redis
 * or nginx on a developer's machine, a failure in CI (which must run it).
 */
export function requireClusterTools(): void {
  test.skip(
    (!REDIS_URL || !NGINX) && !process.env.CI,
    "needs REDIS_URL and nginx (see the lines above)",
  );
  test.beforeAll(() => {
    if (!REDIS_URL) throw new Error("CI must run the cluster journey: set REDIS_URL");
    if (!NGINX) throw new Error("CI must run the cluster journey: install nginx-light");
  });
}

/** One server process on `port`, resolved once it answers /readyz. */
export function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: "ignore",
  });
  return waitForServer(`http://127.0.0.1:${port}/readyz`, `server on ${port}`, child).then(
    () => child,
  );
}

/** SIGTERM and the exit code, within the server's own 10 s shutdown bound (plus start-up slack). */
export function terminate(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((res, rej) => {
    const late = setTimeout(
      () => rej(new Error("the server did not exit within 20 s of SIGTERM")),
      20_000,
    );
    child.once("exit", (code) => {
      clearTimeout(late);
      res(code);
    });
    child.kill("SIGTERM");
  });
}

/** deploy/nginx.conf itself, inside a minimal nginx.conf, pointed at the local servers. */
export function nginxConfig(dir: string, ports: ClusterPorts): string {
  return localNginxConfig(dir, { proxy: ports.proxy, servers: ports.servers });
}

/** Websockets open on one process, from its own /metrics. */
export async function openSockets(port: number): Promise<number> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await r.text()).split("\n").find((l) => l.startsWith("cardrealm_websockets_open "));
  return Number(line?.split(" ")[1] ?? 0);
}

/**
 * Which of the cluster's servers (an index of `ports.servers`) holds the
 * player's websocket now, or null when none does. nginx's least_conn may put
 * any socket on either process, and /metrics only counts them; the channel's
 * presence in Redis names the holder: {prefix}conn:{user} is the holding
 * process's tag, "<host>-<pid>-<random>" (realtime/bus.ts), and each server
 * here is its own node process (startServer), so its pid is in the tag.
 */
export async function socketHolder(cluster: Cluster, userId: number): Promise<number | null> {
  const tag = await clusterKey(cluster, `conn:${userId}`);
  if (!tag) return null;
  const i = cluster.servers.findIndex((s) => s?.pid !== undefined && tag.includes(`-${s.pid}-`));
  return i < 0 ? null : i;
}

/**
 * One of the cluster's own Redis keys (under the prefix its servers derive
 * from their database, realtime/bus.ts), e.g. `emote:<user>`: its value or null.
 */
export async function clusterKey(cluster: Cluster, key: string): Promise<string | null> {
  const where = cluster.env.DATABASE_URL || join(cluster.env.DATA_DIR ?? "", "cardrealm.sqlite");
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    return await redis.get(`${busPrefix(where)}${key}`);
  } finally {
    redis.disconnect();
  }
}

/** A running cluster: what its tests reach and what `stopCluster` takes down. */
export interface Cluster {
  /** nginx's base URL, e.g. http://127.0.0.1:3133 */
  proxy: string;
  ports: ClusterPorts;
  /** The servers' environment (to start one again with `startServer`). */
  env: Record<string, string>;
  /** The server processes, by index of `ports.servers`; undefined while one is down. */
  servers: (ChildProcess | undefined)[];
  nginx: ChildProcess;
  /** Writes a player's level/season xp straight into the shared database. */
  seed: SeedPlayer;
  /** The scratch PostgreSQL database's name, or null on SQLite. */
  pgDatabase: string | null;
}

/**
 * Starts a cluster: a scratch database (PostgreSQL when DATABASE_URL is set),
 * two servers (one after the other: the first runs the migrations) with
 * TRUST_PROXY=1, the journeys' lifted throttles and pace, then nginx.
 * `env` adds to or overrides the servers' environment.
 */
export async function startCluster(
  opts: { ports?: ClusterPorts; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const ports = opts.ports ?? CLUSTER_PORTS;
  const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-e2e-cluster-"));
  let databaseUrl = "";
  let pgDatabase: string | null = null;
  let seed: SeedPlayer;
  const base = process.env.DATABASE_URL;
  if (base) {
    pgDatabase = `e2e_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${pgDatabase}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${pgDatabase}`;
    databaseUrl = u.toString();
    seed = postgresSeeder(databaseUrl);
  } else {
    seed = sqliteSeeder(dataDir);
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    TOKEN_SECRET: "e2e-cluster-secret-e2e-cluster-secret-01",
    TRUST_PROXY: "1",
    METRICS_TOKEN,
    BATTLE_SEED: "12345",
    ...JOURNEY_THROTTLES,
    ...JOURNEY_PACE,
    ...opts.env,
  };
  const servers: (ChildProcess | undefined)[] = [];
  let nginx: ChildProcess | undefined;
  try {
    for (const port of ports.servers) servers.push(await startServer(port, env));
    const nginxDir = mkdtempSync(join(tmpdir(), "cardrealm-nginx-"));
    nginx = spawn(
      NGINX ?? "nginx",
      ["-p", nginxDir, "-c", nginxConfig(nginxDir, ports), "-g", "daemon off;"],
      { stdio: "ignore" },
    );
    const proxy = `http://127.0.0.1:${ports.proxy}`;
    await waitForServer(`${proxy}/readyz`, "nginx", nginx);
    return { proxy, ports, env, servers, nginx, seed, pgDatabase };
  } catch (error) {
    // Nothing left behind by a start that failed half-way.
    nginx?.kill("SIGQUIT");
    await stopServersAndDatabase(servers, pgDatabase);
    throw error;
  }
}

async function stopServersAndDatabase(
  servers: (ChildProcess | undefined)[],
  pgDatabase: string | null,
): Promise<void> {
  for (const s of servers) if (s) await terminate(s).catch(() => s.kill("SIGKILL"));
  if (pgDatabase && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${pgDatabase} with (force)`);
    await admin.end();
  }
}

/** Stops the servers (SIGTERM) and nginx, and drops the scratch database. */
export async function stopCluster(cluster: Cluster | undefined): Promise<void> {
  if (!cluster) return;
  cluster.nginx.kill("SIGQUIT");
  await stopServersAndDatabase(cluster.servers, cluster.pgDatabase);
}

/**
 * A loopback address of its own (127.a.b.c: Linux answers the whole
 * 127.0.0.0/8 on lo), for requests nginx must see coming from a new client:
 * the throttles count per address in Redis, shared by every run of the hour.
 */
export function freshLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** An HTTP answer as a client sees it. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One request to `base` (nginx) from the local address `source`, on a
 * connection of its own; `body` is sent as JSON.
 */
export function requestFrom(
  base: string,
  source: string,
  method: "GET" | "POST",
  path: string,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolveAnswer, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: source,
        agent: false,
        timeout: 30_000,
        headers: {
          ...(payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
          ...opts.headers,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolveAnswer({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            body,
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
    req.on("error", reject);
    req.end(payload);
  });
}
