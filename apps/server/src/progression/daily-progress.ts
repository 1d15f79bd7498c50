/** Daily task progress (rules.md section 4): counted in the caller's transaction, paid once. */
import { type DailyTaskKind, dailyTasksFor, utcDay } from "@cardrealm/content";
import { type Executor, nowIso } from "../db/executor.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import { addSeasonXp, bumpDaily, finishDaily } from "../db/repositories/progression-repo.ts";

/** Adds progress to today's tasks; finished ones pay their gems and xp once. */
export async function countDaily(
  trx: Executor,
  clock: () => number,
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
