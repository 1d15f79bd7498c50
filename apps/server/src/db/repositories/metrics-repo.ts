import type { Executor } from "../executor.ts";

/**
 * Battles being played right now across every process, by mode (cpu: story,
 * pvp, bot): every battle, story or arena, is an `active` row of `battles`
 * until it is settled, and a partial unique index covers exactly those rows.
 */
export async function gamesInProgress(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("battles")
    .select(["mode", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "=", "active")
    .groupBy("mode")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.mode, Number(r.n)]));
}
