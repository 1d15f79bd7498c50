/**
 * bench/battle: latency of POST /api/game/cpu/end-turn against a started
 * server — the player's combat plus the computer's whole turn (AI included).
 * Plays story battles against opponent 6 (chapter 1) and, with
 * BENCH_OPPONENT, any opponent the new player may fight.
 *
 *   npm run bench -- battle     (or: npx tsx bench/battle/battle-bench.ts)
 *   BENCH_TURNS=300 to change the number of measured end-turn calls.
 */
import { percentile, startBenchServer } from "../shared-server.ts";

const turns = Number(process.env.BENCH_TURNS ?? 200);
const opponent = Number(process.env.BENCH_OPPONENT ?? 6);

type Msg = {
  game_data?: { game_id?: string; version?: number };
  player?: { hand: Record<string, number> };
  end_game?: unknown;
};

const { child, url } = await startBenchServer();
try {
  const signed = (await (await fetch(`${url}/api/play-new-player`, { method: "POST" })).json()) as {
    data: { jwtToken: string };
  };
  const headers = {
    authorization: `Bearer ${signed.data.jwtToken}`,
    "content-type": "application/json",
  };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    return { status: r.status, data: ((await r.json()) as { data: Msg[] }).data };
  };
  const latencies: number[] = [];
  let games = 0;
  let gameId = "";
  let hand: string[] = [];
  let version = 0;
  while (latencies.length < turns) {
    if (!gameId) {
      const start = await post("/api/game/cpu/start", { cpu_id: opponent });
      const last = start.data[start.data.length - 1];
      gameId = last?.game_data?.game_id ?? "";
      hand = Object.keys(last?.player?.hand ?? {});
      version = last?.game_data?.version ?? 0;
      games++;
    }
    const discard = hand.length > 6 ? Number(hand[0]) : undefined;
    const t0 = performance.now();
    const res = await post("/api/game/cpu/end-turn", {
      game_id: gameId,
      player_attack: [1, 1, 1, 1, 1],
      version,
      ...(discard === undefined ? {} : { discard_card: discard }),
    });
    latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`end-turn answered ${res.status}`);
    const last = res.data[res.data.length - 1];
    hand = Object.keys(last?.player?.hand ?? {});
    version = last?.game_data?.version ?? version;
    if (res.data.some((m) => m.end_game)) gameId = "";
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `bench/battle: ${latencies.length} end-turn calls over ${games} battles vs opponent ${opponent}`,
  );
  console.log(
    `end-turn latency (computer's turn included): median ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(1)} ms`,
  );
} finally {
  child.kill("SIGTERM");
}
