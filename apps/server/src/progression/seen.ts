/**
 * The popups the client showed (progression.markSeen): the season levels and
 * finished daily tasks it may stop announcing, checked against what the
 * player has reached.
 */
import { seasonLevelForXp, utcDay } from "@cardrealm/content";
import type { Db } from "../db/database.ts";
import { dailyRows, markDailiesSeen, raiseSeen } from "../db/repositories/progression-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { Refused } from "../services/outcome.ts";
import { ensureSeason } from "./season-rewards.ts";

export interface SeenInput {
  free_level?: number | undefined;
  paid_level?: number | undefined;
  daily_ids?: number[] | undefined;
}

export async function markSeen(
  db: Db,
  clock: () => number,
  userId: number,
  input: SeenInput,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new Refused("unknown_player", "Please sign in again.");
    const level = seasonLevelForXp(user.season_xp);
    const season = await ensureSeason(trx, clock);
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
