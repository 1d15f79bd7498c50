/**
 * Story battle rewards (rules.md section 4): a win pays 30 + 10 x chapter
 * level, tripled the first time that opponent is beaten; a loss or draw pays
 * 5. The season pass (premium) doubles battle gems; a player without it is
 * shown what the pass would have paid.
 */
export interface StoryReward {
  silver: number;
  /** The total with the season pass, shown to non-premium players only. */
  seasonPassTotal: number | undefined;
  seasonXp: number;
}

export function storyReward(opts: {
  won: boolean;
  chapterLevel: number;
  firstWin: boolean;
  premium: boolean;
}): StoryReward {
  const base = opts.won ? (30 + 10 * opts.chapterLevel) * (opts.firstWin ? 3 : 1) : 5;
  return {
    silver: opts.premium ? base * 2 : base,
    seasonPassTotal: opts.premium ? undefined : base * 2,
    seasonXp: opts.won ? 100 : 40,
  };
}

/** User level = 1 + chapters whose third opponent (the boss) is beaten. */
export function levelFromMaps(maps: readonly number[], bossIds: readonly number[]): number {
  const beaten = new Set(maps);
  return 1 + bossIds.filter((id) => beaten.has(id)).length;
}
