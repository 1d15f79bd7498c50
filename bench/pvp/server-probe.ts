/**
 * What a bench reads of the server itself over its measuring window, from
 * the server's own GET /metrics (observability/metrics.ts, prom-client's
 * default metrics): the event-loop delay (prom-client's histogram, reset at
 * every scrape, so a scrape at the window's start and one at its end give
 * the window's own percentiles), the garbage collections by kind and the
 * play-card handling time as the server saw it. And the window's bounds on
 * the monotonic clock a V8 CPU profile uses, so
 * `PROFILE_FROM_US=.. PROFILE_TO_US=.. npx tsx bench/api/profile-summary.ts`
 * reads only the window of a `--cpu-prof` run.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";

/** The token the bench's servers get (METRICS_TOKEN turns /metrics on). */
export const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789";

/** prom-client's event-loop histogram resolution (observability/metrics.ts). */
const ELD_RESOLUTION_S = 0.01;

type Samples = Map<string, number>;

/** The last scrape's TCP handshake (ms from the call; null on a kept-alive socket). */
export const lastScrape = { connectMs: null as number | null };

function scrape(port: number, host = "127.0.0.1"): Promise<Samples> {
  const t0 = performance.now();
  lastScrape.connectMs = null;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port,
        path: "/metrics",
        headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) {
            reject(new Error(`/metrics answered ${res.statusCode}`));
            return;
          }
          const out: Samples = new Map();
          for (const line of Buffer.concat(chunks).toString("utf8").split("\n")) {
            if (line === "" || line.startsWith("#")) continue;
            const at = line.lastIndexOf(" ");
            out.set(line.slice(0, at), Number(line.slice(at + 1)));
          }
          resolve(out);
        });
      },
    );
    req.on("error", reject);
    req.once("socket", (socket) => {
      if (socket.connecting)
        socket.once("connect", () => {
          lastScrape.connectMs = performance.now() - t0;
        });
    });
    req.end();
  });
}

const get = (s: Samples, key: string) => s.get(key) ?? 0;

/** A process's user+system CPU time in ms (Linux /proc; 0 when it cannot be read). */
export function cpuMsOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Answered arena calls of the routes that move a game, by status. */
function movesByStatus(s: Samples): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of s) {
    if (!k.startsWith("cardrealm_http_request_duration_seconds_count{")) continue;
    if (
      !k.includes('route="/api/game/pvp/play-card"') &&
      !k.includes('route="/api/game/pvp/end-turn"')
    )
      continue;
    const status = /status="([^"]*)"/.exec(k)?.[1] ?? "?";
    out.set(status, (out.get(status) ?? 0) + v);
  }
  return out;
}

/** Answered arena calls (every status) of the routes that move a game. */
function moves(s: Samples): number {
  let n = 0;
  for (const [k, v] of s) {
    if (!k.startsWith("cardrealm_http_request_duration_seconds_count{")) continue;
    if (
      k.includes('route="/api/game/pvp/play-card"') ||
      k.includes('route="/api/game/pvp/end-turn"')
    )
      n += v;
  }
  return n;
}
/**
 * A quantile of a prom-client histogram's window (the bucket deltas between
 * two scrapes), read linearly inside its bucket; null when it saw nothing.
 */
function quantileOf(
  delta: (key: string) => number,
  keys: Iterable<string>,
  name: string,
  q: number,
) {
  const bounds: number[] = [];
  for (const k of keys) {
    const m = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\}$`).exec(k);
    if (m?.[1] && m[1] !== "+Inf") bounds.push(Number(m[1]));
  }
  bounds.sort((a, b) => a - b);
  const total = delta(`${name}_count`);
  if (total <= 0) return null;
  const want = q * total;
  let below = 0;
  let lower = 0;
  for (const le of bounds) {
    const upTo = delta(`${name}_bucket{le="${le}"}`);
    if (upTo >= want) {
      const inside = upTo - below;
      return (lower + (inside > 0 ? ((want - below) / inside) * (le - lower) : 0)) * 1000;
    }
    below = upTo;
    lower = le;
  }
  return lower * 1000;
}

/** Each route and method's calls in the window and p99 (every status together). */
function routesOf(delta: (key: string) => number, after: Samples): WindowReading["routes"] {
  const name = "cardrealm_http_request_duration_seconds";
  const byRoute = new Map<string, Map<string, number>>();
  for (const k of after.keys()) {
    const m =
      /^cardrealm_http_request_duration_seconds_bucket\{le="([^"]+)",route="([^"]+)",method="([^"]+)",status="[^"]+"\}$/.exec(
        k,
      );
    if (!m?.[1] || !m[2] || !m[3]) continue;
    const key = `${m[3]} ${m[2]}`;
    const buckets = byRoute.get(key) ?? new Map<string, number>();
    buckets.set(m[1], (buckets.get(m[1]) ?? 0) + delta(k));
    byRoute.set(key, buckets);
  }
  const out: WindowReading["routes"] = [];
  for (const [route, buckets] of byRoute) {
    const calls = buckets.get("+Inf") ?? 0;
    if (calls <= 0) continue;
    const get = (key: string) => {
      const le = /le="([^"]+)"/.exec(key)?.[1];
      if (key === `${name}_count`) return calls;
      return le ? (buckets.get(le) ?? 0) : 0;
    };
    const keys = [...buckets.keys()].map((le) => `${name}_bucket{le="${le}"}`);
    out.push({ route, calls, p99: quantileOf(get, keys, name, 0.99) });
  }
  return out.sort((a, b) => (b.p99 ?? 0) - (a.p99 ?? 0));
}

const GC_KINDS = ["minor", "major", "incremental", "weakcb"] as const;
const PLAY_CARD = 'route="/api/game/pvp/play-card",method="POST",status="200"';

export interface WindowReading {
  /** Event-loop delay past the sampling period, ms. */
  loopP50: number;
  loopP99: number;
  loopMax: number;
  gcCount: number;
  gcMs: number;
  gcByKind: Record<string, { count: number; ms: number }>;
  /** Collections that took 10 ms or more, and 100 ms or more. */
  gcOver10: number;
  gcOver100: number;
  /** Share of play-card answers the server handled in under 50 ms (its own clock). */
  playCardUnder50: number | null;
  /** play-card answers (every status) the server took over 1 s and over 2.5 s to handle (its own clock). */
  playCardOver1s: number;
  playCardOver2500ms: number;
  /** play-card and end-turn calls answered in the window. */
  moves: number;
  /** The same by status code (a refusal is a 4xx). */
  movesByStatus: Map<string, number>;
  /**
   * The move writer (battles/arena-writer.ts): a save's wait and commit, a
   * batch's commit (ms), and how many saves a batch carried on average.
   */
  writer: {
    saves: number;
    saveP50: number | null;
    saveP99: number | null;
    batches: number;
    batchP50: number | null;
    batchP99: number | null;
  };
  /** Every route's calls in the window and their p99 on the server's clock (ms), slowest first. */
  routes: { route: string; calls: number; p99: number | null }[];
  /** SQLite: the WAL's fdatasyncs that settlements wait for (db/wal-sync.ts), ms. */
  walSync: { syncs: number; p50: number | null; p99: number | null };
  /** An authenticated call's session check (auth/session-reads.ts), ms. */
  sessionRead: { calls: number; p50: number | null; p99: number | null };
  /** The server process's CPU time in the window (ms; 0 without a pid). */
  cpuMs: number;
  fromUs: bigint;
  toUs: bigint;
}

/** Starts a window on one server: its first scrape resets the loop histogram. */
export async function openWindow(
  port: number,
  pid: number | null,
  host?: string,
): Promise<{ close(): Promise<WindowReading> }> {
  const before = await scrape(port, host);
  const cpuBefore = pid === null ? 0 : cpuMsOfPid(pid);
  const fromUs = process.hrtime.bigint() / 1000n;
  return {
    async close() {
      const toUs = process.hrtime.bigint() / 1000n;
      const cpuMs = pid === null ? 0 : cpuMsOfPid(pid) - cpuBefore;
      const after = await scrape(port, host);
      const delta = (key: string) => get(after, key) - get(before, key);
      const past = (key: string) => Math.max(0, (get(after, key) - ELD_RESOLUTION_S) * 1000);
      const gcByKind: WindowReading["gcByKind"] = {};
      let gcCount = 0;
      let gcMs = 0;
      let under10 = 0;
      let under100 = 0;
      for (const kind of GC_KINDS) {
        const count = delta(`nodejs_gc_duration_seconds_count{kind="${kind}"}`);
        const ms = delta(`nodejs_gc_duration_seconds_sum{kind="${kind}"}`) * 1000;
        gcByKind[kind] = { count, ms };
        gcCount += count;
        gcMs += ms;
        under10 += delta(`nodejs_gc_duration_seconds_bucket{le="0.01",kind="${kind}"}`);
        under100 += delta(`nodejs_gc_duration_seconds_bucket{le="0.1",kind="${kind}"}`);
      }
      const plays = delta(`cardrealm_http_request_duration_seconds_count{${PLAY_CARD}}`);
      // Every status's play-card buckets: those over a bound are +Inf's count less the bound's.
      let over1 = 0;
      let over2500 = 0;
      for (const k of after.keys()) {
        if (!k.startsWith("cardrealm_http_request_duration_seconds_bucket{")) continue;
        if (!k.includes('route="/api/game/pvp/play-card"')) continue;
        const beyond = delta(k.replace(/le="[^"]*"/, 'le="+Inf"')) - delta(k);
        if (k.includes('le="1"')) over1 += beyond;
        if (k.includes('le="2.5"')) over2500 += beyond;
      }
      const fast = delta(`cardrealm_http_request_duration_seconds_bucket{le="0.05",${PLAY_CARD}}`);
      return {
        loopP50: past("nodejs_eventloop_lag_p50_seconds"),
        loopP99: past("nodejs_eventloop_lag_p99_seconds"),
        loopMax: past("nodejs_eventloop_lag_max_seconds"),
        gcCount,
        gcMs,
        gcByKind,
        gcOver10: gcCount - under10,
        gcOver100: gcCount - under100,
        playCardUnder50: plays > 0 ? fast / plays : null,
        playCardOver1s: over1,
        playCardOver2500ms: over2500,
        writer: {
          saves: delta("cardrealm_move_save_seconds_count"),
          saveP50: quantileOf(delta, after.keys(), "cardrealm_move_save_seconds", 0.5),
          saveP99: quantileOf(delta, after.keys(), "cardrealm_move_save_seconds", 0.99),
          batches: delta("cardrealm_move_batch_seconds_count"),
          batchP50: quantileOf(delta, after.keys(), "cardrealm_move_batch_seconds", 0.5),
          batchP99: quantileOf(delta, after.keys(), "cardrealm_move_batch_seconds", 0.99),
        },
        routes: routesOf(delta, after),
        walSync: {
          syncs: delta("cardrealm_wal_sync_seconds_count"),
          p50: quantileOf(delta, after.keys(), "cardrealm_wal_sync_seconds", 0.5),
          p99: quantileOf(delta, after.keys(), "cardrealm_wal_sync_seconds", 0.99),
        },
        sessionRead: {
          calls: delta("cardrealm_session_read_seconds_count"),
          p50: quantileOf(delta, after.keys(), "cardrealm_session_read_seconds", 0.5),
          p99: quantileOf(delta, after.keys(), "cardrealm_session_read_seconds", 0.99),
        },
        moves: moves(after) - moves(before),
        movesByStatus: (() => {
          const was = movesByStatus(before);
          const now = movesByStatus(after);
          for (const [k, v] of now) now.set(k, v - (was.get(k) ?? 0));
          return now;
        })(),
        cpuMs,
        fromUs,
        toUs,
      };
    },
  };
}

/** The reading as the bench's output lines (label padded like bench/pvp's). */
export function windowLines(r: WindowReading, seconds: number, label = "server"): string[] {
  const kinds = Object.entries(r.gcByKind)
    .filter(([, v]) => v.count > 0)
    .map(([k, v]) => `${k} ${v.count} / ${v.ms.toFixed(0)} ms`)
    .join(", ");
  const pad = (s: string) => s.padEnd(28);
  const ms = (v: number | null) => (v === null ? "-" : v.toFixed(1));
  return [
    `${pad(`${label} event-loop delay`)}p50 ${r.loopP50.toFixed(1)} ms, p99 ${r.loopP99.toFixed(1)} ms, max ${r.loopMax.toFixed(1)} ms (the server's own loop, /metrics)`,
    `${pad(`${label} gc`)}${r.gcCount} collections, ${r.gcMs.toFixed(0)} ms (${((r.gcMs / (seconds * 1000)) * 100).toFixed(1)}% of the window; ${kinds}), ${r.gcOver10} took >= 10 ms, ${r.gcOver100} >= 100 ms`,
    ...(r.playCardUnder50 === null
      ? []
      : [
          `${pad(`${label} play-card handling`)}${(r.playCardUnder50 * 100).toFixed(1)}% under 50 ms on the server's clock (the rest of the round trip is queueing); ${r.playCardOver1s} over 1 s, ${r.playCardOver2500ms} over 2.5 s`,
        ]),
    ...(r.cpuMs > 0 && r.moves > 0
      ? [
          `${pad(`${label} cpu per move`)}${((r.cpuMs * 1000) / r.moves).toFixed(0)} us (${r.moves} play-card and end-turn calls, ${(r.moves / seconds).toFixed(0)}/s; process CPU incl. GC threads, push and confirm included)`,
          `${pad(`${label} moves by status`)}${[...r.movesByStatus]
            .sort()
            .map(([k, v]) => `${k}: ${v}`)
            .join(", ")}`,
        ]
      : []),
    ...(r.writer.saves > 0
      ? [
          `${pad(`${label} move writer`)}a save p50 ${ms(r.writer.saveP50)} / p99 ${ms(r.writer.saveP99)} ms (queued and committed), a batch p50 ${ms(r.writer.batchP50)} / p99 ${ms(r.writer.batchP99)} ms, ${(r.writer.saves / r.writer.batches).toFixed(1)} saves a batch, ${(r.writer.batches / seconds).toFixed(0)} batches/s`,
        ]
      : []),
    `${pad(`${label} slowest routes`)}${r.routes
      .slice(0, 5)
      .map((x) => `${x.route} p99 ${ms(x.p99)} ms (${x.calls})`)
      .join(", ")} (server's clock, every status)`,
    ...(r.walSync.syncs > 0
      ? [
          `${pad(`${label} WAL sync`)}p50 ${ms(r.walSync.p50)} / p99 ${ms(r.walSync.p99)} ms (${(r.walSync.syncs / seconds).toFixed(1)} a second; a game's settlement answers after one)`,
        ]
      : []),
    ...(r.sessionRead.calls > 0
      ? [
          `${pad(`${label} session check`)}p50 ${ms(r.sessionRead.p50)} / p99 ${ms(r.sessionRead.p99)} ms (its wait for a shared read and the read; ${(r.sessionRead.calls / seconds).toFixed(0)} calls/s)`,
        ]
      : []),
    `${pad("profile window")}PROFILE_FROM_US=${r.fromUs} PROFILE_TO_US=${r.toUs}`,
  ];
}

/** One server's window whose close gives bench/pvp's output lines. */
export async function openServerWindow(
  port: number,
  pid: number,
): Promise<{ close(): Promise<string[]> }> {
  const w = await openWindow(port, pid);
  const t0 = performance.now();
  return {
    async close() {
      const r = await w.close();
      return windowLines(r, (performance.now() - t0) / 1000);
    },
  };
}
