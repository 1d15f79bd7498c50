import { type Selectable, sql } from "kysely";
import { battlesSettled } from "../../observability/game-counters.ts";
import type { Executor } from "../executor.ts";
import type { BattlesTable } from "../schema.ts";

export type BattleRow = Selectable<BattlesTable>;

export async function insertBattle(db: Executor, row: BattleRow): Promise<void> {
  await db.insertInto("battles").values(row).execute();
}

export function findBattle(db: Executor, id: string): Promise<BattleRow | undefined> {
  return db.selectFrom("battles").selectAll().where("id", "=", id).executeTakeFirst();
}

export function activeBattleOf(db: Executor, userId: number): Promise<BattleRow | undefined> {
  return db
    .selectFrom("battles")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .executeTakeFirst();
}

/**
 * Saves the next state only if nobody saved since `expectedVersion` was read
 * (optimistic lock): a second request racing on one battle loses cleanly.
 */
export async function saveBattleState(
  db: Executor,
  b: {
    id: string;
    expectedVersion: number;
    version: number;
    actions: string;
    state: string;
    now: string;
  },
): Promise<boolean> {
  const r = await db
    .updateTable("battles")
    .set({ version: b.version, actions: b.actions, state: b.state, updated_at: b.now })
    .where("id", "=", b.id)
    .where("version", "=", b.expectedVersion)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * PostgreSQL: a story move's save in one statement (one round trip, where a
 * transaction with `set local` took four): the state, the move's actions
 * appended to the stored list (the arena's expression), under the same
 * optimistic lock as `saveBattleState`, committed with
 * `synchronous_commit = off` for this statement's own transaction only
 * (`set_config(..., true)` in a CTE the UPDATE joins, so it runs first; the
 * setting is read at commit, and ends with the transaction). Why a story
 * move may commit so: docs/decisions.md, "Hot paths: story moves and box
 * openings". `action` is the JSON of the actions without the brackets.
 */
export async function saveMoveRelaxedPostgres(
  db: Executor,
  s: {
    id: string;
    expectedVersion: number;
    version: number;
    action: string;
    state: string;
    now: string;
  },
): Promise<boolean> {
  const r = await sql`with relaxed as (select set_config('synchronous_commit', 'off', true))
update battles set version = ${s.version},
  actions = case when actions = '[]' then '[' || ${s.action} || ']'
    else substr(actions, 1, length(actions) - 1) || ',' || ${s.action} || ']' end,
  state = ${s.state}, updated_at = ${s.now}
from relaxed
where id = ${s.id} and version = ${s.expectedVersion} and status = 'active'`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/**
 * The stored actions (JSON) of an active battle still at `version`;
 * undefined when it moved on or ended since (the caller's save would lose).
 */
export async function actionsAt(
  db: Executor,
  id: string,
  version: number,
): Promise<string | undefined> {
  const r = await db
    .selectFrom("battles")
    .select("actions")
    .where("id", "=", id)
    .where("version", "=", version)
    .where("status", "=", "active")
    .executeTakeFirst();
  return r?.actions;
}

/** Marks a battle finished; true only for the one caller that finished it. */
export async function finishBattle(
  db: Executor,
  b: { id: string; winner: number | null; rewards: number; now: string },
): Promise<boolean> {
  const r = await db
    .updateTable("battles")
    .set({
      status: "finished",
      winner: b.winner,
      rewards: b.rewards,
      updated_at: b.now,
      finished_at: b.now,
    })
    .where("id", "=", b.id)
    .where("status", "=", "active")
    .returning("mode")
    .executeTakeFirst();
  if (r) battlesSettled.inc({ mode: r.mode });
  return r !== undefined;
}

/**
 * Active rows whose saved state is already over: a battle that ended but was
 * never paid (the state and its settlement used to commit separately). The
 * LIKE narrows the scan; callers parse the state to be sure.
 */
export function overButActive(db: Executor, limit = 500): Promise<BattleRow[]> {
  return db
    .selectFrom("battles")
    .selectAll()
    .where("status", "=", "active")
    .where("state", "like", '%"over":true%')
    .limit(limit)
    .execute();
}

/**
 * Closes a battle without a result or payment (one made by another engine or
 * catalogue version: docs/decisions.md); true only for the caller that closed it.
 */
export async function voidBattle(db: Executor, id: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable("battles")
    .set({ status: "finished", winner: null, rewards: 0, updated_at: now, finished_at: now })
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Corrects a finished battle's recorded gems (a paid-battle slot its settlement could not claim). */
export async function setBattleRewards(db: Executor, id: string, rewards: number): Promise<void> {
  await db.updateTable("battles").set({ rewards }).where("id", "=", id).execute();
}
