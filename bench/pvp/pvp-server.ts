/**
 * bench/pvp's server side (pvp-bench.ts): starting the real server as a child
 * process on a free port, reading its memory and CPU time from /proc, HTTP
 * posts on kept-alive sockets, and a small worker pool.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parseServerTiming } from "../../apps/server/src/http/server-timing.ts";
import { BENCH_THROTTLES, SERVER_NODE_FLAGS } from "../shared-server.ts";
import { headerBytes, wire } from "./capacity-probe.ts";
import { BENCH_METRICS_TOKEN } from "./server-probe.ts";

export const root = resolve(import.meta.dirname, "..", "..");
// Idle keep-alive sockets are kept (Node's default keeps 256 and closes the
// rest): a browser keeps its own connection, and closing and reopening
// hundreds of sockets per burst measured the kernel's accept queue, not the server.
// BENCH_AGENT_SOCKETS: the limit (more calls than this in flight wait in the agent's queue).
export const AGENT_MAX_SOCKETS = Number(process.env.BENCH_AGENT_SOCKETS ?? 1024);
const agent = new Agent({
  keepAlive: true,
  maxSockets: AGENT_MAX_SOCKETS,
  maxFreeSockets: AGENT_MAX_SOCKETS,
});

/**
 * BENCH_CONNECTIONS=player (the default): each player's calls go over
 * connections of its own (at most 2, kept alive), as a browser's tab keeps
 * its own; `shared`: every player's calls share one pool of
 * BENCH_AGENT_SOCKETS, as every run before session 24 did. A shared pool
 * made the players wait for each other: when a wave of game ends kept more
 * than its sockets busy, plays queued for a socket and then opened new
 * connections (bench/RESULTS.md "Session 24": up to 1,137 plays a minute
 * waited over 500 ms on this side, and they set the p99).
 */
const PER_PLAYER = (process.env.BENCH_CONNECTIONS ?? "player") === "player";
const agents = new Map<string, Agent>();
function agentFor(token: string | null): Agent {
  if (!PER_PLAYER || token === null) return agent;
  let own = agents.get(token);
  if (!own) {
    own = new Agent({ keepAlive: true, maxSockets: 2, maxFreeSockets: 2 });
    agents.set(token, own);
  }
  return own;
}

/** The started server's port: what post() and the sockets talk to. */
export const target = { port: 0 };

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => res(typeof a === "object" && a ? a.port : 0));
    });
  });
}

/** Starts apps/server/src/main.ts on a free port, on SQLite in dataDir or on databaseUrl. */
export async function startServer(
  dataDir: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; port: number }> {
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
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      CLIENT_DIST: "/nonexistent",
      ...BENCH_THROTTLES,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      // Each answer's Server-Timing splits the slow plays' round trips (pvp-bots.ts waitLines).
      SERVER_TIMING: process.env.BENCH_SERVER_TIMING ?? "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Up to 2 minutes: on a busy machine tsx's first compile of the server is slow.
  for (let i = 0; i < 1200; i++) {
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

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** The process's user+system CPU time in ms (Linux /proc). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/**
 * Where a call's round trip went on this side: `socketMs`, how long it
 * waited for a socket (the agent's queue when all `maxSockets` are busy, or
 * a new connection's TCP handshake); `fresh`, whether it opened a new
 * connection; `sentAt`/`answeredAt`, on performance.now().
 */
export interface PostTiming {
  socketMs: number;
  fresh: boolean;
  /** The new connection's handshake (ms), when `fresh`. */
  connectMs: number | null;
  /** When the call was sent and its answer's headers read (performance.now() here). */
  sentAt: number;
  headersAt: number;
  /** The server's Server-Timing (apps/server/src/http/server-timing.ts): its arrival (Unix ms) and time. */
  server: { began: number; dur: number } | null;
}

/**
 * What the players' calls accept: a browser's header (Chromium's) unless
 * BENCH_ACCEPT_ENCODING says otherwise (empty: answers come uncompressed,
 * as every run before session 20 had them, which hid what compressing a
 * move's answer cost the server: bench/RESULTS.md "Session 20").
 * Compressed answers are decoded here; the wire counts their compressed bytes.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  if (encoding && encoding !== "identity")
    throw new Error(`unexpected content-encoding ${encoding}`);
  return body.toString("utf8");
}

export function post(
  path: string,
  token: string | null,
  body: unknown,
): Promise<{ status: number; json: unknown; timing: PostTiming }> {
  const payload = body === undefined ? "" : JSON.stringify(body);
  const t0 = performance.now();
  const timing: PostTiming = {
    socketMs: 0,
    fresh: false,
    connectMs: null,
    sentAt: t0,
    headersAt: t0,
    server: null,
  };
  return new Promise((resolveP, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: target.port,
        path,
        method: "POST",
        agent: agentFor(token),
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { "content-type": "application/json" } : {}),
          ...(ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {}),
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        timing.headersAt = performance.now();
        timing.server = parseServerTiming(res.headers["server-timing"]);
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const text = decoded(body, res.headers["content-encoding"]);
          // Wire bytes (capacity-probe.ts): "HTTP/1.1 200 OK", headers, body.
          wire.httpRx += headerBytes(res.rawHeaders, 15) + body.length;
          resolveP({
            status: res.statusCode ?? 0,
            json: text ? JSON.parse(text) : null,
            timing,
          });
        });
      },
    );
    req.on("error", reject);
    req.once("socket", (socket) => {
      timing.fresh = !req.reusedSocket;
      if (timing.fresh && socket.connecting) {
        socket.once("connect", () => {
          const now = performance.now();
          timing.connectMs = now - t0;
          timing.socketMs = now - t0;
        });
      } else timing.socketMs = performance.now() - t0;
    });
    // Its request line, the headers (Host included) plus Connection, the body.
    const sent = Object.entries(req.getHeaders()).flatMap(([k, v]) => [k, String(v)]);
    sent.push("connection", "keep-alive");
    wire.httpTx += headerBytes(sent, `POST ${path} HTTP/1.1`.length) + Buffer.byteLength(payload);
    req.end(payload);
  });
}

export async function pool<T>(
  items: T[],
  size: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
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
