/**
 * bench/pvp's capacity figures (issue 25 item 3, docs/capacity.md): what a
 * move and a player cost, measured over the bench's window so the doc's
 * figures can be rerun with one command.
 *
 * - bytes on the wire: every websocket frame and HTTP exchange of the bench's
 *   players, counted where they are sent and received (payload plus frame or
 *   header bytes; TCP/IP overhead not counted), split into the players that
 *   play and the ones that stay connected and idle;
 * - Redis operations per move (BENCH_CLUSTER, or any run with Redis): a
 *   MONITOR connection counts the commands sent to the run's Redis database
 *   (only that database: the machine's Redis is shared), by command;
 * - PostgreSQL writes per move (BENCH_DATABASE_URL): pg_stat_database's
 *   commits and inserted/updated/deleted rows of the run's own database.
 */
import { Redis } from "ioredis";
import pg from "pg";

/** Wire counters, reset when the measuring window opens. */
export const wire = {
  /** Websocket bytes server -> idle players, idle players -> server. */
  idleRx: 0,
  idleTx: 0,
  /** Websocket bytes of the players that play, both ways. */
  playRx: 0,
  playTx: 0,
  /** HTTP bytes of the players that play (requests and answers). */
  httpRx: 0,
  httpTx: 0,
  reset(): void {
    this.idleRx = 0;
    this.idleTx = 0;
    this.playRx = 0;
    this.playTx = 0;
    this.httpRx = 0;
    this.httpTx = 0;
  },
};

/** A websocket frame's size on the wire: payload, header, and the client's mask. */
export function frameBytes(payload: number, fromClient: boolean): number {
  const header = payload < 126 ? 2 : payload < 65536 ? 4 : 10;
  return payload + header + (fromClient ? 4 : 0);
}

/** An HTTP message's header size from Node's raw header list, with its start line. */
export function headerBytes(raw: string[], startLine: number): number {
  let n = startLine + 2 + 2;
  for (let i = 0; i + 1 < raw.length; i += 2)
    n += (raw[i] as string).length + (raw[i + 1] as string).length + 4;
  return n;
}

export interface CapacityWindow {
  close(): Promise<{ redis: RedisCount | null; pg: Record<string, number> | null }>;
}

/** Redis commands by name, or why the count was lost. */
export type RedisCount = Map<string, number> | { lost: string };

/** Starts counting Redis commands of `redisUrl`'s database and PostgreSQL writes of `pgUrl`'s. */
export async function openCapacityWindow(
  redisUrl: string | null,
  pgUrl: string | null,
): Promise<CapacityWindow> {
  let monitor: Redis | null = null;
  let lost: string | undefined;
  const commands = new Map<string, number>();
  if (redisUrl) {
    const db = Number(new URL(redisUrl).pathname.slice(1) || 0);
    const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    monitor = await client.monitor();
    client.disconnect();
    // ioredis's MONITOR reader can lose its place under a heavy command
    // stream ("Command queue state error"): the count stops, the run goes on.
    monitor.on("error", (err: Error) => {
      lost ??= err.message.split(".")[0] ?? err.message;
      monitor?.disconnect();
    });
    monitor.on("monitor", (_time: string, args: string[], _source: string, database: string) => {
      if (Number(database) !== db) return;
      const name = String(args[0]).toLowerCase();
      commands.set(name, (commands.get(name) ?? 0) + 1);
    });
  }
  const pgRead = async (): Promise<Record<string, number> | null> => {
    if (!pgUrl) return null;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      // Statistics reach pg_stat_database when a backend reports them (at
      // most a second late while busy): the window is read after a pause.
      const r = await c.query(
        "select xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_fetched, blks_hit + blks_read as blocks from pg_stat_database where datname = current_database()",
      );
      const row = r.rows[0] as Record<string, string>;
      return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
    } finally {
      await c.end();
    }
  };
  const pgBefore = await pgRead();
  return {
    async close() {
      monitor?.disconnect();
      await new Promise((r) => setTimeout(r, 1500));
      const pgAfter = await pgRead();
      const pgDelta =
        pgBefore && pgAfter
          ? Object.fromEntries(
              Object.keys(pgAfter).map((k) => [k, (pgAfter[k] ?? 0) - (pgBefore[k] ?? 0)]),
            )
          : null;
      const redis: RedisCount | null = !monitor ? null : lost ? { lost } : commands;
      return { redis, pg: pgDelta };
    },
  };
}

/** The capacity lines of a run (label column padded like bench/pvp's). */
export function capacityLines(f: {
  seconds: number;
  moves: number;
  idlePlayers: number;
  playingPlayers: number;
  avgGames: number;
  serverCpuMs: number;
  /** The wire counters at the window's close. */
  wire: Omit<typeof wire, "reset">;
  redis: RedisCount | null;
  pg: Record<string, number> | null;
}): string[] {
  const pad = (s: string) => s.padEnd(28);
  const min = f.seconds / 60;
  const w = f.wire;
  const kb = (bytes: number, players: number) =>
    (bytes / 1024 / Math.max(1, players) / min).toFixed(2);
  const lines = [
    `${pad("wire, idle player")}${kb(w.idleRx, f.idlePlayers)} KB/min down, ${kb(w.idleTx, f.idlePlayers)} KB/min up (websocket: pings, pongs)`,
    `${pad("wire, playing player")}${kb(w.playRx + w.httpRx, f.playingPlayers)} KB/min down, ${kb(w.playTx + w.httpTx, f.playingPlayers)} KB/min up (websocket ${kb(w.playRx, f.playingPlayers)} / ${kb(w.playTx, f.playingPlayers)}, HTTP ${kb(w.httpRx, f.playingPlayers)} / ${kb(w.httpTx, f.playingPlayers)})`,
    `${pad("wire per move")}${((w.playRx + w.httpRx + w.playTx + w.httpTx) / Math.max(1, f.moves) / 1024).toFixed(2)} KB both ways (${f.moves} moves)`,
  ];
  if (f.avgGames > 0)
    lines.push(
      `${pad("cpu per game-minute")}${(f.serverCpuMs / (f.avgGames * min)).toFixed(0)} ms (server CPU ${(f.serverCpuMs / 1000).toFixed(1)} s over ${f.avgGames.toFixed(0)} games x ${min.toFixed(2)} min, idle players' share included)`,
    );
  if (f.redis && !(f.redis instanceof Map)) {
    lines.push(
      `${pad("redis ops per move")}not counted: the MONITOR connection failed (${f.redis.lost})`,
    );
  } else if (f.redis) {
    const total = [...f.redis.values()].reduce((a, b) => a + b, 0);
    const top = [...f.redis.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, v]) => `${k} ${(v / Math.max(1, f.moves)).toFixed(2)}`)
      .join(", ");
    lines.push(
      `${pad("redis ops per move")}${(total / Math.max(1, f.moves)).toFixed(2)} (${total} commands, ${(total / f.seconds).toFixed(0)}/s; ${top})`,
    );
  }
  if (f.pg) {
    const per = (k: string) => ((f.pg?.[k] ?? 0) / Math.max(1, f.moves)).toFixed(2);
    lines.push(
      `${pad("postgresql per move")}${per("xact_commit")} transactions (a lone SELECT is one too), ${per("tup_updated")} rows updated, ${per("tup_inserted")} inserted, ${per("tup_deleted")} deleted, ${per("tup_fetched")} rows fetched (${f.pg.xact_commit} commits, ${((f.pg.xact_commit ?? 0) / f.seconds).toFixed(0)}/s)`,
    );
  }
  return lines;
}
