import { Counter, Histogram, Registry } from "prom-client";

/**
 * What the game did, counted where the database is told (the repositories),
 * and how long the waits on its hot paths took (the move writer, the session
 * check, SQLite's WAL sync; the histograms at the end),
 * for GET /metrics. Process-wide, like the process they count in: every app
 * a test builds in one process adds to the same counters, so tests compare
 * before and after. A count is taken when the row is written inside its
 * transaction; one that rolls back afterwards (a failed request) still
 * counts, so these are for dashboards, never for money (the ledger is that).
 */
export const gameCounters = new Registry();

export const battlesSettled = new Counter({
  name: "cardrealm_battles_settled_total",
  help: "Battles ended and settled by this process, by mode (cpu: story, pvp, bot: the arena bot).",
  labelNames: ["mode"] as const,
  registers: [gameCounters],
});

export const gemsMoved = new Counter({
  name: "cardrealm_gems_total",
  help: "Gems credited to or spent by players through this process, by reason.",
  labelNames: ["direction", "reason"] as const,
  registers: [gameCounters],
});

/** Fine enough to read a p99 between 10 and 500 ms (bench/pvp reads these). */
const WAIT_BUCKETS = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2,
];

/** How long something the game waits for took, in seconds (a histogram of WAIT_BUCKETS). */
function waitHistogram(name: string, help: string): Histogram {
  return new Histogram({ name, help, buckets: WAIT_BUCKETS, registers: [gameCounters] });
}

export const moveSaveSeconds = waitHistogram(
  "cardrealm_move_save_seconds",
  "A battle move's save through the move writer (battles/arena-writer.ts): its wait in the queue and its batch's commit.",
);

export const moveBatchSeconds = waitHistogram(
  "cardrealm_move_batch_seconds",
  "One batch of the move writer, from its commit's start to its answer.",
);

export const moveBatchSaves = new Counter({
  name: "cardrealm_move_batch_saves_total",
  help: "Saves committed by the move writer's batches (over cardrealm_move_batch_seconds_count: the mean batch).",
  registers: [gameCounters],
});

export const sessionReadSeconds = waitHistogram(
  "cardrealm_session_read_seconds",
  "PostgreSQL: an authenticated call's session read when its row was not cached (auth/session-reads.ts), its wait for a shared read and the read.",
);

export const sessionCacheCalls = new Counter({
  name: "cardrealm_session_cache_total",
  help: "PostgreSQL: authenticated calls' session checks by how the row came (auth/session-cache.ts): hit (cached), miss (read, then kept), not_listening (read: PostgreSQL's notices are not heard).",
  labelNames: ["result"] as const,
  registers: [gameCounters],
});

export const walSyncSeconds = waitHistogram(
  "cardrealm_wal_sync_seconds",
  "SQLite: one fdatasync of the WAL on the thread pool (db/wal-sync.ts), which durable group commits (games' settlements) wait for before they answer.",
);
