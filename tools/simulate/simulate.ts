/**
 * The balance simulator's core: AI against AI for any two decks or computer
 * opponents, many seeded games, win rate with a 95% Wilson interval. Pure (no
 * clock, no I/O) so the tests and the benchmark reuse it; cli.ts prints it.
 */
import { type ChooseOptions, opponentAi, playGame, TIERS, type Tier } from "@cardrealm/ai";
import {
  CATALOGUE,
  CHAPTERS,
  expandDeck,
  getOpponent,
  type OpponentDef,
  STARTER_DECK,
} from "@cardrealm/content";
import { type Catalogue, rngFromSeed, type Side, START_HP } from "@cardrealm/engine";

/** One side of a simulated match-up. */
export interface Contestant {
  /** What the deck spec named: "starter", "opponent:7 (Fire Elemental)", "custom". */
  label: string;
  deck: number[];
  hp: number;
  /** tier and noise; the seed is set per game. */
  ai: Omit<ChooseOptions, "seed">;
  opponent?: OpponentDef;
}

/**
 * A deck spec: "starter", "opponent:<id>" (its deck, castle hp and its
 * strength's tier), or a comma list of card ids. `tier` overrides the tier
 * (for "starter" and lists it defaults to "normal", a greedy player).
 */
export function contestant(
  spec: string,
  tier?: Tier,
  catalogue: Catalogue = CATALOGUE,
): Contestant {
  const s = spec.trim();
  if (s === "starter") {
    return {
      label: "starter",
      deck: expandDeck([...STARTER_DECK]),
      hp: START_HP,
      ai: { tier: tier ?? "normal" },
    };
  }
  const m = /^opponent:(\d+)$/.exec(s);
  if (m) {
    const id = Number(m[1]);
    const opponent = getOpponent(id);
    if (!opponent) throw new Error(`no opponent ${id}`);
    const own = opponentAi(opponent, 0);
    const ai: Omit<ChooseOptions, "seed"> = { tier: tier ?? own.tier };
    if (own.noise !== undefined && tier === undefined) ai.noise = own.noise;
    return {
      label: `opponent:${id} (${opponent.name})`,
      deck: [...opponent.deck],
      hp: opponent.hp,
      ai,
      opponent,
    };
  }
  const ids = s.split(",").map((x) => Number(x.trim()));
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || !catalogue.has(id))) {
    throw new Error(
      `bad deck spec "${spec}": use starter, opponent:<id> or card ids 1001,1002,...`,
    );
  }
  return { label: "custom", deck: ids, hp: START_HP, ai: { tier: tier ?? "normal" } };
}

export function isTier(x: string): x is Tier {
  return (TIERS as readonly string[]).includes(x);
}

export type OpenerRule = "a" | "b" | "alternate";

export interface SimConfig {
  a: Contestant;
  b: Contestant;
  games: number;
  seed: number;
  /** Who opens: story battles are opened by the human (a); "alternate" measures the opener's edge. */
  opener: OpenerRule;
  catalogue?: Catalogue;
}

export interface Rate {
  games: number;
  wins: number;
  /** wins / games (a draw is not a win); NaN for no games. */
  rate: number;
}

export interface SimReport {
  a: string;
  b: string;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** Side a's win rate (draws count as not won). */
  winRate: number;
  /** 95% Wilson score interval of winRate. */
  ci95: [number, number];
  meanTurns: number;
  /** Side a's win rate in the games it opened and in the others. */
  opening: Rate;
  notOpening: Rate;
}

/** The Wilson score interval of `wins` out of `n` (z = 1.96 for 95%). */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function rate(games: number, wins: number): Rate {
  return { games, wins, rate: games > 0 ? wins / games : Number.NaN };
}

/** The battle seed of game i of a run. */
export function gameSeed(seed: number, i: number): number {
  const h = { rng: rngFromSeed(seed) };
  return (rngFromSeed(h.rng ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0) % 2_147_483_647;
}

/** Plays `games` battles of a against b. Deterministic for the config. */
export function simulate(cfg: SimConfig): SimReport {
  const catalogue = cfg.catalogue ?? CATALOGUE;
  let winsA = 0;
  let winsB = 0;
  let draws = 0;
  let turns = 0;
  let openGames = 0;
  let openWins = 0;
  for (let i = 0; i < cfg.games; i++) {
    const seed = gameSeed(cfg.seed, i);
    const opener: Side = cfg.opener === "a" ? 0 : cfg.opener === "b" ? 1 : ((i % 2) as Side);
    const r = playGame(
      [
        { setup: { name: "A", deck: cfg.a.deck, hp: cfg.a.hp }, ai: { ...cfg.a.ai, seed: seed } },
        { setup: { name: "B", deck: cfg.b.deck, hp: cfg.b.hp }, ai: { ...cfg.b.ai, seed: ~seed } },
      ],
      catalogue,
      { seed, opener },
    );
    turns += r.turns;
    if (r.winner === 0) winsA++;
    else if (r.winner === 1) winsB++;
    else draws++;
    if (opener === 0) {
      openGames++;
      if (r.winner === 0) openWins++;
    }
  }
  const n = cfg.games;
  return {
    a: cfg.a.label,
    b: cfg.b.label,
    games: n,
    winsA,
    winsB,
    draws,
    winRate: n > 0 ? winsA / n : Number.NaN,
    ci95: wilson(winsA, n),
    meanTurns: n > 0 ? turns / n : 0,
    opening: rate(openGames, openWins),
    notOpening: rate(n - openGames, winsA - openWins),
  };
}

export interface StoryRow {
  chapter: number;
  opponent: OpponentDef;
  /** Which of the chapter's three (1-3; 3 is the boss). */
  position: number;
  report: SimReport;
}

/** The starter deck (or another player) against every story opponent, in chapter order. */
export function simulateStory(
  player: Contestant,
  games: number,
  seed: number,
  opener: OpenerRule = "a",
  catalogue: Catalogue = CATALOGUE,
  only?: (opponentId: number) => boolean,
): StoryRow[] {
  const rows: StoryRow[] = [];
  for (const chapter of CHAPTERS) {
    chapter.opponents.forEach((id, i) => {
      if (only && !only(id)) return;
      const b = contestant(`opponent:${id}`, undefined, catalogue);
      if (!b.opponent) return;
      const report = simulate({ a: player, b, games, seed, opener, catalogue });
      rows.push({ chapter: chapter.level, opponent: b.opponent, position: i + 1, report });
    });
  }
  return rows;
}
