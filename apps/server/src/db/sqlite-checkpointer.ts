import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/** SQLite's default: a commit that finds the WAL over this many pages checkpoints it. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

// The worker: its own connection to the file, a PASSIVE checkpoint every
// `everyMs` (it never waits for a lock and never blocks a writer), a full one
// on stop. Plain CommonJS because it runs as an eval'd script.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path);
const tick = setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {}
}, workerData.everyMs);
parentPort.on("message", (m) => {
  if (m !== "stop") return;
  clearInterval(tick);
  try { db.pragma("wal_checkpoint(TRUNCATE)"); } catch {}
  db.close();
  parentPort.postMessage("stopped");
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the event loop. By default SQLite checkpoints
 * inside whichever commit finds the WAL over 1,000 pages: that commit copies
 * the pages into the database file and syncs it, on the server's only thread.
 * At 2,000 arena games the WAL grows by thousands of pages a second, and those
 * commits held the event loop for tens to hundreds of milliseconds (bench/pvp).
 * Here the server's connection never checkpoints; a worker thread does, on a
 * connection of its own. If the worker dies, the connection checkpoints by
 * itself again. Durability is unchanged: a commit is durable in the WAL.
 */
export function startCheckpointer(
  sqlite: SQLite.Database,
  path: string,
  opts: { everyMs?: number; log?: (msg: string) => void } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, path, everyMs: opts.everyMs ?? 500 },
  });
  worker.unref();
  sqlite.pragma("wal_autocheckpoint = 0");
  let stopping = false;
  const fallBack = () => {
    if (stopping || !sqlite.open) return;
    sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    opts.log?.("the SQLite checkpoint worker stopped; checkpointing on the main thread again");
  };
  worker.on("error", fallBack);
  worker.on("exit", fallBack);
  return {
    stop() {
      if (stopping) return Promise.resolve();
      stopping = true;
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          void worker.terminate().then(() => resolve());
        };
        const timer = setTimeout(done, 2_000);
        worker.once("message", done);
        worker.once("exit", done);
        worker.postMessage("stop");
      });
    },
  };
}
