import { open } from "node:fs/promises";
import type { Transaction } from "kysely";
import { walSyncSeconds } from "../observability/game-counters.ts";
import type { Db } from "./database.ts";
import { relaxedTransaction } from "./relaxed-commit.ts";
import type { Database } from "./schema.ts";

/**
 * How a group transaction (db/group-transaction.ts) gets a FULL commit's
 * durability without the FULL commit's fsync on the event loop: it commits
 * relaxed, then waits for `sync` before answering its callers.
 */
export interface OffLoopDurability {
  relaxed<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  sync(): Promise<void>;
}

/**
 * Syncs a file on libuv's thread pool (fdatasync, as SQLite's own FULL commit
 * does), never on the event loop. Calls that arrive while a sync runs share
 * the next one (what they wrote may have come after the running one began),
 * so a burst costs at most two.
 */
export function createFileSync(
  path: string,
  syncOnce: (path: string) => Promise<void> = datasyncFile,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const from = performance.now();
    const p = syncOnce(path).finally(() => {
      walSyncSeconds.observe((performance.now() - from) / 1000);
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

async function datasyncFile(path: string): Promise<void> {
  const file = await open(path, "r+");
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
}

/**
 * SQLite in a file (WAL mode): commit with synchronous = NORMAL
 * (db/relaxed-commit.ts), then fdatasync the WAL off the event loop. Once
 * that returns, the commit is as durable as a FULL one: its frames are on
 * disk in the WAL, or a checkpoint already copied them into the database
 * file, which a checkpoint syncs before it lets the WAL be reused
 * (docs/decisions.md, "FULL commits sync off the event loop").
 * Undefined elsewhere: PostgreSQL's commit waits on a socket, not the loop,
 * and an in-memory database has no disk.
 */
export function offLoopDurability(db: Db): OffLoopDurability | undefined {
  const raw = db.sqlite;
  if (!raw || raw.memory) return undefined;
  if (String(raw.pragma("journal_mode", { simple: true })).toLowerCase() !== "wal")
    return undefined;
  const sync = createFileSync(`${raw.name}-wal`);
  return { relaxed: (work) => relaxedTransaction(db, work), sync };
}
