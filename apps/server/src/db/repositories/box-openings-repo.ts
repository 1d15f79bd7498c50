import { sql } from "kysely";
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

/** A box's six cards. */
const BOX_CARDS = 6;
/** The player's amounts of a box's six cards, and this request's box if it opened one: one statement. */
const amountsAndEarlier = prepared((db) =>
  db
    .selectFrom("library_cards")
    .select(["card_id", "amount", sql<string | null>`null`.as("result")])
    .where("user_id", "=", 0)
    .where(
      "card_id",
      "in",
      Array.from({ length: BOX_CARDS }, () => 0),
    )
    .unionAll(
      db
        .selectFrom("box_openings")
        .select([sql<number>`0`.as("card_id"), sql<number>`0`.as("amount"), "result"])
        .where("request_key", "=", ""),
    ),
);

/**
 * What a box decides from, read under the player's lock in one round trip
 * (two before, bench/RESULTS.md session 23): the request's box if it already
 * opened one (`earlier`, its JSON), and how many of each of the six drawn
 * cards the player owns (0 for one not in the library).
 */
export async function boxFacts(
  db: Executor,
  userId: number,
  requestKey: string,
  cardIds: readonly number[],
): Promise<{ earlier: string | undefined; have: Map<number, number> }> {
  if (cardIds.length !== BOX_CARDS)
    throw new Error(`a box has ${BOX_CARDS} cards, not ${cardIds.length}`);
  const have = new Map<number, number>(cardIds.map((id) => [id, 0]));
  let earlier: string | undefined;
  for (const r of await amountsAndEarlier(db, [userId, ...cardIds, requestKey])) {
    if (r.result !== null) earlier = r.result;
    else have.set(Number(r.card_id), Number(r.amount));
  }
  return { earlier, have };
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
