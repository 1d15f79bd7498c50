import type { Executor } from "../executor.ts";

export interface BoxOpeningRow {
  id: string;
  userId: number;
  boxId: number;
  /** Unique: the same request opens one box, however often it arrives. */
  requestKey: string;
  /** The opened box as answered (JSON). */
  result: string;
  now: string;
}

/** What a request already opened, as JSON, or undefined. */
export async function openingFor(db: Executor, requestKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("box_openings")
    .select("result")
    .where("request_key", "=", requestKey)
    .executeTakeFirst();
  return row?.result;
}

export async function insertOpening(db: Executor, o: BoxOpeningRow): Promise<void> {
  await db
    .insertInto("box_openings")
    .values({
      id: o.id,
      user_id: o.userId,
      box_id: o.boxId,
      request_key: o.requestKey,
      result: o.result,
      created_at: o.now,
    })
    .execute();
}
