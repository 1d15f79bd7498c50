/**
 * npm run simulate -- --a starter --b opponent:7 --games 500 --seed 1
 * npm run simulate -- --all-story --games 400 --seed 1
 *
 * Options:
 *   --a <deck>        the player's deck: starter | opponent:<id> | 1001,1002,... (default starter)
 *   --b <deck>        the other side (required unless --all-story)
 *   --tier <tier>     the player's AI tier: easy | normal | hard | boss (default normal)
 *   --b-tier <tier>   override b's tier (an opponent otherwise plays its strength's tier)
 *   --games <n>       games per match-up (default 500)
 *   --seed <n>        run seed (default 1)
 *   --opener <who>    a | b | alternate (default: alternate; a with --all-story, as in the story)
 *   --all-story       the player against every story opponent in chapter order
 *   --only <ids>      with --all-story: only these opponent ids (comma list)
 *   --json            print the reports as JSON
 */
import { parseArgs } from "node:util";
import {
  castleHitShare,
  contestant,
  idleShare,
  isTier,
  meanUnspent,
  medianLeft,
  type OpenerRule,
  type PlayStats,
  type SimReport,
  type StoryRow,
  simulate,
  simulateStory,
} from "./simulate.ts";

function pct(x: number): string {
  return Number.isNaN(x) ? "  -  " : `${(100 * x).toFixed(1)}%`;
}

function fail(message: string): never {
  console.error(`simulate: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    a: { type: "string", default: "starter" },
    b: { type: "string" },
    tier: { type: "string", default: "normal" },
    "b-tier": { type: "string" },
    games: { type: "string", default: "500" },
    seed: { type: "string", default: "1" },
    opener: { type: "string" },
    "all-story": { type: "boolean", default: false },
    only: { type: "string" },
    json: { type: "boolean", default: false },
  },
  allowPositionals: false,
});

const games = Number(values.games);
const seed = Number(values.seed);
if (!Number.isInteger(games) || games < 1) fail("--games must be a positive integer");
if (!Number.isInteger(seed)) fail("--seed must be an integer");
const tier = values.tier;
if (!isTier(tier)) fail(`unknown tier ${tier}`);
const bTier = values["b-tier"];
if (bTier !== undefined && !isTier(bTier)) fail(`unknown tier ${bTier}`);
const openerArg = values.opener ?? (values["all-story"] ? "a" : "alternate");
if (openerArg !== "a" && openerArg !== "b" && openerArg !== "alternate") {
  fail("--opener must be a, b or alternate");
}
const opener: OpenerRule = openerArg;

let player: ReturnType<typeof contestant>;
try {
  player = contestant(values.a, tier);
} catch (e) {
  fail(String(e instanceof Error ? e.message : e));
}

function playLine(p: PlayStats): string {
  return (
    `idle on ${pct(idleShare(p))} of ${p.contested} contested turns ` +
    `(units on both tables, one ready to attack, no attack); ` +
    `${meanUnspent(p).toFixed(1)} resources unspent at turn end; ` +
    `median ${medianLeft(p)} left at a game's end; ` +
    `dealt castle damage in ${pct(castleHitShare(p))} of games`
  );
}

function printReport(r: SimReport): void {
  console.log(`${r.a} (${player.ai.tier}) vs ${r.b}: ${r.games} games, seed ${seed}`);
  console.log(
    `  win rate ${pct(r.winRate)}  95% CI [${pct(r.ci95[0])}, ${pct(r.ci95[1])}]  ` +
      `(won ${r.winsA}, lost ${r.winsB}, drawn ${r.draws})`,
  );
  console.log(
    `  turns: median ${r.medianTurns}, mean ${r.meanTurns.toFixed(1)}; ` +
      `${r.capped} of ${r.games} games reached the turn cap (${pct(r.capped / r.games)})`,
  );
  console.log(`  a: ${playLine(r.playA)}`);
  console.log(`  b: ${playLine(r.playB)}`);
  console.log(
    `  opening: ${pct(r.opening.rate)} of ${r.opening.games}   ` +
      `not opening: ${pct(r.notOpening.rate)} of ${r.notOpening.games}   ` +
      `opener's advantage ${
        r.opening.games > 0 && r.notOpening.games > 0
          ? `${(100 * (r.opening.rate - r.notOpening.rate)).toFixed(1)} points`
          : "n/a (one opener only)"
      }`,
  );
}

function printStory(rows: readonly StoryRow[]): void {
  console.log(
    `${player.label} (${player.ai.tier}) against every story opponent: ${games} games each, seed ${seed}, opener ${opener}`,
  );
  console.log(
    "| Ch | Id | Opponent | Strength | HP | Win rate | 95% CI | Draws | Capped | Median turns | Mean turns | CPU idle | " +
      "Unspent (player / CPU) | Left at end, median (player / CPU) | CPU hit castle |",
  );
  console.log("|---:|---:|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    const r = row.report;
    const boss = row.position === 3 ? " (boss)" : "";
    console.log(
      `| ${row.chapter} | ${row.opponent.id} | ${row.opponent.name}${boss} | ${row.opponent.strength} | ${row.opponent.hp} | ` +
        `${pct(r.winRate)} | ${pct(r.ci95[0])} - ${pct(r.ci95[1])} | ${r.draws} | ${pct(r.capped / r.games)} | ` +
        `${r.medianTurns} | ${r.meanTurns.toFixed(1)} | ${pct(idleShare(r.playB))} | ` +
        `${meanUnspent(r.playA).toFixed(1)} / ${meanUnspent(r.playB).toFixed(1)} | ` +
        `${medianLeft(r.playA)} / ${medianLeft(r.playB)} | ${pct(castleHitShare(r.playB))} |`,
    );
  }
}

if (values["all-story"]) {
  const only = values.only
    ? new Set(values.only.split(",").map((x) => Number(x.trim())))
    : undefined;
  const rows = simulateStory(
    player,
    games,
    seed,
    opener,
    undefined,
    only && ((id) => only.has(id)),
  );
  if (values.json)
    console.log(JSON.stringify(rows.map((r) => ({ ...r, opponent: r.opponent.id }))));
  else printStory(rows);
} else {
  if (!values.b) fail("--b is required (or use --all-story)");
  let b: ReturnType<typeof contestant>;
  try {
    b = contestant(values.b, bTier);
  } catch (e) {
    fail(String(e instanceof Error ? e.message : e));
  }
  const report = simulate({ a: player, b, games, seed, opener });
  if (values.json) console.log(JSON.stringify(report));
  else printReport(report);
}
