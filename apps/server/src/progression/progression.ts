/**
 * Arena progression (rules.md section 4): daily tasks, season xp and the
 * season track, rank score, champions. Battles and box openings call the
 * hooks inside their own transaction, so a result, its gems and its
 * progression commit together or not at all, and every payout is keyed so it
 * happens once.
 */
import {
  CHAMPIONS_LIST_SIZE,
  SEASON_FINISH_REWARD,
  SEASON_LEVEL_XP,
  SEASON_LEVELS,
  SEASON_TRACK,
} from "@cardrealm/content";
import type { User } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { type Executor, nowIso } from "../db/executor.ts";
import {
  addSeasonXp,
  changeRankScore,
  type SeasonRow,
  topChampions,
} from "../db/repositories/progression-repo.ts";
import { type Outcome, outcomeOf, Refused } from "../services/outcome.ts";
import { userView } from "../services/user-view.ts";
import type { BattleStats } from "./battle-stats.ts";
import { countDaily } from "./daily-progress.ts";
import { CHAMPIONS_FLOOR } from "./progression-view.ts";
import { ensureSeason, syncSeason } from "./season-rewards.ts";
import { markSeen, type SeenInput } from "./seen.ts";

export type { SeenInput } from "./seen.ts";

export type BattleMode = "cpu" | "bot" | "pvp";

/**
 * What a box's progression hook wrote beside the box: nothing, today's daily
 * task rows only, or more (a finished task's pay and season rewards, which
 * may add cards and claims). economy/box-view.ts patches the cached view by it.
 */
export type BoxProgressWrites = "none" | "daily" | "more";

/** One player's finished battle, as a battle module reports it. */
export interface BattleOutcome {
  userId: number;
  battleId: string;
  /** cpu (story), bot (arena opponent 21) or pvp. */
  mode: BattleMode;
  won: boolean;
  draw: boolean;
  /**
   * false: this player was paid nothing (a give-up, a short loss, or the
   * paid-battle rule, rules.md 4): the battle counts for no daily task.
   */
  paid: boolean;
  /** What this player did (battleStats over the battle's events). */
  stats: BattleStats;
  /** Season xp to add (win 100, loss 40). */
  xp: number;
  /** Rank score change (arena only; 0 for story battles). The rank floor is applied. */
  scoreDelta: number;
}

export interface BattleProgress {
  /** Daily task ids this battle finished (their gems are paid). */
  dailiesFinished: number[];
}

export function createProgression(deps: { db: Db; clock: () => number }) {
  const { db, clock } = deps;
  const k = db.kysely;

  return {
    /** The open season, creating the first one (this calendar month) on a fresh database. */
    ensureSeason: (exec: Executor = k): Promise<SeasonRow> => ensureSeason(exec, clock),
    /** Claims every season reward the player's level has reached (season-rewards.ts). */
    syncSeason: (trx: Executor, userId: number): Promise<void> => syncSeason(trx, clock, userId),

    /** A finished battle: season xp, rank score, daily task progress, season rewards. */
    async onBattleFinished(trx: Executor, o: BattleOutcome): Promise<BattleProgress> {
      const now = nowIso(clock);
      await addSeasonXp(trx, o.userId, o.xp, now);
      if (o.scoreDelta !== 0) await changeRankScore(trx, o.userId, o.scoreDelta, now);
      const arena = o.mode !== "cpu";
      const { finished: dailiesFinished } = await countDaily(trx, clock, o.userId, {
        play_battles: o.paid ? 1 : 0,
        win_battles: o.paid && o.won ? 1 : 0,
        win_arena: o.paid && o.won && arena ? 1 : 0,
        play_spells: o.stats.spells,
        play_units: o.stats.units,
        destroy_units: o.stats.destroyed,
        castle_damage: o.stats.castleDamage,
      });
      await syncSeason(trx, clock, o.userId);
      return { dailiesFinished };
    },

    /**
     * A box was opened (economy/box-opening.ts, inside its transaction).
     * Answers what it wrote of the player's view tables (economy/box-view.ts
     * patches the cached view with it): a finished task pays and may claim
     * season rewards ("more").
     */
    async onBoxOpened(trx: Executor, userId: number): Promise<BoxProgressWrites> {
      const { finished, counted } = await countDaily(trx, clock, userId, { open_boxes: 1 });
      if (finished.length > 0) {
        await syncSeason(trx, clock, userId);
        return "more";
      }
      return counted > 0 ? "daily" : "none";
    },

    /** The season pass was bought: the paid rewards of the levels already reached are due. */
    async onSeasonPass(trx: Executor, userId: number): Promise<void> {
      await syncSeason(trx, clock, userId);
    },

    /** The top 10 of champions this season, best first. */
    async champions(): Promise<{ place: number; name: string; score: number }[]> {
      const rows = await topChampions(k, CHAMPIONS_LIST_SIZE);
      return rows.map((r, i) => ({
        place: i + 1,
        name: r.nickname,
        score: r.rank_score - CHAMPIONS_FLOOR,
      }));
    },

    async season() {
      const s = await ensureSeason(k, clock);
      return {
        id: s.id,
        starts_at: s.starts_at,
        ends_at: s.ends_at,
        levels: SEASON_LEVELS,
        level_xp: SEASON_LEVEL_XP,
        track: SEASON_TRACK,
        finish_card_ids: SEASON_FINISH_REWARD.cardIds,
      };
    },

    /**
     * The client showed reward popups: the free and paid season levels up to
     * these, and these finished daily tasks. Refuses levels not reached, the
     * paid track without the pass, and tasks that are not finished today.
     * Answers the user object after the change.
     */
    markSeen(userId: number, input: SeenInput): Promise<Outcome<User>> {
      return outcomeOf(async () => {
        await markSeen(db, clock, userId, input);
        const user = await userView(k, userId, clock());
        if (!user) throw new Refused("unknown_player", "Please sign in again.");
        return user;
      });
    },
  };
}

export type Progression = ReturnType<typeof createProgression>;
