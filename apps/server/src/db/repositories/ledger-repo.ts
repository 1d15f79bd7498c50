import { sql } from "kysely";
import { gemsMoved } from "../../observability/game-counters.ts";
import { type Executor, isUniqueViolation } from "../executor.ts";
import { prepared } from "../prepared.ts";
import type { Part } from "../run-together.ts";

export interface GemChange {
  userId: number;
  /** Positive credits, negative charges. */
  delta: number;
  /** Why: new_player, box_open, season_pass, battle_win, payment, ... */
  reason: string;
  /** The same key never changes the balance twice (payment id, battle id, ...). */
  idempotencyKey: string;
  now: string;
}

export type GemChangeResult =
  | { status: "applied"; balance: number }
  | { status: "duplicate"; balance: number }
  | { status: "insufficient"; balance: number };

async function balanceOf(db: Executor, userId: number): Promise<number> {
  const r = await db
    .selectFrom("users")
    .select("silver")
    .where("id", "=", userId)
    .executeTakeFirst();
  return r?.silver ?? 0;
}

/**
 * Changes a balance exactly once per idempotency key, never below zero. Must
 * run inside a transaction (the caller's), so the ledger row, the balance and
 * whatever was bought commit together or not at all.
 *
 * Trap: the balance check is in the UPDATE's WHERE, not a read-then-write, so
 * two concurrent charges cannot both pass it on PostgreSQL.
 */
export async function applyGemChange(trx: Executor, c: GemChange): Promise<GemChangeResult> {
  // Compiled once (db/prepared.ts): a battle's settlement pays through here,
  // and Kysely's build of these three was in the end-turn profile (session 10).
  const [seen] = await ledgerKey(trx, [c.idempotencyKey]);
  if (seen) return { status: "duplicate", balance: await balanceOf(trx, c.userId) };

  const [updated] = await moveBalance(trx, [c.delta, c.now, c.userId, c.delta]);
  if (!updated) return { status: "insufficient", balance: await balanceOf(trx, c.userId) };

  ledgerInserts[1] ??= ledgerInsertOf(1);
  const insert = ledgerInserts[1];
  if (!insert) throw new Error("no ledger insert compiled");
  await insert(trx, [c.userId, c.delta, updated.silver, c.reason, c.idempotencyKey, c.now]);
  countGemsMoved([c]);
  return { status: "applied", balance: updated.silver };
}

const ledgerKey = prepared((db) =>
  db.selectFrom("gem_ledger").select("id").where("idempotency_key", "=", ""),
);

export { isUniqueViolation };

/** One entry of `applyGemChanges`. */
export interface GemEntry {
  delta: number;
  reason: string;
  idempotencyKey: string;
}

const moveBalance = prepared((db) =>
  db
    .updateTable("users")
    .set({ silver: sql<number>`silver + ${0}`, updated_at: "" })
    .where("id", "=", 0)
    .where(sql<boolean>`silver + ${0} >= 0`)
    .returning("silver"),
);

/** The ledger insert of `n` rows, compiled once per row count. */
const ledgerInserts: ReturnType<typeof ledgerInsertOf>[] = [];
function ledgerInsertOf(n: number) {
  return prepared((db) =>
    db.insertInto("gem_ledger").values(
      Array.from({ length: n }, () => ({
        user_id: 0,
        delta: 0,
        balance_after: 0,
        reason: "",
        idempotency_key: "",
        created_at: "",
      })),
    ),
  );
}

/** Counts gems moved (the metric) for ledger rows that committed. */
export function countGemsMoved(entries: readonly GemEntry[]): void {
  for (const e of entries) {
    if (e.delta === 0) continue;
    gemsMoved.inc(
      { direction: e.delta > 0 ? "credited" : "spent", reason: e.reason },
      Math.abs(e.delta),
    );
  }
}

const setBalanceFrom = prepared((db) =>
  db
    .updateTable("users")
    .set({ silver: 0, updated_at: "" })
    .where("id", "=", 0)
    .where("silver", "=", 0)
    .returning("silver"),
);

/**
 * Several changes of one balance as one, as statements to run together
 * (db/run-together.ts): one UPDATE of the balance from `balance` (the balance
 * the caller read under the player lock, player-lock.ts) to its sum, and one
 * INSERT of every ledger row, the rows `applyGemChange` would write one after
 * another (a box's charge and its cashback: economy/box-opening.ts). The
 * UPDATE writes only while the balance is still `balance`: when its rows come
 * back empty the caller must throw, rolling the ledger rows back with it.
 * Undefined ("insufficient") when the balance would go below zero at any point
 * of the list, in order. The caller must already know no entry was applied
 * before (a box checks its request under the player lock); a repeated key
 * still fails on the ledger's unique index, which fails the caller's
 * transaction. `countGemsMoved` after the commit.
 */
export function gemChangesParts(
  userId: number,
  entries: readonly GemEntry[],
  balance: number,
  now: string,
): [{ query: typeof setBalanceFrom; params: unknown[] }, Part] | undefined {
  let after = balance;
  const rows: unknown[] = [];
  for (const e of entries) {
    after += e.delta;
    if (after < 0) return undefined;
    rows.push(userId, e.delta, after, e.reason, e.idempotencyKey, now);
  }
  ledgerInserts[entries.length] ??= ledgerInsertOf(entries.length);
  const insert = ledgerInserts[entries.length];
  if (!insert) throw new Error("no ledger insert compiled");
  return [
    { query: setBalanceFrom, params: [after, now, userId, balance] },
    { query: insert, params: rows },
  ];
}

export async function ledgerFor(db: Executor, userId: number) {
  return db
    .selectFrom("gem_ledger")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "asc")
    .execute();
}
