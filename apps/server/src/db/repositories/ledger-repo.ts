import { sql } from "kysely";
import { gemsMoved } from "../../observability/game-counters.ts";
import { type Executor, isUniqueViolation } from "../executor.ts";
import { prepared } from "../prepared.ts";

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
  if (c.delta !== 0) {
    gemsMoved.inc(
      { direction: c.delta > 0 ? "credited" : "spent", reason: c.reason },
      Math.abs(c.delta),
    );
  }
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

/**
 * Several changes of one balance as one: one UPDATE of the balance and one
 * INSERT of every ledger row, the same rows `applyGemChange` would write one
 * after another (a box's charge and its cashback: economy/box-opening.ts).
 * Refused as a whole ("insufficient") when the balance would go below zero
 * at any point of the list, in order. The caller must already know no entry
 * was applied before (a box checks its request under the player lock); a
 * repeated key still fails on the ledger's unique index, which fails the
 * caller's transaction. Must run inside the caller's transaction.
 */
export async function applyGemChanges(
  trx: Executor,
  userId: number,
  entries: readonly GemEntry[],
  now: string,
): Promise<{ status: "applied" | "insufficient"; balance: number }> {
  let total = 0;
  let lowest = 0;
  for (const e of entries) {
    total += e.delta;
    lowest = Math.min(lowest, total);
  }
  const [moved] = await moveBalance(trx, [total, now, userId, lowest]);
  if (!moved) return { status: "insufficient", balance: await balanceOf(trx, userId) };
  if (entries.length === 0) return { status: "applied", balance: moved.silver };
  ledgerInserts[entries.length] ??= ledgerInsertOf(entries.length);
  const insert = ledgerInserts[entries.length];
  if (!insert) throw new Error("no ledger insert compiled");
  let balance = moved.silver - total;
  await insert(
    trx,
    entries.flatMap((e) => {
      balance += e.delta;
      return [userId, e.delta, balance, e.reason, e.idempotencyKey, now];
    }),
  );
  for (const e of entries) {
    if (e.delta === 0) continue;
    gemsMoved.inc(
      { direction: e.delta > 0 ? "credited" : "spent", reason: e.reason },
      Math.abs(e.delta),
    );
  }
  return { status: "applied", balance: moved.silver };
}

export async function ledgerFor(db: Executor, userId: number) {
  return db
    .selectFrom("gem_ledger")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "asc")
    .execute();
}
