import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ChannelClient } from "../../../bench/pvp/arena-client.ts";
import { buildApp } from "../src/app.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import type { Db } from "../src/db/database.ts";
import { DIALECTS, freshDb, newGuest, testConfig } from "./harness.ts";

const TOKEN = "metrics-test-token-0123456789";

/** One sample of the Prometheus text: `name{labels} value`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

async function until(cond: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(DIALECTS)("GET /metrics on %s", (dialect) => {
  let app: FastifyInstance | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    db = undefined;
  });

  async function start(env: Record<string, string>) {
    db = await freshDb(dialect);
    app = await buildApp({
      config: testConfig(env),
      db,
      content: loadGameContent(),
      seasonSchedule: false,
      arena: { heartbeatMs: 0 },
    });
    return app;
  }

  it("does not exist without METRICS_TOKEN, and refuses a scraper without the token", async () => {
    const plain = await start({});
    expect((await plain.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    await plain.close();
    const guarded = await start({ METRICS_TOKEN: TOKEN });
    const none = await guarded.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("unauthorized");
    const wrong = await guarded.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN.replace("0", "1")}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("moves while a game is played: requests, websockets, queue, games in progress, battles settled, gems", async () => {
    const server = await start({ METRICS_TOKEN: TOKEN });
    const base = await server.listen({ port: 0, host: "127.0.0.1" });
    const scrape = async () => {
      const r = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
      return r.text();
    };
    const before = await scrape();
    // Node's own figures are there: the event-loop delay and the heap.
    expect(before).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(before).toMatch(/^nodejs_heap_size_used_bytes /m);
    if (dialect === "postgres")
      expect(before).toMatch(/cardrealm_db_pool_connections\{state="total"\}/);

    const { user, auth } = await newGuest(server);
    const call = (url: string, payload: object) =>
      fetch(`${base}${url}`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
    type Msg = { game_data?: { game_id: string; version: number } };
    const started = (await (await call("/api/game/cpu/start", { cpu_id: 6 })).json()) as {
      data: Msg[];
    };
    const game = started.data.at(-1)?.game_data;
    const playing = await scrape();
    expect(sample(playing, "cardrealm_games_in_progress", { mode: "cpu" })).toBe(1);
    const ended = await call("/api/game/cpu/end-turn", {
      game_id: game?.game_id,
      player_attack: [0, 0, 0, 0, 0],
      version: game?.version,
    });
    expect(ended.status).toBe(200);
    expect((await call("/api/game/cpu/giveup", { game_id: game?.game_id })).status).toBe(200);

    // A level-3 player in the arena queue with the channel open.
    await db?.kysely.updateTable("users").set({ level: 3 }).where("id", "=", user.id).execute();
    const channel = await ChannelClient.open(base, { id: user.id, token: user.jwtToken });
    try {
      await until(
        async () => sample(await scrape(), "cardrealm_websockets_open") === 1,
        "the websocket to count",
      );
      expect((await call("/api/game/pvp/queue", { version: "1.21-p" })).status).toBe(200);
      const after = await scrape();
      expect(sample(after, "cardrealm_arena_queue_players")).toBe(1);
      expect(sample(after, "cardrealm_games_in_progress", { mode: "cpu" })).toBe(0);
      const settled = { mode: "cpu" };
      expect(sample(after, "cardrealm_battles_settled_total", settled)).toBe(
        sample(before, "cardrealm_battles_settled_total", settled) + 1,
      );
      // The new player's starting gems went through the ledger.
      const credited = { direction: "credited", reason: "new_player" };
      expect(sample(after, "cardrealm_gems_total", credited)).toBeGreaterThan(
        sample(before, "cardrealm_gems_total", credited),
      );
      // Slow answers are told apart up to 10 s (a PostgreSQL game's last end-turn can take seconds).
      expect(after).toMatch(/cardrealm_http_request_duration_seconds_bucket\{le="5",/);
      expect(after).toMatch(/cardrealm_http_request_duration_seconds_bucket\{le="10",/);
      const endTurn = { route: "/api/game/cpu/end-turn", method: "POST", status: "200" };
      expect(sample(after, "cardrealm_http_request_duration_seconds_count", endTurn)).toBe(
        sample(before, "cardrealm_http_request_duration_seconds_count", endTurn) + 1,
      );
      // On PostgreSQL every authenticated call's session check is counted by
      // how its row came (start, end-turn, give-up and queue at least), and
      // the rows not cached went through the shared reads.
      if (dialect === "postgres") {
        const checks = (s: string) =>
          ["hit", "miss", "not_listening"].reduce(
            (n, result) => n + sample(s, "cardrealm_session_cache_total", { result }),
            0,
          );
        expect(checks(after)).toBeGreaterThanOrEqual(checks(before) + 4);
        expect(sample(after, "cardrealm_session_read_seconds_count")).toBeGreaterThan(
          sample(before, "cardrealm_session_read_seconds_count"),
        );
      }
      // On SQLite the story's turn was saved through the move writer (a batch of its own).
      if (dialect === "sqlite") {
        expect(sample(after, "cardrealm_move_save_seconds_count")).toBeGreaterThan(
          sample(before, "cardrealm_move_save_seconds_count"),
        );
        expect(sample(after, "cardrealm_move_batch_saves_total")).toBeGreaterThan(
          sample(before, "cardrealm_move_batch_saves_total"),
        );
      }
    } finally {
      await channel.close();
    }
  }, 60_000);
});
