/**
 * bench/pvp: many websocket players against a started server.
 *
 *   npx tsx bench/pvp/pvp-bench.ts            (or: npm run bench -- pvp)
 *   BENCH_PLAYERS=10000 BENCH_GAMES=2000 BENCH_SECONDS=30 npx tsx bench/pvp/pvp-bench.ts
 *
 * It starts the real server (apps/server/src/main.ts) as a child process on a
 * fresh SQLite database (BENCH_DATABASE_URL for PostgreSQL), signs up
 * BENCH_PLAYERS guests through the API, lifts them to the arena level (one
 * UPDATE: the story is not what is measured), connects one /wss socket each
 * and registers it, then measures the server's memory per idle connected
 * player (RSS delta / N). Then 2 x BENCH_GAMES of them queue and play PvP
 * games with a fast view-based AI, one action every BENCH_THINK_MS (random
 * half to full), re-queueing when a game ends, for BENCH_SECONDS. It prints
 * connected players, games in progress, channel messages per second, and the
 * play-card acknowledgement latency (HTTP round trip) p50/p99, and appends the
 * figures to bench/RESULTS.md (BENCH_NO_RECORD=1 to skip).
 *
 * Capacity figures (docs/capacity.md, capacity-probe.ts): the servers' CPU
 * per idle connected player (BENCH_IDLE_SECONDS, default 30: one heartbeat
 * round, against 10 s with no socket), per game-minute, the bytes on the
 * wire per player and per move, Redis commands per move (BENCH_CLUSTER) and
 * PostgreSQL commits and rows per move (BENCH_DATABASE_URL; the scratch
 * database is named BENCH_DB_PREFIX_<pid>, default cardrealm_bench).
 * BENCH_SIGNUP_CONCURRENCY (default 8): sign-ups in flight.
 */
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "better-sqlite3";
import WebSocket from "ws";
import { capacityLines, openCapacityWindow, wire } from "./capacity-probe.ts";
import { dropScratchDatabase, startCluster } from "./cluster.ts";
import {
  type Bot,
  connect,
  pct,
  queue,
  slowPlayLines,
  stats,
  timelineLine,
  waitLines,
} from "./pvp-bots.ts";
import { cpuMsOf, pool, post, root, rssOf, startServer, target } from "./pvp-server.ts";
import { lastScrape, openServerWindow } from "./server-probe.ts";
import { watchSocketQueues } from "./socket-queues.ts";

const N = Number(process.env.BENCH_PLAYERS ?? 2000);
const GAMES = Math.min(Math.floor(N / 2), Number(process.env.BENCH_GAMES ?? Math.floor(N / 5)));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/**
 * How long the games play before the window opens (s). Every game starts in
 * the same half second, so their first turns all fall in the next 1-2 s:
 * 2,000 games' first moves at once, twice the steady rate, a start-up rush
 * no server sees from players who arrive over minutes.
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);
// The idle window (CPU per connected idle player): one heartbeat round (30 s) by default.
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);

// ---------------------------------------------------------------- the run

const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-pvp-bench-"));
// On PostgreSQL the bench makes (and drops) a database of its own on that server.
let benchDbUrl = "";
let benchDbName = "";
const pgBase = process.env.BENCH_DATABASE_URL;
if (pgBase) {
  const pg = (await import("pg")).default;
  // BENCH_DB_PREFIX: the scratch database's name (h8_bench_<pid>), for a shared server.
  benchDbName = `${process.env.BENCH_DB_PREFIX ?? "cardrealm_bench"}_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${benchDbName}`);
  await admin.end();
  const u = new URL(pgBase);
  u.pathname = `/${benchDbName}`;
  benchDbUrl = u.toString();
}
// BENCH_CLUSTER=1: two processes behind nginx with Redis (bench/pvp/cluster.ts).
const cluster = process.env.BENCH_CLUSTER
  ? await startCluster({
      databaseUrl: benchDbUrl,
      redisUrl: process.env.REDIS_URL || "redis://127.0.0.1:6379",
      dataDir,
      nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [],
    }).catch(async (err: unknown) => {
      await dropScratchDatabase(pgBase, benchDbName);
      throw err;
    })
  : null;
const server = cluster?.servers[0] ?? (await startServer(dataDir, benchDbUrl));
target.port = cluster?.port ?? server.port;
const pid = server.child.pid as number;
try {
  console.log(
    `bench/pvp: ${N} players, ${GAMES} games at once, ${SECONDS} s, think ${THINK_MS} ms, ${cpus().length} cores, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite"}${cluster ? ", 2 processes behind nginx with Redis" : ""}`,
  );
  const t0 = Date.now();
  const users: { id: number; token: string }[] = [];
  // BENCH_SIGNUP_CONCURRENCY: sign-ups in flight (on PostgreSQL each is several round trips).
  await pool(
    Array.from({ length: N }, (_, i) => i),
    Number(process.env.BENCH_SIGNUP_CONCURRENCY ?? 8),
    async () => {
      const r = await post("/api/play-new-player", null, undefined);
      const d = (r.json as { data: { id: number; jwtToken: string } }).data;
      users.push({ id: d.id, token: d.jwtToken });
    },
  );
  console.log(`signed up ${N} players in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (benchDbUrl) {
    const pg = (await import("pg")).default;
    const c = new pg.Client({ connectionString: benchDbUrl });
    await c.connect();
    await c.query("update users set level = 3");
    await c.end();
  } else {
    const sqlite = new Database(join(dataDir, "cardrealm.sqlite"));
    sqlite.pragma("busy_timeout = 5000");
    sqlite.prepare("update users set level = 3").run();
    sqlite.close();
  }

  await new Promise((r) => setTimeout(r, 1500));
  // Every server process's CPU (a cluster's two): the idle figures are the sum.
  const allCpuMs = () =>
    (cluster?.servers ?? [server]).reduce((a, s) => a + cpuMsOf(s.child.pid as number), 0);
  const baseSeconds = Math.min(10, IDLE_SECONDS);
  const baseCpu = allCpuMs();
  await new Promise((r) => setTimeout(r, baseSeconds * 1000));
  const baseCpuPerS = (allCpuMs() - baseCpu) / Math.max(1, baseSeconds);
  const rssBefore = rssOf(pid);
  const t1 = Date.now();
  const bots: Bot[] = [];
  await pool(users, 200, async (u) => {
    bots.push(
      await connect({
        ...u,
        gameId: null,
        version: 0,
        myTurn: false,
        busy: false,
        snap: null,
        playing: false,
        ended: null,
      }),
    );
  });
  console.log(`connected ${bots.length} sockets in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 3000));
  const rssIdle = rssOf(pid);
  const perPlayer = (rssIdle - rssBefore) / bots.length;
  const idleCpu = allCpuMs();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idleCpuPerS = (allCpuMs() - idleCpu) / Math.max(1, IDLE_SECONDS);

  // Games: 2 x GAMES players queue; the rest stay connected and idle.
  const players = bots.slice(0, GAMES * 2);
  for (const b of players) b.playing = true;
  stats.messages = 0;
  await pool(players, 64, queue);
  // Measure the steady state: wait until every game has started (or 60 s).
  const t3 = Date.now();
  while (Math.round(stats.inProgress) < GAMES && Date.now() - t3 < 60_000) {
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `${Math.round(stats.inProgress)} games started in ${((Date.now() - t3) / 1000).toFixed(1)} s`,
  );
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  const probe = cluster ? await cluster.openWindows() : await openServerWindow(target.port, pid);
  const capacity = await openCapacityWindow(
    cluster ? process.env.REDIS_URL || "redis://127.0.0.1:6379" : null,
    benchDbUrl || null,
  );
  wire.reset();
  stats.moves = 0;
  stats.measureStart = performance.now();
  stats.messages = 0;
  stats.gamesEnded = 0;
  const t2 = Date.now();
  const cpuStart = cpuMsOf(pid);
  const allCpuStart = allCpuMs();
  const benchCpuStart = process.cpuUsage();
  const inProgressSamples: number[] = [];
  const sampler = setInterval(() => inProgressSamples.push(Math.round(stats.inProgress)), 1000);
  // The generator shares the cores: its own event-loop delay is part of every
  // latency it measures, so it is printed beside them.
  const lagResolutionMs = 10;
  const genLag = monitorEventLoopDelay({ resolution: lagResolutionMs });
  genLag.enable();
  const queues = watchSocketQueues(target.port);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  genLag.disable();
  clearInterval(sampler);
  stats.measureEnd = performance.now();
  const windowS = (Date.now() - t2) / 1000;
  const queuesClosed = queues.close();
  const scrapeStart = Date.now();
  const serverLines = await probe.close();
  // The closing /metrics scrape is one more call to a busy server: how long it waited.
  const closingScrapeS = (Date.now() - scrapeStart) / 1000;
  const queuesLine = await queuesClosed;
  const elapsed = (Date.now() - t2) / 1000;
  const serverCpu = (cpuMsOf(pid) - cpuStart) / (elapsed * 10);
  const allCpuWindowMs = allCpuMs() - allCpuStart;
  const wireSnapshot = { ...wire };
  const measured = await capacity.close();
  const benchUsage = process.cpuUsage(benchCpuStart);
  const benchCpu = (benchUsage.user + benchUsage.system) / 1000 / (elapsed * 10);
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const rssBusy = rssOf(pid);
  const lagMs = (ns: number) => Math.max(0, ns / 1e6 - lagResolutionMs).toFixed(1);
  const msgRate = stats.messages / elapsed;
  for (const b of players) b.playing = false;
  // Plays sent in the window's last moments are still counted when they answer.
  await new Promise((r) => setTimeout(r, 3000));

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const avgGames =
    inProgressSamples.reduce((a, b) => a + b, 0) / Math.max(1, inProgressSamples.length);
  const connected = bots.filter((b) => b.ws.readyState === WebSocket.OPEN).length;
  const lines = [
    `connected players           ${connected}${stats.closes.size ? ` (closed during the run, by close code: ${[...stats.closes].map(([code, n]) => `${code} x ${n}`).join(", ")}, after ${Math.min(...stats.closedAfterS).toFixed(0)}-${Math.max(...stats.closedAfterS).toFixed(0)} s open)` : ""}`,
    `games in progress           ${avgGames.toFixed(0)} on average (max ${Math.max(0, ...inProgressSamples)}), ${stats.gamesEnded / 2} finished in ${elapsed.toFixed(0)} s`,
    `channel messages per second ${msgRate.toFixed(0)} (server to players)`,
    `play-card ack latency       p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms (${sorted.length} plays)`,
    `  spread                    p90 ${pct(sorted, 90).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${pct(sorted, 100).toFixed(1)} ms, ${sorted.filter((x) => x > 1000).length} over 1 s`,
    ...slowPlayLines(),
    timelineLine(windowS * 1000),
    ...waitLines(),
    queuesLine,
    `window                      ${windowS.toFixed(1)} s, then ${closingScrapeS.toFixed(1)} s for the closing /metrics scrape (${lastScrape.connectMs === null ? "kept-alive socket" : `its TCP handshake took ${lastScrape.connectMs.toFixed(0)} ms`})`,
    // The histogram holds whole sampling intervals: the delay is what lies past the period.
    ...serverLines,
    `generator event-loop delay  p50 ${lagMs(genLag.percentile(50))} ms, p99 ${lagMs(genLag.percentile(99))} ms, max ${lagMs(genLag.max)} ms (this load generator's own loop, not the server)`,
    `memory per idle player      ${(perPlayer / 1024).toFixed(1)} KB (server RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before sockets, ${(rssIdle / 2 ** 20).toFixed(0)} MB idle, ${(rssBusy / 2 ** 20).toFixed(0)} MB playing)`,
    `cpu per idle player         ${(((idleCpuPerS - baseCpuPerS) * 60) / bots.length).toFixed(3)} ms per minute (${(idleCpuPerS / 10).toFixed(1)}% of a core with ${bots.length} idle sockets over ${IDLE_SECONDS} s, ${(baseCpuPerS / 10).toFixed(1)}% with none)`,
    ...capacityLines({
      seconds: elapsed,
      moves: stats.moves,
      idlePlayers: bots.length - players.length,
      playingPlayers: players.length,
      avgGames,
      serverCpuMs: allCpuWindowMs,
      wire: wireSnapshot,
      ...measured,
    }),
    `http errors                 ${stats.httpErrors}${stats.errorKinds.size ? ` (${[...stats.errorKinds].map(([k, n]) => `${k}: ${n}`).join(", ")}, after ${Math.min(...stats.closedAfterS).toFixed(0)}-${Math.max(...stats.closedAfterS).toFixed(0)} s open)` : ""}`,
    `cpu                         server ${serverCpu.toFixed(0)}% of a core, this load generator ${benchCpu.toFixed(0)}%, machine load average ${load}`,
  ];
  for (const l of lines) console.log(l);

  if (!process.env.BENCH_NO_RECORD) {
    const file = join(root, "bench", "RESULTS.md");
    if (!existsSync(file)) writeFileSync(file, "# Benchmark results\n");
    const cmd = `BENCH_PLAYERS=${N} BENCH_GAMES=${GAMES} BENCH_SECONDS=${SECONDS} BENCH_THINK_MS=${THINK_MS} npx tsx bench/pvp/pvp-bench.ts`;
    appendFileSync(
      file,
      `\n## bench/pvp, ${new Date().toISOString().slice(0, 10)} (${cpus().length} cores, ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite"})\n\n\`${cmd}\`\n\n\`\`\`\n${lines.join("\n")}\n\`\`\`\n`,
    );
  }
  stats.stopping = true;
  for (const b of bots) b.ws.terminate();
} finally {
  stats.stopping = true;
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
  await cluster?.stop();
  // Each run leaves a 30-60 MB database: gone with the run.
  rmSync(dataDir, { recursive: true, force: true });
  if (benchDbName && pgBase) {
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`drop database if exists ${benchDbName}`);
    await admin.end();
  }
}
process.exit(0);
