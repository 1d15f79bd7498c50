/**
 * Arena progression (rules.md section 4): daily tasks, season xp and the
 * season track, rank score, champions. Battles and box openings call the
 * hooks inside their own transaction, so a result, its gems and its
 * progression commit together or not at all, and every payout is keyed so it
 * happens once.
 */
import {
  CHAMPIONS_LIST_SIZE,
  type DailyTaskKind,
  dailyTasksFor,
  SEASON_FINISH_REWARD,
  SEASON_LEVEL_XP,
  SEASON_LEVELS,
  SEASON_TRACK,
  type SeasonReward,
  seasonLevelForXp,
  utcDay,
} from "@cardrealm/content";
import type { User } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { type Executor, nowIso } from "../db/executor.ts";
import { addToLibrary } from "../db/repositories/collection-repo.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import {
  addSeasonXp,
  bumpDaily,
  changeRankScore,
  claimedRewards,
  dailyRows,
  findOpenSeason,
  findSeason,
  finishDaily,
  insertClaim,
  insertSeason,
  markDailiesSeen,
  raiseSeen,
  type SeasonRow,
  topChampions,
} from "../db/repositories/progression-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { type Outcome, outcomeOf, Refused } from "../services/outcome.ts";
import { userView } from "../services/user-view.ts";
import type { BattleStats } from "./battle-stats.ts";
import { CHAMPIONS_FLOOR } from "./progression-view.ts";
import { bootstrapSeason, nextSeason } from "./seasons.ts";

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

export interface SeenInput {
  free_level?: number | undefined;
  paid_level?: number | undefined;
  daily_ids?: number[] | undefined;
}

export function createProgression(deps: { db: Db; clock: () => number }) {
  const { db, clock } = deps;
  const k = db.kysely;

  /** The open season, creating the first one (this calendar month) on a fresh database. */
  async function ensureSeason(exec: Executor = k): Promise<SeasonRow> {
    const open = await findOpenSeason(exec);
    if (open) return open;
    const now = clock();
    const first = bootstrapSeason(now);
    if (!(await insertSeason(exec, first))) {
      // The month's id is taken by a closed season (an early end): pick the next free id.
      const taken = new Set<string>();
      for (let n = 1; n < 50; n++) {
        const id = n === 1 ? first.id : `${first.id}-${n}`;
        if (await findSeason(exec, id)) taken.add(id);
        else break;
      }
      await insertSeason(
        exec,
        nextSeason(now, (id) => taken.has(id)),
      );
    }
    const made = await findOpenSeason(exec);
    if (!made) throw new Error("could not open a season");
    return made;
  }

  async function grant(
    trx: Executor,
    c: { userId: number; season: string; level: number; track: "free" | "paid" },
    reward: SeasonReward,
    now: string,
  ): Promise<void> {
    if (!(await insertClaim(trx, { ...c, now }))) return;
    if (reward.reward === "gems") {
      await applyGemChange(trx, {
        userId: c.userId,
        delta: reward.amount,
        reason: "season_reward",
        idempotencyKey: `season:${c.season}:${c.userId}:${c.track}:${c.level}`,
        now,
      });
    } else {
      await addToLibrary(trx, c.userId, [{ cardId: reward.card.id, amount: reward.amount }]);
    }
  }

  /**
   * Claims every season reward due: free ones up to the level reached, paid
   * ones too for a season pass holder, and the season finish at the last
   * level. The season_rewards primary key makes each one happen once.
   */
  async function syncSeason(trx: Executor, userId: number): Promise<void> {
    const user = await findUserById(trx, userId);
    if (!user) return;
    const level = seasonLevelForXp(user.season_xp);
    if (level === 0) return;
    const season = await ensureSeason(trx);
    const claimed = new Set(
      (await claimedRewards(trx, userId, season.id)).map((r) => `${r.track}:${r.level}`),
    );
    const now = nowIso(clock);
    for (let l = 1; l <= level; l++) {
      const def = SEASON_TRACK[l - 1];
      if (!def) continue;
      if (!claimed.has(`free:${l}`))
        await grant(trx, { userId, season: season.id, level: l, track: "free" }, def.free, now);
      if (user.premium === 1 && !claimed.has(`paid:${l}`))
        await grant(trx, { userId, season: season.id, level: l, track: "paid" }, def.paid, now);
    }
    if (level >= SEASON_LEVELS && !claimed.has(`finish:${SEASON_LEVELS}`)) {
      const first = await insertClaim(trx, {
        userId,
        season: season.id,
        level: SEASON_LEVELS,
        track: "finish",
        now,
      });
      if (first) {
        await addToLibrary(
          trx,
          userId,
          SEASON_FINISH_REWARD.cardIds.map((cardId) => ({ cardId, amount: 1 })),
        );
      }
    }
  }

  /** Adds progress to today's tasks; finished ones pay their gems and xp once. */
  async function countDaily(
    trx: Executor,
    userId: number,
    counts: Partial<Record<DailyTaskKind, number>>,
  ): Promise<{ finished: number[]; counted: number }> {
    const day = utcDay(clock());
    const now = nowIso(clock);
    const finished: number[] = [];
    let counted = 0;
    for (const task of dailyTasksFor(userId, day)) {
      const amount = Math.floor(counts[task.kind] ?? 0);
      if (amount <= 0) continue;
      counted++;
      await bumpDaily(trx, {
        userId,
        day,
        taskId: task.id,
        need: task.need,
        reward: task.gems,
        amount,
      });
      if (await finishDaily(trx, { userId, day, taskId: task.id })) {
        await applyGemChange(trx, {
          userId,
          delta: task.gems,
          reason: "daily_task",
          idempotencyKey: `daily:${userId}:${day}:${task.id}`,
          now,
        });
        await addSeasonXp(trx, userId, task.xp, now);
        finished.push(task.id);
      }
    }
    return { finished, counted };
  }

  return {
    ensureSeason,
    syncSeason,

    /** A finished battle: season xp, rank score, daily task progress, season rewards. */
    async onBattleFinished(trx: Executor, o: BattleOutcome): Promise<BattleProgress> {
      const now = nowIso(clock);
      await addSeasonXp(trx, o.userId, o.xp, now);
      if (o.scoreDelta !== 0) await changeRankScore(trx, o.userId, o.scoreDelta, now);
      const arena = o.mode !== "cpu";
      const { finished: dailiesFinished } = await countDaily(trx, o.userId, {
        play_battles: o.paid ? 1 : 0,
        win_battles: o.paid && o.won ? 1 : 0,
        win_arena: o.paid && o.won && arena ? 1 : 0,
        play_spells: o.stats.spells,
        play_units: o.stats.units,
        destroy_units: o.stats.destroyed,
        castle_damage: o.stats.castleDamage,
      });
      await syncSeason(trx, o.userId);
      return { dailiesFinished };
    },

    /**
     * A box was opened (economy/box-opening.ts, inside its transaction).
     * Answers what it wrote of the player's view tables (economy/box-view.ts
     * patches the cached view with it): a finished task pays and may claim
     * season rewards ("more").
     */
    async onBoxOpened(trx: Executor, userId: number): Promise<BoxProgressWrites> {
      const { finished, counted } = await countDaily(trx, userId, { open_boxes: 1 });
      if (finished.length > 0) {
        await syncSeason(trx, userId);
        return "more";
      }
      return counted > 0 ? "daily" : "none";
    },

    /** The season pass was bought: the paid rewards of the levels already reached are due. */
    async onSeasonPass(trx: Executor, userId: number): Promise<void> {
      await syncSeason(trx, userId);
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
      const s = await ensureSeason();
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
        await markSeen(userId, input);
        const user = await userView(k, userId, clock());
        if (!user) throw new Refused("unknown_player", "Please sign in again.");
        return user;
      });
    },
  };

  async function markSeen(userId: number, input: SeenInput): Promise<void> {
    await k.transaction().execute(async (trx) => {
      const user = await findUserById(trx, userId);
      if (!user) throw new Refused("unknown_player", "Please sign in again.");
      const level = seasonLevelForXp(user.season_xp);
      const season = await ensureSeason(trx);
      if (input.free_level !== undefined && input.free_level > level)
        throw new Refused(
          "invalid",
          `free_level ${input.free_level} is above your season level (${level}).`,
        );
      if (input.paid_level !== undefined) {
        if (input.paid_level > 0 && user.premium !== 1)
          throw new Refused("forbidden", "The paid track needs the season pass.");
        if (input.paid_level > level)
          throw new Refused(
            "invalid",
            `paid_level ${input.paid_level} is above your season level (${level}).`,
          );
      }
      const day = utcDay(clock());
      if (input.daily_ids?.length) {
        const done = new Set(
          (await dailyRows(trx, userId, day)).filter((r) => r.finished === 1).map((r) => r.task_id),
        );
        const wrong = input.daily_ids.find((id) => !done.has(id));
        if (wrong !== undefined)
          throw new Refused("invalid", `Daily task ${wrong} is not finished today.`);
        await markDailiesSeen(trx, userId, day, input.daily_ids);
      }
      if (input.free_level !== undefined || input.paid_level !== undefined) {
        await raiseSeen(trx, {
          userId,
          season: season.id,
          free: input.free_level ?? 0,
          paid: input.paid_level ?? 0,
        });
      }
    });
  }
}

export type Progression = ReturnType<typeof createProgression>;
