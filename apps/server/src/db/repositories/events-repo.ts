import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";
import type { Part } from "../run-together.ts";

type EventRow = { userId: number; name: string; data: string; now: string };

const insertRow = prepared((db) =>
  db.insertInto("analytics_events").values({ user_id: 0, name: "", data: "", created_at: "" }),
);

export async function insertEvent(db: Executor, e: EventRow): Promise<void> {
  const part = insertEventPart(e);
  await part.query(db, part.params);
}

/** `insertEvent` as a statement to run with others (db/run-together.ts). */
export function insertEventPart(e: EventRow): Part {
  return { query: insertRow, params: [e.userId, e.name, e.data, e.now] };
}

export async function eventsOf(db: Executor, userId: number) {
  return db
    .selectFrom("analytics_events")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}
