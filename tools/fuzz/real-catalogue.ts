/**
 * Fuzz of random legal games with the REAL catalogue and real decks (the
 * starter deck and every opponent's): packages/testkit's playRandomGame picks
 * uniformly among the engine's legal actions (random attack flags, some
 * server timeouts and give-ups) and checks the state invariants after every
 * step. A failing game is saved as a replayable trace under
 * tools/fuzz/failures/ (replayed by real-catalogue.test.ts).
 *
 *   npx tsx tools/fuzz/real-catalogue.ts            # 10,000 games
 *   FUZZ_GAMES=500 FUZZ_SEED=42 npx tsx tools/fuzz/real-catalogue.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CATALOGUE, OPPONENTS, STARTER_DECK } from "@cardrealm/content";
import { type FuzzResult, playRandomGame } from "@cardrealm/testkit";

export const FAILURES_DIR = join(dirname(fileURLToPath(import.meta.url)), "failures");

const starter = STARTER_DECK.flatMap((c) => Array.from({ length: c.amount }, () => c.id));
export const REAL_DECKS: readonly (readonly number[])[] = [
  starter,
  ...OPPONENTS.map((o) => [...o.deck]),
];

/** Game `i` of a run started at `base`: its seed and its two decks. */
export function realGame(base: number, i: number): FuzzResult {
  const seed = (base + i * 2654435761) >>> 1;
  const a = REAL_DECKS[i % REAL_DECKS.length] as readonly number[];
  const b = REAL_DECKS[(i * 7 + 3) % REAL_DECKS.length] as readonly number[];
  return playRandomGame(seed, CATALOGUE, [a, b], { timeoutRate: 0.02, giveUpRate: 0.002 });
}

/** Saves a failing game's trace; returns the file. */
export function saveFailure(r: FuzzResult): string {
  mkdirSync(FAILURES_DIR, { recursive: true });
  const file = join(FAILURES_DIR, `real-${r.trace.seed}.json`);
  writeFileSync(file, `${JSON.stringify({ failure: r.failure, trace: r.trace }, null, 1)}\n`);
  return file;
}

function main(): void {
  const games = Number(process.env.FUZZ_GAMES ?? 10_000);
  const base = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  const t0 = performance.now();
  let failures = 0;
  let steps = 0;
  for (let i = 0; i < games; i++) {
    const r = realGame(base, i);
    steps += r.steps;
    if (!r.ok) {
      failures++;
      console.error(`game ${i} (seed ${r.trace.seed}) failed: ${r.failure} -> ${saveFailure(r)}`);
    }
  }
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `fuzz (real catalogue): ${games} games, ${steps} steps, ${failures} failures, ${s} s (FUZZ_SEED=${base})`,
  );
  if (failures > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
