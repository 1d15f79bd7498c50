/**
 * Ranks and their season-end rewards (product.md sections 4 and 9, rules.md
 * section 4). Bronze to diamond each span 600 rank score (6 points of 100);
 * above diamond is champions. At season end every player is paid the gems of
 * the rank held and falls back to bronze.
 */

export const RANK_NAMES = ["bronze", "silver", "gold", "platinum", "diamond", "champions"] as const;
export type RankNameDef = (typeof RANK_NAMES)[number];

/** Rank score each rank below champions spans. */
export const RANK_SPAN_SCORE = 600;
/** Points the rank display shows. */
export const RANK_POINTS = 6;
/** How many champions the list shows. */
export const CHAMPIONS_LIST_SIZE = 10;

/** Arena battle results (PvP or the arena bot), rules.md section 4. Premium doubles the gems. */
export const ARENA_RESULT = {
  win: { gems: 50, score: 20 },
  loss: { gems: 10, score: -10 },
} as const;

export interface RankRewardDef {
  rank: RankNameDef;
  gems: number;
}

/** Season-end rank rewards (season of August 2025, product.md section 9). */
export const RANK_REWARDS: readonly RankRewardDef[] = [
  { rank: "bronze", gems: 100 },
  { rank: "silver", gems: 500 },
  { rank: "gold", gems: 1000 },
  { rank: "platinum", gems: 1500 },
  { rank: "diamond", gems: 2000 },
  { rank: "champions", gems: 3000 },
];

/** The lowest rank score of a rank (its floor): bronze 0, silver 600, ... champions 3000. */
export function rankFloorScore(rankScore: number): number {
  const index = Math.min(
    RANK_NAMES.length - 1,
    Math.floor(Math.max(0, rankScore) / RANK_SPAN_SCORE),
  );
  return index * RANK_SPAN_SCORE;
}
