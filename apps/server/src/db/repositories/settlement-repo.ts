import type { Executor } from "../executor.ts";

/**
 * The rows a battle's settlement writes besides the ledger and progression:
 * the story map and the player's level (and season xp when no progression
 * hook adds it). Always called inside the transaction that saves the final state.
 */
export async function addBeatenOpponent(
  db: Executor,
  userId: number,
  cpuId: number,
  now: string,
): Promise<void> {
  await db
    .insertInto("user_maps")
    .values({ user_id: userId, cpu_id: cpuId, beaten_at: now })
    .execute();
}

export async function setLevelAndXp(
  db: Executor,
  userId: number,
  u: { level: number; addXp: number; now: string },
): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      level: u.level,
      ...(u.addXp !== 0 ? { season_xp: eb("season_xp", "+", u.addXp) } : {}),
      updated_at: u.now,
    }))
    .where("id", "=", userId)
    .execute();
}
