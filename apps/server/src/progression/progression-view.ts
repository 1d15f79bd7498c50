/**
 * The progression parts of the user object (product.md section 3), read
 * only: the player's own progression rows (kept in services/user-view.ts's
 * view cache) and what the object shows of them. Apart from progression.ts
 * (the writes) so that the view, which progression.ts calls, does not import
 * it back.
 */
import { dailyTasksFor, RANK_REWARDS, RANK_SPAN_SCORE, seasonLevelForXp } from "@cardrealm/content";
import type { User } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import { claimedRewards, dailyRows, seenOf } from "../db/repositories/progression-repo.ts";
import type { UserRow } from "../db/repositories/users-repo.ts";
import { rankOf } from "../economy/ranks.ts";

/** The score where champions start (above the five ranks); migration 0011 keeps it. */
export const CHAMPIONS_FLOOR = (RANK_REWARDS.length - 1) * RANK_SPAN_SCORE;

/** A daily task as the user object carries it, plus whether its finish popup was shown. */
export type DailyTaskView = User["dailys"]["finished"][number] & { seen: boolean };

/** What the progression view reads of one player's own rows (cached with the view's parts). */
export interface ProgressionRows {
  daily: Awaited<ReturnType<typeof dailyRows>>;
  claimed: Awaited<ReturnType<typeof claimedRewards>>;
  seen: Awaited<ReturnType<typeof seenOf>>;
}

/** The player's own progression rows of `day` and `seasonId`. */
export async function progressionRows(
  db: Executor,
  userId: number,
  day: string,
  seasonId: string,
): Promise<ProgressionRows> {
  const [daily, claimed, seen] = await Promise.all([
    dailyRows(db, userId, day),
    claimedRewards(db, userId, seasonId),
    seenOf(db, userId, seasonId),
  ]);
  return { daily, claimed, seen };
}

/**
 * The progression parts of the user object (product.md section 3): today's
 * daily tasks, rank, the champions' names and the season progress. Reads
 * only: today's tasks are drawn from the pool (renewed at 00:00 UTC without
 * any write) and their rows hold just the progress.
 */
export function progressionFrom(
  row: Pick<UserRow, "id" | "rank_score" | "season_xp">,
  day: string,
  rows: ProgressionRows,
  champions: string[],
): Pick<User, "dailys" | "rank" | "rank_champions" | "season_progress"> {
  const { daily, claimed, seen } = rows;
  const active: Record<string, DailyTaskView> = {};
  const finished: DailyTaskView[] = [];
  for (const task of dailyTasksFor(row.id, day)) {
    const r = daily.find((x) => x.task_id === task.id);
    const view: DailyTaskView = {
      id: task.id,
      text: task.text,
      progress: JSON.stringify({ done: Math.min(task.need, r?.done ?? 0), need: task.need }),
      reward: JSON.stringify({ gems: task.gems }),
      seen: r?.seen === 1,
    };
    if (r?.finished === 1) finished.push(view);
    else active[String(task.id)] = view;
  }

  const currentLevel = seasonLevelForXp(row.season_xp);
  const free: Record<string, boolean> = {};
  const paid: Record<string, boolean> = {};
  for (const c of claimed) {
    if (c.track === "free") free[String(c.level)] = true;
    else if (c.track === "paid") paid[String(c.level)] = true;
  }
  return {
    dailys: { active, finished },
    rank: rankOf(row.rank_score),
    rank_champions: champions,
    season_progress: {
      currentLevel,
      oldFreeLevel: Math.min(seen.free, currentLevel),
      oldPaidLevel: Math.min(seen.paid, currentLevel),
      xp: row.season_xp,
      progress: { free, paid },
    },
  };
}
