/**
 * States and actions for the move-write micro-benchmarks (move-write-pg.ts,
 * move-write-sqlite.ts): STATES names a JSON-lines file of {state, action}
 * taken from a run; without it, a hundred ~1 KB states of cards.
 */
import { readFileSync } from "node:fs";

export interface MoveSample {
  state: string;
  action: string;
}

export function moveSamples(): MoveSample[] {
  const file = process.env.STATES;
  if (file) {
    return readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as MoveSample);
  }
  return Array.from({ length: 100 }, (_, i) => ({
    state: JSON.stringify({
      hand: Array.from({ length: 60 }, (_, j) => ({ id: (i * 7 + j * 13) % 997, hp: j % 9 })),
    }),
    action: JSON.stringify({ type: "play_card", side: 0, card: 1000 + i, cell: i % 6 }),
  }));
}
