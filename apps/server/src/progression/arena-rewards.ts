import { ARENA_RESULT, SEASON_XP_LOSS, SEASON_XP_WIN } from "@cardrealm/content";

/**
 * An arena battle's result (PvP or the arena bot 21), rules.md section 4:
 * a win pays 50 gems and +20 rank score, a loss 10 gems and -10 score (the
 * rank floor is applied where the score is stored). The season pass doubles
 * the gems; a player without it is shown what the pass would have paid.
 * A draw pays the loss gems and leaves the score as it is.
 */
export interface ArenaReward {
  silver: number;
  seasonPassTotal: number | undefined;
  seasonXp: number;
  scoreDelta: number;
}

export function arenaReward(opts: { won: boolean; draw: boolean; premium: boolean }): ArenaReward {
  const result = opts.won ? ARENA_RESULT.win : ARENA_RESULT.loss;
  return {
    silver: opts.premium ? result.gems * 2 : result.gems,
    seasonPassTotal: opts.premium ? undefined : result.gems * 2,
    seasonXp: opts.won ? SEASON_XP_WIN : SEASON_XP_LOSS,
    scoreDelta: opts.draw ? 0 : result.score,
  };
}
