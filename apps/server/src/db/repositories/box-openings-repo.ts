import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";

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
const resultOf = prepared((db) =>
  db.selectFrom("box_openings").select("result").where("request_key", "=", ""),
);

export async function openingFor(db: Executor, requestKey: string): Promise<string | undefined> {
  const [row] = await resultOf(db, [requestKey]);
  return row?.result;
}

const insertRow = prepared((db) =>
  db.insertInto("box_openings").values({
    id: "",
    user_id: 0,
    box_id: 0,
    request_key: "",
    result: "",
    created_at: "",
  }),
);

export async function insertOpening(db: Executor, o: BoxOpeningRow): Promise<void> {
  await insertRow(db, [o.id, o.userId, o.boxId, o.requestKey, o.result, o.now]);
}
