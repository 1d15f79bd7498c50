import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { gameCounters } from "./game-counters.ts";

/** Where the gauges read their figures at scrape time. */
export interface MetricsSources {
  /** Websockets open on this process. */
  openWebsockets: () => number;
  /** Players waiting in the arena queue (shared by every process with Redis). */
  queuedPlayers: () => Promise<number>;
  /** Battles being played, by mode (cluster-wide, from the database). */
  gamesInProgress: () => Promise<Record<string, number>>;
  /** PostgreSQL only: the connection pool. */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface Metrics {
  registry: Registry;
  /** One answered HTTP request: its route pattern (never the raw URL), method and status. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** Wires the gauges to their sources once the parts exist. */
  attach(sources: MetricsSources): void;
  /** The Prometheus text of this app's metrics and the process's game counters. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/**
 * The process's Prometheus metrics (GET /metrics, behind METRICS_TOKEN):
 * Node's own (event-loop delay, heap, GC, handles), request latency by
 * route, websockets, arena queue, games in progress, database pool, and the
 * game's counters (game-counters.ts). One registry per app, so tests can build several apps.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requests = new Histogram({
    name: "cardrealm_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern, method and status code.",
    labelNames: ["route", "method", "status"] as const,
    // Up to 10 s: a game's last end-turn waits for its settlement, seconds on a busy PostgreSQL.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  let sources: MetricsSources | undefined;
  new Gauge({
    name: "cardrealm_websockets_open",
    help: "Websockets open on this process.",
    registers: [registry],
    collect() {
      this.set(sources?.openWebsockets() ?? 0);
    },
  });
  new Gauge({
    name: "cardrealm_arena_queue_players",
    help: "Players waiting in the arena queue (all processes).",
    registers: [registry],
    async collect() {
      this.set(sources ? await sources.queuedPlayers().catch(() => Number.NaN) : 0);
    },
  });
  new Gauge({
    name: "cardrealm_games_in_progress",
    help: "Battles being played, by mode (cpu: story, pvp, bot: the arena bot; all processes).",
    labelNames: ["mode"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!sources) return;
      const byMode = await sources.gamesInProgress().catch(() => ({}) as Record<string, number>);
      for (const mode of ["cpu", "pvp", "bot"]) {
        this.set({ mode }, byMode[mode] ?? 0);
      }
    },
  });
  new Gauge({
    name: "cardrealm_db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting requests).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources?.pool?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requests.observe({ route, method, status: String(status) }, seconds);
    },
    attach(s) {
      sources = s;
    },
    async scrape() {
      const all = Registry.merge([registry, gameCounters]);
      return { contentType: all.contentType, body: await all.metrics() };
    },
  };
}
