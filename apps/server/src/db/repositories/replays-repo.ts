import { sql } from "kysely";
import type { Executor } from "../executor.ts";

/**
 * The replays' SQL (issue 16, docs/replays.md): a player's finished
 * battles on either seat, one battle with its second player, and the share
 * ids. Queries only; the rules live in replays/.
 */

/** A finished battle as the replay list and the replay builder read it. */
export interface FinishedBattle {
  id: string;
  /** The side-0 player (battles.user_id). */
  user_id: number;
  /** The side-1 player of a PvP game (arena_games.player1); null otherwise. */
  player1: number | null;
  mode: string;
  /** JSON of the engine's BattleSetup (seed included: never sent to a client). */
  setup: string;
  /** JSON: the final engine state. */
  state: string;
  winner: number | null;
  /** Gems paid to the side-0 player. */
  rewards: number | null;
  /** When it finished (battles.finished_at: set by every finish, and backfilled by migration 0017). */
  finished_at: string;
  engine_version: string | null;
  catalogue_version: string | null;
}

/** The same row with its actions: what a rebuild needs. */
export interface ReplayableBattle extends FinishedBattle {
  actions: string;
}

const LIST_COLUMNS = [
  "battles.id",
  "battles.user_id",
  "arena_games.player1",
  "battles.mode",
  "battles.setup",
  "battles.state",
  "battles.winner",
  "battles.rewards",
  sql<string>`coalesce(battles.finished_at, battles.updated_at)`.as("finished_at"),
  "battles.engine_version",
  "battles.catalogue_version",
] as const;

/** Battles that ended in play (a battle closed unplayed, from another version, has no end). */
const ENDED = '%"over":true%';

/**
 * A player's newest finished battles, on side 0 (any mode) or side 1 (a PvP
 * game), newest first. Two indexed queries (0010's and 0017's indexes) merged here.
 */
export async function finishedBattlesOf(
  db: Executor,
  userId: number,
  limit: number,
): Promise<FinishedBattle[]> {
  const asFirst = await db
    .selectFrom("battles")
    .leftJoin("arena_games", "arena_games.id", "battles.id")
    .select(LIST_COLUMNS)
    .where("battles.user_id", "=", userId)
    .where("battles.status", "=", "finished")
    .where("battles.state", "like", ENDED)
    .orderBy("battles.finished_at", "desc")
    .limit(limit)
    .execute();
  const asSecond = await db
    .selectFrom("arena_games")
    .innerJoin("battles", "battles.id", "arena_games.id")
    .select(LIST_COLUMNS)
    .where("arena_games.player1", "=", userId)
    .where("battles.status", "=", "finished")
    .where("battles.state", "like", ENDED)
    .orderBy("battles.finished_at", "desc")
    .limit(limit)
    .execute();
  return [...asFirst, ...asSecond]
    .sort((a, b) => (a.finished_at < b.finished_at ? 1 : a.finished_at > b.finished_at ? -1 : 0))
    .slice(0, limit);
}

/** One battle with its actions and second player, whatever its status. */
export function replayableBattle(db: Executor, id: string): Promise<ReplayableBattle | undefined> {
  return db
    .selectFrom("battles")
    .leftJoin("arena_games", "arena_games.id", "battles.id")
    .select([...LIST_COLUMNS, "battles.actions"])
    .where("battles.id", "=", id)
    .where("battles.status", "=", "finished")
    .where("battles.state", "like", ENDED)
    .executeTakeFirst();
}

/** The gems one ledger key moved for a player (an arena seat's pay), or 0. */
export async function paidUnder(db: Executor, userId: number, key: string): Promise<number> {
  const r = await db
    .selectFrom("gem_ledger")
    .select("delta")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return r ? Number(r.delta) : 0;
}

export interface ShareRow {
  share_id: string;
  battle_id: string;
  user_id: number;
  side: number;
  created_at: string;
}

/** The share ids a player made for these battles, by battle id. */
export async function sharesOf(
  db: Executor,
  userId: number,
  battleIds: readonly string[],
): Promise<Map<string, string>> {
  if (battleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("replay_shares")
    .select(["battle_id", "share_id"])
    .where("user_id", "=", userId)
    .where("battle_id", "in", battleIds)
    .execute();
  return new Map(rows.map((r) => [r.battle_id, r.share_id]));
}

export function findShare(db: Executor, shareId: string): Promise<ShareRow | undefined> {
  return db
    .selectFrom("replay_shares")
    .selectAll()
    .where("share_id", "=", shareId)
    .executeTakeFirst();
}

/**
 * Stores a share unless the player already shared this battle, and answers
 * the stored one (the first id wins a race: the unique pair decides).
 */
export async function insertShareOnce(db: Executor, row: ShareRow): Promise<ShareRow> {
  await db
    .insertInto("replay_shares")
    .values(row)
    .onConflict((oc) => oc.columns(["battle_id", "user_id"]).doNothing())
    .execute();
  const stored = await db
    .selectFrom("replay_shares")
    .selectAll()
    .where("battle_id", "=", row.battle_id)
    .where("user_id", "=", row.user_id)
    .executeTakeFirstOrThrow();
  return stored;
}

/** The computer opponents a player has fought (story, story bot, practice; arena bot games as `pvpbot`). */
export async function foughtOf(
  db: Executor,
  userId: number,
): Promise<{ mode: string; cpu_id: number }[]> {
  return db
    .selectFrom("battles")
    .select(["mode", "cpu_id"])
    .distinct()
    .where("user_id", "=", userId)
    .execute();
}
