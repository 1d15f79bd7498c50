import type { Executor } from "../executor.ts";

/**
 * Saves the tutorial's step if the tutorial is still running and its stored
 * step is one of `from` (the steps this save may move forward from); true
 * when saved. The condition sits in the UPDATE's WHERE, so a racing save
 * that moved the step further cannot be moved back, and two identical saves
 * both succeed.
 */
export async function saveTutorialStep(
  db: Executor,
  s: { userId: number; from: string[]; step: string; active: boolean; now: string },
): Promise<boolean> {
  if (s.from.length === 0) return false;
  const r = await db
    .updateTable("users")
    .set({ tutorial_step: s.step, tutorial_active: s.active ? 1 : 0, updated_at: s.now })
    .where("id", "=", s.userId)
    .where("tutorial_active", "=", 1)
    .where("tutorial_step", "in", s.from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
