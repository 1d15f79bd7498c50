import { RANKS, type RankName } from "@cardrealm/protocol";

/** Score each rank below champions spans (rules.md section 4: 6 points of 100). */
export const RANK_SPAN = 600;

export interface RankView {
  rank: RankName;
  score: number;
  total_score: number;
}

/** The rank display of a lifetime rank score: bronze 0-599, silver 600-1199, ... champions. */
export function rankOf(rankScore: number): RankView {
  const index = Math.min(RANKS.length - 1, Math.floor(Math.max(0, rankScore) / RANK_SPAN));
  const rank = RANKS[index] ?? "bronze";
  return { rank, score: Math.max(0, rankScore) - index * RANK_SPAN, total_score: RANK_SPAN };
}
