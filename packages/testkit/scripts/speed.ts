/**
 * How fast is random play? npx tsx packages/testkit/scripts/speed.ts [games]
 * Prints games per second (wall and CPU) for: the fuzzer (legal actions +
 * invariant checks), plain random play (legal actions + step), and replay
 * of the same traces (step only).
 */
import { createBattle, legalActions, replay, step, type Trace } from "@cardrealm/engine";
import { playRandomGame, randomDeck, testCatalogue } from "../src/index.ts";

const games = Number(process.argv[2] ?? 3000);

function measure(label: string, run: () => void): void {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  run();
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - wall0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `${label.padEnd(34)} ${Math.round(games / wall)} games/s wall, ${Math.round(games / cpuSeconds)} games/s cpu`,
  );
}

// Warm the JIT up first, so the first measurement is not penalised.
for (let seed = 1; seed <= 300; seed++) {
  playRandomGame(-seed, testCatalogue, [randomDeck(seed), randomDeck(seed + 1)]);
}

const traces: Trace[] = [];
let steps = 0;
measure("fuzz (legal actions + invariants)", () => {
  for (let seed = 1; seed <= games; seed++) {
    const r = playRandomGame(seed, testCatalogue, [randomDeck(seed * 2), randomDeck(seed * 2 + 1)]);
    if (!r.ok) throw new Error(`seed ${seed}: ${r.failure}`);
    traces.push(r.trace);
    steps += r.steps;
  }
});
measure("random play (legalActions + step)", () => {
  for (const t of traces) {
    let s = createBattle(t, testCatalogue);
    for (const a of t.actions) {
      legalActions(s, testCatalogue);
      const r = step(s, a, testCatalogue);
      if (r.ok) s = r.state;
    }
  }
});
measure("replay (step only)", () => {
  for (const t of traces) replay(t, testCatalogue);
});
console.log(`${games} games, ${(steps / games).toFixed(1)} steps per game`);
