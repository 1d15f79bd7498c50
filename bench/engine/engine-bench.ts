/**
 * Engine + AI benchmark (one core): whole AI-against-AI games per second for
 * the fastest tier ("easy") and for "normal", and each tier's decision time
 * (median and 99th percentile) over a few hundred turns.
 *
 *   npx tsx bench/engine/engine-bench.ts            (about a minute)
 *   npx tsx bench/engine/engine-bench.ts --quick    (a few seconds, no RESULTS.md entry)
 *
 * Appends its figures to bench/RESULTS.md. Aims: 2000 games/s with "easy";
 * every tier's p99 decision under 50 ms (rules.md section 2).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chooseTurn, playGame, TIERS, type Tier } from "@cardrealm/ai";
import { CATALOGUE, expandDeck, STARTER_DECK, STORY_OPPONENTS } from "@cardrealm/content";
import {
  type BattleState,
  type Catalogue,
  createBattle,
  ENGINE_VERSION,
  type Side,
  step,
} from "@cardrealm/engine";

const quick = process.argv.includes("--quick");
const catalogue: Catalogue = CATALOGUE;
const starter = expandDeck([...STARTER_DECK]);

/** Game i: the starter deck against story opponent i mod 24, openers alternating. */
function matchUp(i: number) {
  const opp = STORY_OPPONENTS[i % STORY_OPPONENTS.length];
  if (!opp) throw new Error("no opponents");
  return {
    a: { name: "starter", deck: starter },
    b: { name: opp.name, deck: [...opp.deck], hp: opp.hp },
    opener: (i % 2) as Side,
  };
}

interface Throughput {
  games: number;
  seconds: number;
  gamesPerSecond: number;
  meanTurns: number;
}

function throughput(tier: Tier, seconds: number): Throughput {
  let games = 0;
  let turns = 0;
  // Warm-up: let the JIT settle before the clock starts.
  for (let i = 0; i < 50; i++) {
    const m = matchUp(i);
    playGame(
      [
        { setup: m.a, ai: { tier, seed: i } },
        { setup: m.b, ai: { tier, seed: ~i } },
      ],
      catalogue,
      { seed: 100_000 + i, opener: m.opener },
    );
  }
  const start = performance.now();
  const until = start + seconds * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 10; k++, games++) {
      const m = matchUp(games);
      const r = playGame(
        [
          { setup: m.a, ai: { tier, seed: games } },
          { setup: m.b, ai: { tier, seed: ~games } },
        ],
        catalogue,
        { seed: games, opener: m.opener },
      );
      turns += r.turns;
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  return { games, seconds: elapsed, gamesPerSecond: games / elapsed, meanTurns: turns / games };
}

interface Latency {
  decisions: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** The tier plays side 0 against "normal"; every decision of side 0 is timed. */
function latency(tier: Tier, decisions: number): Latency {
  const times: number[] = [];
  for (let g = 0; times.length < decisions; g++) {
    const m = matchUp(g);
    let state: BattleState = createBattle(
      { seed: 500_000 + g, sides: [m.a, m.b], opener: m.opener },
      catalogue,
    );
    while (!state.over) {
      const side = state.active;
      const t0 = performance.now();
      const actions = chooseTurn(state, side, catalogue, {
        tier: side === 0 ? tier : "normal",
        seed: g,
      });
      const dt = performance.now() - t0;
      if (side === 0 && g > 0) times.push(dt); // game 0 warms the JIT up
      for (const a of actions) {
        const r = step(state, a, catalogue);
        if (!r.ok) throw new Error(`${tier}: illegal ${a.type}: ${r.error.message}`);
        state = r.state;
        if (state.over) break;
      }
    }
  }
  times.sort((x, y) => x - y);
  return {
    decisions: times.length,
    medianMs: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    maxMs: times[times.length - 1] ?? Number.NaN,
  };
}

const seconds = quick ? 1 : 10;
const decisions = quick ? 100 : 600;
const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(" ");
console.log(
  `engine ${ENGINE_VERSION}, node ${process.version}, ${cpus()[0]?.model ?? "cpu"}, load average ${load}`,
);
console.log("Whole AI-against-AI games (starter deck against the 24 story opponents in turn):");
const speed: Record<string, Throughput> = {};
for (const tier of ["easy", "normal"] as const) {
  const t = throughput(tier, seconds);
  speed[tier] = t;
  console.log(
    `  ${tier.padEnd(6)} ${t.gamesPerSecond.toFixed(0).padStart(6)} games/s  (${t.games} games in ${t.seconds.toFixed(1)} s, ${t.meanTurns.toFixed(1)} turns/game)`,
  );
}
console.log(`Decision time per tier (${decisions} turns each, against normal):`);
const lat: Record<string, Latency> = {};
for (const tier of TIERS) {
  const l = latency(tier, decisions);
  lat[tier] = l;
  console.log(
    `  ${tier.padEnd(6)} median ${l.medianMs.toFixed(3)} ms  p99 ${l.p99Ms.toFixed(3)} ms  max ${l.maxMs.toFixed(2)} ms`,
  );
}

if (!quick) {
  const here = dirname(fileURLToPath(import.meta.url));
  const results = join(here, "..", "RESULTS.md");
  if (!existsSync(results)) writeFileSync(results, "# Benchmark results\n");
  const day = new Date().toISOString().slice(0, 10);
  const lines = [
    "",
    `## Engine and AI (${day})`,
    "",
    "Command: `npx tsx bench/engine/engine-bench.ts` (one core; starter deck against the 24 story opponents in turn).",
    `Machine: ${cpus()[0]?.model ?? "unknown cpu"} (${cpus().length} cores, load average ${load} at the start), node ${process.version}, engine ${ENGINE_VERSION}.`,
    "",
    "| Tier | Games/s (both sides this tier) | Turns/game | Decision median | Decision p99 | Decision max |",
    "|---|---:|---:|---:|---:|---:|",
    ...TIERS.map((tier) => {
      const t = speed[tier];
      const l = lat[tier];
      return `| ${tier} | ${t ? t.gamesPerSecond.toFixed(0) : "-"} | ${t ? t.meanTurns.toFixed(1) : "-"} | ${l?.medianMs.toFixed(3)} ms | ${l?.p99Ms.toFixed(3)} ms | ${l?.maxMs.toFixed(2)} ms |`;
    }),
    "",
    "Aims: 2000 games/s with the fastest tier (easy); p99 decision under 50 ms for every tier.",
  ];
  const previous = readFileSync(results, "utf8");
  const lead = previous.endsWith("\n") ? "" : "\n";
  appendFileSync(results, `${lead}${lines.join("\n")}\n`);
  console.log(`appended to ${results}`);
}
