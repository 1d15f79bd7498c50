import { type Selectable, sql } from "kysely";
import type { Executor } from "../executor.ts";
import type { ArenaGamesTable, BattlesTable } from "../schema.ts";

/**
 * The arena's SQL (a repository: queries only, no rules), used by the PvP
 * service (battles/arena-battles.ts); the arena owns migration 0004 and these tables.
 */

export type ArenaGameRow = Selectable<ArenaGamesTable>;
export type BattleRowLike = Selectable<BattlesTable>;

export interface ArenaRecord {
  battle: BattleRowLike;
  game: ArenaGameRow;
}

export async function seatOf(
  db: Executor,
  userId: number,
): Promise<{ game_id: string; side: number } | undefined> {
  return db
    .selectFrom("arena_seats")
    .select(["game_id", "side"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function loadArena(db: Executor, gameId: string): Promise<ArenaRecord | undefined> {
  const battle = await db
    .selectFrom("battles")
    .selectAll()
    .where("id", "=", gameId)
    .executeTakeFirst();
  if (!battle) return undefined;
  const game = await db
    .selectFrom("arena_games")
    .selectAll()
    .where("id", "=", gameId)
    .executeTakeFirst();
  return game ? { battle, game } : undefined;
}

/** Inserts the battle, its arena row and one seat per human player (one transaction: the caller's). */
export async function insertArena(
  trx: Executor,
  battle: BattleRowLike,
  game: ArenaGameRow,
  seats: { user_id: number; side: number }[],
): Promise<void> {
  await trx.insertInto("battles").values(battle).execute();
  await trx.insertInto("arena_games").values(game).execute();
  for (const s of seats) {
    await trx
      .insertInto("arena_seats")
      .values({ user_id: s.user_id, game_id: game.id, side: s.side })
      .execute();
  }
}

/** Saves the next state and turn deadline if nobody saved since expectedVersion (optimistic lock). */
export async function saveArenaState(
  trx: Executor,
  s: {
    id: string;
    expectedVersion: number;
    version: number;
    /** The move's action as JSON: appended to the stored list by the UPDATE itself. */
    action: string;
    state: string;
    /** The new turn deadline, when the turn changed (else the row keeps its own). */
    deadline: number | null;
    now: string;
  },
): Promise<boolean> {
  const r = await trx
    .updateTable("battles")
    .set({
      version: s.version,
      actions: sql<string>`case when actions = '[]' then '[' || ${s.action} || ']' else substr(actions, 1, length(actions) - 1) || ',' || ${s.action} || ']' end`,
      state: s.state,
      updated_at: s.now,
    })
    .where("id", "=", s.id)
    .where("version", "=", s.expectedVersion)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  if (s.deadline === null) return true;
  await trx
    .updateTable("arena_games")
    .set({ turn_deadline: s.deadline, updated_at: s.now })
    .where("id", "=", s.id)
    .execute();
  return true;
}

/** A game's stored action list (JSON text). */
export async function arenaActions(trx: Executor, id: string): Promise<string> {
  const row = await trx
    .selectFrom("battles")
    .select("actions")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.actions;
}

/** Ends the arena side of a game: status finished, seats freed. */
export async function finishArena(trx: Executor, id: string, now: string): Promise<void> {
  await trx
    .updateTable("arena_games")
    .set({ status: "finished", updated_at: now })
    .where("id", "=", id)
    .execute();
  await trx.deleteFrom("arena_seats").where("game_id", "=", id).execute();
}

/** Nicknames and rank scores of a few players. */
export async function arenaProfiles(
  db: Executor,
  ids: number[],
): Promise<Map<number, { nickname: string; rank_score: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "nickname", "rank_score"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { nickname: r.nickname, rank_score: r.rank_score }]));
}
