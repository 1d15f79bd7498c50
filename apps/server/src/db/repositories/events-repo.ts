import type { Executor } from "../executor.ts";

export async function insertEvent(
  db: Executor,
  e: { userId: number; name: string; data: string; now: string },
): Promise<void> {
  await db
    .insertInto("analytics_events")
    .values({ user_id: e.userId, name: e.name, data: e.data, created_at: e.now })
    .execute();
}

export async function eventsOf(db: Executor, userId: number) {
  return db
    .selectFrom("analytics_events")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}
