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
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { CATALOGUE } from "@cardrealm/content";
import Database from "better-sqlite3";
import WebSocket from "ws";
import { BENCH_THROTTLES, SERVER_NODE_FLAGS } from "../shared-server.ts";
import { dropScratchDatabase, startCluster } from "./cluster.ts";
import { BENCH_METRICS_TOKEN, openServerWindow } from "./server-probe.ts";

const N = Number(process.env.BENCH_PLAYERS ?? 2000);
const GAMES = Math.min(Math.floor(N / 2), Number(process.env.BENCH_GAMES ?? Math.floor(N / 5)));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);
const root = resolve(import.meta.dirname, "..", "..");
// Idle keep-alive sockets are kept (Node's default keeps 256 and closes the
// rest): a browser keeps its own connection, and closing and reopening
// hundreds of sockets per burst measured the kernel's accept queue, not the server.
const agent = new Agent({ keepAlive: true, maxSockets: 1024, maxFreeSockets: 1024 });

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => res(typeof a === "object" && a ? a.port : 0));
    });
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const extra = [
    ...SERVER_NODE_FLAGS,
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ];
  const child = spawn(process.execPath, [...extra, "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: benchDbUrl,
      REDIS_URL: "",
      CLIENT_DIST: "/nonexistent",
      ...BENCH_THROTTLES,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, port };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** The process's user+system CPU time in ms (Linux /proc). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

let port = 0;
function post(
  path: string,
  token: string | null,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  const payload = body === undefined ? "" : JSON.stringify(body);
  return new Promise((resolveP, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { "content-type": "application/json" } : {}),
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolveP({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

// ---------------------------------------------------------------- the fast AI

interface Unit {
  ready: boolean;
}
interface Snapshot {
  game_data?: { game_id: string; active: string; version: number };
  player?: {
    hand: Record<string, number>;
    table: (0 | Unit)[];
    fire: { amount: number };
    diamond: { amount: number };
    pow: { amount: number };
  };
  end_game?: unknown;
}

interface Bot {
  id: number;
  token: string;
  ws: WebSocket;
  gameId: string | null;
  version: number;
  myTurn: boolean;
  busy: boolean;
  snap: Snapshot | null;
  playing: boolean;
  /** The last finished game: its late messages are ignored. */
  ended: string | null;
}

const latencies: number[] = [];
let messages = 0;
let gamesEnded = 0;
let inProgress = 0;
let httpErrors = 0;
let measureStart = Number.POSITIVE_INFINITY;
let measureEnd = Number.POSITIVE_INFINITY;
let stopping = false;

function affordable(card: number, p: NonNullable<Snapshot["player"]>): boolean {
  const def = CATALOGUE.get(card);
  if (!def) return false;
  const c = def.cost;
  return c.fire <= p.fire.amount && c.diamond <= p.diamond.amount && c.pow <= p.pow.amount;
}

/** Applies a state list (an answer or a channel message) to the bot's view. */
function absorb(bot: Bot, list: Snapshot[]): void {
  for (const m of list) {
    if (m.end_game) {
      if (bot.gameId) {
        bot.ended = bot.gameId;
        bot.gameId = null;
        bot.version = 0;
        bot.snap = null;
        bot.myTurn = false;
        gamesEnded++;
        inProgress = Math.max(0, inProgress - 0.5);
        if (bot.playing) setTimeout(() => void queue(bot), 200 + Math.random() * 800);
      }
      return;
    }
    if (m.game_data && m.player) {
      if (m.game_data.game_id === bot.ended) continue;
      const sameGame = m.game_data.game_id === bot.gameId;
      if (sameGame && m.game_data.version < bot.version) continue;
      bot.version = m.game_data.version;
      bot.snap = m;
      if (bot.gameId === null) inProgress += 0.5;
      bot.gameId = m.game_data.game_id;
      bot.myTurn = m.game_data.active === "player";
    }
  }
  if (bot.myTurn && !bot.busy) schedule(bot);
}

function schedule(bot: Bot): void {
  bot.busy = true;
  setTimeout(() => void act(bot), THINK_MS / 2 + Math.random() * (THINK_MS / 2));
}

async function act(bot: Bot): Promise<void> {
  try {
    if (stopping) return;
    const snap = bot.snap;
    const p = snap?.player;
    const gameId = bot.gameId;
    if (!p || !gameId || !bot.myTurn) return;
    const empty = p.table.indexOf(0);
    const entry = Object.entries(p.hand).find(
      ([, card]) => CATALOGUE.get(card)?.type === "unit" && affordable(card, p),
    );
    if (entry && empty >= 0) {
      const t0 = performance.now();
      const r = await post("/api/game/pvp/play-card", bot.token, {
        game_id: gameId,
        version: snap?.game_data?.version ?? 0,
        hand_key: Number(entry[0]),
        cell: empty,
      });
      // Only plays sent inside the window count, however long they take: a
      // play sent during the start-up rush and answered inside the window is
      // not the steady state (before 2026-11-22 those counted, and set the p99).
      if (t0 >= measureStart && t0 < measureEnd) latencies.push(performance.now() - t0);
      if (r.status === 200) {
        absorb(bot, (r.json as { data: Snapshot[] }).data);
        await new Promise((res) => setTimeout(res, THINK_MS / 4));
      }
    }
    const now = bot.snap?.player;
    if (!now || !bot.gameId) return;
    const keys = Object.keys(now.hand);
    const r = await post("/api/game/pvp/end-turn", bot.token, {
      game_id: bot.gameId,
      version: bot.snap?.game_data?.version ?? 0,
      player_attack: now.table.map((u) => u !== 0 && u.ready),
      ...(keys.length > 6 ? { discard_card: Number(keys[keys.length - 1]) } : {}),
    });
    if (r.status === 200) absorb(bot, (r.json as { data: Snapshot[] }).data);
    else httpErrors++;
  } catch {
    httpErrors++;
  } finally {
    bot.busy = false;
  }
}

async function queue(bot: Bot): Promise<void> {
  if (!bot.playing || stopping) return;
  try {
    const r = await post("/api/game/pvp/queue", bot.token, { version: "bench" });
    if (r.status !== 200) httpErrors++;
  } catch {
    if (!stopping) httpErrors++;
  }
}

async function confirm(bot: Bot, players: string): Promise<void> {
  for (let i = 0; i < 10 && !stopping; i++) {
    const r = await post("/api/game/pvp/confirm-start-game", bot.token, { players });
    const data = (r.json as { data?: { result: string; messages?: Snapshot[] } }).data;
    if (data?.result === "start_game") {
      absorb(bot, data.messages ?? []);
      return;
    }
    if (data?.result !== "waiting") {
      void queue(bot);
      return;
    }
    await new Promise((res) => setTimeout(res, 500));
  }
}

function connect(bot: Omit<Bot, "ws">): Promise<Bot> {
  return new Promise((resolveP, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/wss?token=${bot.token}`, {
      perMessageDeflate: false,
    });
    const full: Bot = { ...bot, ws };
    ws.on("open", () => {
      ws.send(
        JSON.stringify({
          action: "register",
          version: "bench",
          clear_state: true,
          data: { user_id: bot.id },
        }),
      );
    });
    const seen = new Set<string>();
    ws.on("message", (raw) => {
      messages++;
      const m = JSON.parse(raw.toString()) as {
        hash: string;
        data: { type: string; players?: string; messages?: Snapshot[] };
      };
      ws.send(
        JSON.stringify({
          action: "confirm",
          version: "bench",
          data: { user_id: bot.id, hash: m.hash },
        }),
      );
      if (seen.has(m.hash)) return;
      seen.add(m.hash);
      if (seen.size > 64) seen.clear();
      switch (m.data.type) {
        case "registered":
          resolveP(full);
          break;
        case "confirm_start_game":
          if (m.data.players) confirm(full, m.data.players).catch(() => {});
          break;
        case "start_game":
        case "state":
          absorb(full, m.data.messages ?? []);
          break;
        default:
          break;
      }
    });
    ws.on("error", reject);
  });
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

// ---------------------------------------------------------------- the run

const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-pvp-bench-"));
// On PostgreSQL the bench makes (and drops) a database of its own on that server.
let benchDbUrl = "";
let benchDbName = "";
const pgBase = process.env.BENCH_DATABASE_URL;
if (pgBase) {
  const pg = (await import("pg")).default;
  benchDbName = `cardrealm_bench_${process.pid}`;
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
const server = cluster?.servers[0] ?? (await startServer(dataDir));
port = cluster?.port ?? server.port;
const pid = server.child.pid as number;
try {
  console.log(
    `bench/pvp: ${N} players, ${GAMES} games at once, ${SECONDS} s, think ${THINK_MS} ms, ${cpus().length} cores, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite"}${cluster ? ", 2 processes behind nginx with Redis" : ""}`,
  );
  const t0 = Date.now();
  const users: { id: number; token: string }[] = [];
  await pool(
    Array.from({ length: N }, (_, i) => i),
    8,
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

  // Games: 2 x GAMES players queue; the rest stay connected and idle.
  const players = bots.slice(0, GAMES * 2);
  for (const b of players) b.playing = true;
  messages = 0;
  await pool(players, 64, queue);
  // Measure the steady state: wait until every game has started (or 60 s).
  const t3 = Date.now();
  while (Math.round(inProgress) < GAMES && Date.now() - t3 < 60_000) {
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `${Math.round(inProgress)} games started in ${((Date.now() - t3) / 1000).toFixed(1)} s`,
  );
  await new Promise((r) => setTimeout(r, 2000));
  const probe = cluster ? await cluster.openWindows() : await openServerWindow(port, pid);
  measureStart = performance.now();
  messages = 0;
  gamesEnded = 0;
  const t2 = Date.now();
  const cpuStart = cpuMsOf(pid);
  const benchCpuStart = process.cpuUsage();
  const inProgressSamples: number[] = [];
  const sampler = setInterval(() => inProgressSamples.push(Math.round(inProgress)), 1000);
  // The generator shares the cores: its own event-loop delay is part of every
  // latency it measures, so it is printed beside them.
  const lagResolutionMs = 10;
  const genLag = monitorEventLoopDelay({ resolution: lagResolutionMs });
  genLag.enable();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  genLag.disable();
  clearInterval(sampler);
  measureEnd = performance.now();
  const serverLines = await probe.close();
  const elapsed = (Date.now() - t2) / 1000;
  const serverCpu = (cpuMsOf(pid) - cpuStart) / (elapsed * 10);
  const benchUsage = process.cpuUsage(benchCpuStart);
  const benchCpu = (benchUsage.user + benchUsage.system) / 1000 / (elapsed * 10);
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const rssBusy = rssOf(pid);
  const lagMs = (ns: number) => Math.max(0, ns / 1e6 - lagResolutionMs).toFixed(1);
  const msgRate = messages / elapsed;
  for (const b of players) b.playing = false;
  // Plays sent in the window's last moments are still counted when they answer.
  await new Promise((r) => setTimeout(r, 3000));

  const sorted = [...latencies].sort((a, b) => a - b);
  const avgGames =
    inProgressSamples.reduce((a, b) => a + b, 0) / Math.max(1, inProgressSamples.length);
  const connected = bots.filter((b) => b.ws.readyState === WebSocket.OPEN).length;
  const lines = [
    `connected players           ${connected}`,
    `games in progress           ${avgGames.toFixed(0)} on average (max ${Math.max(0, ...inProgressSamples)}), ${gamesEnded / 2} finished in ${elapsed.toFixed(0)} s`,
    `channel messages per second ${msgRate.toFixed(0)} (server to players)`,
    `play-card ack latency       p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms (${sorted.length} plays)`,
    `  spread                    p90 ${pct(sorted, 90).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${pct(sorted, 100).toFixed(1)} ms, ${sorted.filter((x) => x > 1000).length} over 1 s`,
    // The histogram holds whole sampling intervals: the delay is what lies past the period.
    ...serverLines,
    `generator event-loop delay  p50 ${lagMs(genLag.percentile(50))} ms, p99 ${lagMs(genLag.percentile(99))} ms, max ${lagMs(genLag.max)} ms (this load generator's own loop, not the server)`,
    `memory per idle player      ${(perPlayer / 1024).toFixed(1)} KB (server RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before sockets, ${(rssIdle / 2 ** 20).toFixed(0)} MB idle, ${(rssBusy / 2 ** 20).toFixed(0)} MB playing)`,
    `http errors                 ${httpErrors}`,
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
  stopping = true;
  for (const b of bots) b.ws.terminate();
} finally {
  stopping = true;
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
