import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { type Db, openPostgres, openSqlite } from "../src/db/database.ts";
import { busPrefix } from "../src/realtime/bus.ts";
import { dropScratchDatabase, scratchDatabase } from "./harness.ts";
import { exited, type ServerProcess, startServer } from "./process.ts";

/** Real server processes sharing one database (a scratch one on PostgreSQL) and, given one, a Redis. */
export interface SharedProcesses {
  servers: ServerProcess[];
  /** The shared database, for setting up and checking rows. */
  db: Db;
  /** The Redis key prefix the processes use (it follows the database). */
  prefix: string;
  /** Stops the processes, drops the scratch database and forgets this run's Redis keys (if any). */
  stop(): Promise<void>;
}

/**
 * Starts `count` server processes (src/main.ts) with REDIS_URL `redisUrl` ("": none),
 * one after the other (the first runs the migrations), on the shared
 * PostgreSQL's scratch database when DATABASE_URL is set, else one SQLite file.
 */
export async function startSharedProcesses(
  redisUrl: string,
  opts: { count: number; scratch: string; env?: Record<string, string> },
): Promise<SharedProcesses> {
  const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-redis-"));
  const scratch = await scratchDatabase(opts.scratch);
  const databaseUrl = scratch?.url ?? "";
  const env = {
    DATA_DIR: dataDir,
    TOKEN_SECRET: "redis-test-secret-redis-test-secret-0123",
    CLIENT_DIST: "/nonexistent",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    ...opts.env,
  };
  const servers: ServerProcess[] = [];
  for (let i = 0; i < opts.count; i++) servers.push(await startServer(env));
  const where = databaseUrl || join(dataDir, "cardrealm.sqlite");
  const db = databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : openSqlite(where);
  const prefix = busPrefix(where);
  return {
    servers,
    db,
    prefix,
    async stop() {
      for (const s of servers) {
        s.child.kill("SIGTERM");
        await exited(s.child);
      }
      await db.close();
      await dropScratchDatabase(scratch?.name ?? null);
      if (!redisUrl) return;
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${prefix}*`).catch(() => []);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}

/** Opens the arena to these players (level 3), as the journeys do: no route changes a level. */
export async function arenaLevel(db: Db, ids: number[]): Promise<void> {
  await db.kysely.updateTable("users").set({ level: 3 }).where("id", "in", ids).execute();
}
