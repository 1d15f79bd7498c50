/**
 * Balance cannot slip silently (issue 26): a small seeded run of the story
 * lineup against the fresh starter deck, held to the limits docs/balance.md
 * publishes at 200 games a match-up. A cheap proxy: a few games for the
 * chapter 1 opponents, every chapter's boss and the starter mirror (the
 * bosses play the deepest search, so they are where resources are hoarded
 * if anywhere). The run is seeded, so it only moves when code or content
 * does.
 *
 * The limits are a ratchet, not yet issue 26's aim everywhere: the aim is
 * at most 8 resources unspent at a turn end (mean) and a median of at most
 * 12 left at a game's end for either side; the 200-game table in
 * docs/balance.md meets it in every cell on seed 1 (a second seed misses
 * four, named there). Four games a row cannot show a row's 8 or 12 (this run's rows
 * spread 4.1-10.4 and 6.5-16: four games of one row are a handful of
 * game ends, so one long game moves a row's median by 3-4), so each row is
 * held to a ratchet just above this run (10.5 and 16; before 11 and 19,
 * 12.5 and 24 before that), and the pooled run, every row's turns and
 * games together, to the aim itself (8 and 12): a change that brings
 * hoarding back moves the pool first.
 */
import { CHAPTERS } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import {
  castleHitShare,
  contestant,
  meanUnspent,
  median,
  medianLeft,
  type SimReport,
  simulate,
} from "./simulate.ts";

const GAMES = 4;
const SEED = 1;
/** Mean resources unspent at a turn end, and the median left at a game's end (see above). */
const UNSPENT_MAX = 10.5;
const LEFT_AT_END_MAX = 16;
/** Issue 26's aim, held by the pooled run. */
const POOLED_UNSPENT_MAX = 8;
const POOLED_LEFT_AT_END_MAX = 12;

function run(b: string): SimReport {
  return simulate({
    a: contestant("starter"),
    b: contestant(b),
    games: GAMES,
    seed: SEED,
    opener: b === "starter" ? "alternate" : "a",
  });
}

const chapter1 = CHAPTERS.find((c) => c.level === 1)?.opponents ?? [];
const bosses = CHAPTERS.filter((c) => !c.isPromo).map((c) => c.cpu3 ?? 0);
const lineup = [...new Set([...chapter1, ...bosses])];
const reports = new Map<string, SimReport>();
function report(spec: string): SimReport {
  let r = reports.get(spec);
  if (!r) {
    r = run(spec);
    reports.set(spec, r);
  }
  return r;
}

describe("story balance, a cheap seeded proxy (docs/balance.md)", { timeout: 120_000 }, () => {
  it.each([...lineup.map((id) => `opponent:${id}`), "starter"])(
    "starter against %s: neither side hoards resources",
    (spec) => {
      const r = report(spec);
      for (const p of [r.playA, r.playB]) {
        expect(meanUnspent(p)).toBeLessThanOrEqual(UNSPENT_MAX);
        expect(medianLeft(p)).toBeLessThanOrEqual(LEFT_AT_END_MAX);
      }
    },
  );

  it("keeps the pooled run within issue 26's aim: 8 unspent, 12 left at the end", () => {
    const specs = [...lineup.map((id) => `opponent:${id}`), "starter"];
    for (const side of ["playA", "playB"] as const) {
      let unspent = 0;
      let turns = 0;
      const left: number[] = [];
      for (const spec of specs) {
        const p = report(spec)[side];
        unspent += p.unspent;
        turns += p.turns;
        left.push(...p.leftAtEnd);
      }
      expect(unspent / turns, side).toBeLessThanOrEqual(POOLED_UNSPENT_MAX);
      expect(median(left), side).toBeLessThanOrEqual(POOLED_LEFT_AT_END_MAX);
    }
  });

  it("has the chapter 1 opponents attack the castle", () => {
    for (const id of chapter1) {
      const r = report(`opponent:${id}`);
      // 3 of 4 games (the 200-game table: 82-98%).
      expect(castleHitShare(r.playB), `opponent ${id}`).toBeGreaterThanOrEqual(0.75);
    }
  });

  it("makes the last chapter's boss harder than the first chapter's", () => {
    const first = report(`opponent:${bosses[0]}`).winRate;
    const last = report(`opponent:${bosses[bosses.length - 1]}`).winRate;
    expect(first).toBeGreaterThan(last);
  });
});
