import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import pg from "pg";
import {
  finishBySurrender,
  matchTwo,
  playRounds,
  postgresSeeder,
  type SeedPlayer,
  sqliteSeeder,
} from "./arena-support.ts";
import { JOURNEY_PACE, JOURNEY_THROTTLES, waitForServer } from "./support.ts";

/**
 * The production shape without containers: two server processes behind
 * nginx (deploy/nginx.conf, its upstreams pointed at local ports), sharing
 * Redis and one database. Two players meet through the proxy; in the middle
 * of their game the process holding a player's websocket gets SIGTERM (a
 * deploy): it exits cleanly, its players reconnect through the proxy to the
 * other process and play on; the process comes back; the game is finished.
 * Needs REDIS_URL and nginx (Debian's nginx-light; .ci/run installs it).
 */
const REDIS_URL = process.env.REDIS_URL ?? "";
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => spawnSync(p, ["-v"]).status === 0);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const proxyPort = Number(process.env.E2E_PORT_PROXY ?? 3133);
const ports = [Number(process.env.E2E_PORT_C ?? 3143), Number(process.env.E2E_PORT_D ?? 3153)];
const proxy = `http://127.0.0.1:${proxyPort}`;
const METRICS_TOKEN = "cluster-journey-metrics-token";

if (!REDIS_URL)
  console.log("REDIS_URL unset: the cluster journey (nginx, two processes) is skipped.");
if (!NGINX)
  console.log("nginx not installed: the cluster journey is skipped (apt-get install nginx-light).");

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
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
function terminate(child: ChildProcess): Promise<number | null> {
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
function nginxConfig(dir: string): string {
  const site = readFileSync(join(root, "deploy/nginx.conf"), "utf8")
    .replace("server game1:3000", `server 127.0.0.1:${ports[0]}`)
    .replace("server game2:3000", `server 127.0.0.1:${ports[1]}`)
    .replace("listen 80;", `listen 127.0.0.1:${proxyPort};`);
  for (const t of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, t));
  const file = join(dir, "nginx.conf");
  writeFileSync(
    file,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`,
  );
  return file;
}

/** Websockets open on one process, from its own /metrics. */
async function openSockets(port: number): Promise<number> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await r.text()).split("\n").find((l) => l.startsWith("cardrealm_websockets_open "));
  return Number(line?.split(" ")[1] ?? 0);
}

test.describe("two servers behind nginx", () => {
  test.skip(
    (!REDIS_URL || !NGINX) && !process.env.CI,
    "needs REDIS_URL and nginx (see the lines above)",
  );
  test.beforeAll(() => {
    if (!REDIS_URL) throw new Error("CI must run the cluster journey: set REDIS_URL");
    if (!NGINX) throw new Error("CI must run the cluster journey: install nginx-light");
  });
  const servers: (ChildProcess | undefined)[] = [];
  let nginx: ChildProcess | undefined;
  let env: Record<string, string> = {};
  let seed: SeedPlayer = async () => {};
  let pgDatabase: string | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-e2e-cluster-"));
    let databaseUrl = "";
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
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      TOKEN_SECRET: "e2e-cluster-secret-e2e-cluster-secret-01",
      TRUST_PROXY: "1",
      METRICS_TOKEN,
      BATTLE_SEED: "12345",
      ...JOURNEY_THROTTLES,
      ...JOURNEY_PACE,
    };
    // One after the other: the first runs the migrations.
    for (const port of ports) servers.push(await startServer(port, env));
    const nginxDir = mkdtempSync(join(tmpdir(), "cardrealm-nginx-"));
    nginx = spawn(
      NGINX ?? "nginx",
      ["-p", nginxDir, "-c", nginxConfig(nginxDir), "-g", "daemon off;"],
      {
        stdio: "ignore",
      },
    );
    await waitForServer(`${proxy}/readyz`, "nginx", nginx);
  });

  test.afterAll(async () => {
    for (const s of servers) if (s) await terminate(s).catch(() => s.kill("SIGKILL"));
    nginx?.kill("SIGQUIT");
    if (pgDatabase && process.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${pgDatabase} with (force)`);
      await admin.end();
    }
  });

  test("a server restarted in the middle of a game: its players move to the other and finish", async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    const { contexts, a, b } = await matchTwo(browser, seed, [proxy, proxy]);
    try {
      await playRounds(a, b, 1);
      // The process holding the most of the two players' websockets goes down.
      const held = await Promise.all(ports.map(openSockets));
      expect((held[0] ?? 0) + (held[1] ?? 0), "both players' websockets are open").toBe(2);
      const victim = (held[0] ?? 0) >= (held[1] ?? 0) ? 0 : 1;
      const survivor = 1 - victim;
      const child = servers[victim];
      if (!child) throw new Error("no server to stop");
      expect(await terminate(child), "a clean exit after SIGTERM").toBe(0);
      servers[victim] = undefined;
      // Its players come back through the proxy on the other process.
      await expect.poll(() => openSockets(ports[survivor] ?? 0), { timeout: 30_000 }).toBe(2);
      // The game goes on there: every move is applied once (both boards agree each turn).
      await playRounds(a, b, 1);
      // The process comes back (a deploy's second half) and the game still finishes.
      servers[victim] = await startServer(ports[victim] ?? 0, env);
      await playRounds(a, b, 1);
      await finishBySurrender(a, b);
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});
