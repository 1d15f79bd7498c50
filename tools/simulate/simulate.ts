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
import {
  type BattleState,
  type Catalogue,
  type EndTurnAction,
  readyAttackers,
  rngFromSeed,
  type Side,
  START_HP,
} from "@cardrealm/engine";

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

/**
 * How one side played its turns over a run (issue 15, "a computer that
 * fights"): the turns it could attack on a contested board but did not, and
 * what it left unspent.
 */
export interface PlayStats {
  /** Turns the side ended (every one of its turns). */
  turns: number;
  /**
   * Of those, turns with units on both tables and at least one of the side's
   * units ready to attack: the turns where attacking was a choice.
   */
  contested: number;
  /** Contested turns the side ended with no attack flag at all. */
  idle: number;
  /** Sum over its turn ends of fire + diamond + pow left unspent. */
  unspent: number;
  /** Per game: fire + diamond + pow the side held when the game ended (issue 26). */
  leftAtEnd: number[];
  /** Games in which the side dealt damage to the enemy castle at least once (issue 26). */
  castleHitGames: number;
}

/** idle / contested (0 when never contested). */
export function idleShare(p: PlayStats): number {
  return p.contested > 0 ? p.idle / p.contested : 0;
}

/** Mean resources left unspent at the side's turn end. */
export function meanUnspent(p: PlayStats): number {
  return p.turns > 0 ? p.unspent / p.turns : 0;
}

/** Median resources held at the games' ends. */
export function medianLeft(p: PlayStats): number {
  return median(p.leftAtEnd);
}

/** Share of the games in which the side dealt castle damage (0 for none). */
export function castleHitShare(p: PlayStats): number {
  return p.leftAtEnd.length > 0 ? p.castleHitGames / p.leftAtEnd.length : 0;
}

function emptyStats(): PlayStats {
  return { turns: 0, contested: 0, idle: 0, unspent: 0, leftAtEnd: [], castleHitGames: 0 };
}

function heldResources(state: BattleState, side: Side): number {
  const r = state.sides[side].resources;
  return r.fire.amount + r.diamond.amount + r.pow.amount;
}

/** Adds one turn end of `state.active` (the state before its end_turn is stepped). */
export function recordTurnEnd(
  stats: PlayStats,
  state: BattleState,
  action: EndTurnAction,
  catalogue: Catalogue,
): void {
  const side = state.active;
  const me = state.sides[side];
  const foe = state.sides[side === 0 ? 1 : 0];
  stats.turns++;
  const r = me.resources;
  stats.unspent += r.fire.amount + r.diamond.amount + r.pow.amount;
  if (!me.table.some((u) => u !== null) || !foe.table.some((u) => u !== null)) return;
  if (readyAttackers(state, side, catalogue).length === 0) return;
  stats.contested++;
  if (!action.attack.some((f) => f)) stats.idle++;
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
  /** Median of the games' lengths in turns (both sides). */
  medianTurns: number;
  /** Games that ran to the turn cap (a draw or a win on castle hp). */
  capped: number;
  /** How each side played its turns over the run. */
  playA: PlayStats;
  playB: PlayStats;
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

/** The median of a list of numbers (0 for none). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
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
  let capped = 0;
  const lengths: number[] = [];
  const play: [PlayStats, PlayStats] = [emptyStats(), emptyStats()];
  // Lowest castle hp of each side seen in the current game (at turn ends and the end).
  const lowest: [number, number] = [0, 0];
  const onEndTurn = (state: BattleState, action: EndTurnAction) => {
    recordTurnEnd(play[state.active], state, action, catalogue);
    lowest[0] = Math.min(lowest[0], state.sides[0].hp);
    lowest[1] = Math.min(lowest[1], state.sides[1].hp);
  };
  for (let i = 0; i < cfg.games; i++) {
    lowest[0] = cfg.a.hp;
    lowest[1] = cfg.b.hp;
    const seed = gameSeed(cfg.seed, i);
    const opener: Side = cfg.opener === "a" ? 0 : cfg.opener === "b" ? 1 : ((i % 2) as Side);
    const r = playGame(
      [
        { setup: { name: "A", deck: cfg.a.deck, hp: cfg.a.hp }, ai: { ...cfg.a.ai, seed: seed } },
        { setup: { name: "B", deck: cfg.b.deck, hp: cfg.b.hp }, ai: { ...cfg.b.ai, seed: ~seed } },
      ],
      catalogue,
      { seed, opener, onEndTurn },
    );
    turns += r.turns;
    lengths.push(r.turns);
    for (const side of [0, 1] as const) {
      const foe = side === 0 ? 1 : 0;
      play[side].leftAtEnd.push(heldResources(r.final, side));
      const start = foe === 0 ? cfg.a.hp : cfg.b.hp;
      if (Math.min(lowest[foe], r.final.sides[foe].hp) < start) play[side].castleHitGames++;
    }
    if (r.final.endReason === "turn_cap") capped++;
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
    medianTurns: median(lengths),
    capped,
    playA: play[0],
    playB: play[1],
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
