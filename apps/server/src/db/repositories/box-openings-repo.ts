import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";
import type { Part } from "../run-together.ts";

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
  const part = insertOpeningPart(o);
  await part.query(db, part.params);
}

/** `insertOpening` as a statement to run with others (db/run-together.ts). */
export function insertOpeningPart(o: BoxOpeningRow): Part {
  return { query: insertRow, params: [o.id, o.userId, o.boxId, o.requestKey, o.result, o.now] };
}
