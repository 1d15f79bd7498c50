/**
 * Every SQL statement of the arena progression: seasons and their end
 * snapshot, daily task rows, claimed season rewards, seen popups, rank score
 * and season xp. Callers pass the database or an open transaction.
 */
import { RANK_REWARDS, RANK_SPAN_SCORE } from "@cardrealm/content";
import { type Selectable, sql } from "kysely";
import type { DialectName } from "../database.ts";
import type { Executor } from "../executor.ts";
import { prepared } from "../prepared.ts";
import type { SeasonResultsTable, SeasonsTable } from "../schema.ts";

export type SeasonRow = Selectable<SeasonsTable>;
export type SeasonResultRow = Selectable<SeasonResultsTable>;

/** The score where champions start (above the five ranks of 600). */
const CHAMPIONS_FLOOR = (RANK_REWARDS.length - 1) * RANK_SPAN_SCORE;

// --- seasons ------------------------------------------------------------------

export async function findOpenSeason(db: Executor): Promise<SeasonRow | undefined> {
  return (await openSeason(db, ["open"]))[0];
}
// Every player view reads it: compiled once (db/prepared.ts).
const openSeason = prepared((db) =>
  db.selectFrom("seasons").selectAll().where("status", "=", "open"),
);

export function findSeason(db: Executor, id: string): Promise<SeasonRow | undefined> {
  return db.selectFrom("seasons").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Inserts a season unless its id or a second open season is taken; true when inserted. */
export async function insertSeason(db: Executor, row: SeasonRow): Promise<boolean> {
  const r = await db
    .insertInto("seasons")
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * PostgreSQL: lifts DATABASE_STATEMENT_TIMEOUT_MS for the rest of the
 * caller's transaction. The season end's snapshot and reset each touch every
 * player who played, which on a big table takes longer than a request may.
 */
export async function liftStatementTimeout(trx: Executor, dialect: DialectName): Promise<void> {
  if (dialect === "postgres") await sql`set local statement_timeout = 0`.execute(trx);
}

/** Closes the open season; true only for the one caller that closed it. */
export async function closeSeason(db: Executor, id: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable("seasons")
    .set({ status: "closed", closed_at: now })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A CASE over rank_score picking one value per rank (bronze ... champions). */
function byRank<T extends string | number>(pick: (index: number) => T) {
  const whens = RANK_REWARDS.map((_, i) => i)
    .reverse()
    .slice(0, -1)
    .map((i) => sql`when rank_score >= ${sql.lit(i * RANK_SPAN_SCORE)} then ${sql.lit(pick(i))}`);
  return sql`case ${sql.join(whens, sql` `)} else ${sql.lit(pick(0))} end`;
}

/**
 * Records what every player who played this season holds (rank, score, xp,
 * rank reward), once per season: a player already recorded is skipped.
 */
export async function snapshotSeason(db: Executor, season: string): Promise<number> {
  const r = await sql`
    insert into season_results (season, user_id, rank, rank_score, season_xp, reward, paid_at)
    select cast(${season} as varchar(16)), id, ${byRank((i) => RANK_REWARDS[i]?.rank ?? "bronze")}, rank_score,
      season_xp, ${byRank((i) => RANK_REWARDS[i]?.gems ?? 0)}, null
    from users
    where (rank_score > 0 or season_xp > 0)
      and not exists (
        select 1 from season_results r where r.season = ${season} and r.user_id = users.id
      )`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Back to bronze and an empty season track: each recorded player loses the
 * score and xp of the snapshot. Subtracting (not zeroing) keeps a battle
 * that settled in between, on any server process, and is safe to repeat
 * only once per season because the caller closes the season in the same
 * transaction.
 */
export async function resetFromSnapshot(db: Executor, season: string, now: string): Promise<void> {
  const snap = (column: "rank_score" | "season_xp") =>
    sql<number>`(select r.${sql.ref(column)} from season_results r where r.season = ${season} and r.user_id = users.id)`;
  await db
    .updateTable("users")
    .set({
      rank_score: sql<number>`case when rank_score - ${snap("rank_score")} < 0 then 0 else rank_score - ${snap("rank_score")} end`,
      season_xp: sql<number>`case when season_xp - ${snap("season_xp")} < 0 then 0 else season_xp - ${snap("season_xp")} end`,
      updated_at: now,
    })
    .where("id", "in", (eb) =>
      eb.selectFrom("season_results").select("user_id").where("season", "=", season),
    )
    .execute();
}

export function unpaidResults(db: Executor, limit: number): Promise<SeasonResultRow[]> {
  return db
    .selectFrom("season_results")
    .selectAll()
    .where("paid_at", "is", null)
    .orderBy("season")
    .orderBy("user_id")
    .limit(limit)
    .execute();
}

export async function markResultPaid(
  db: Executor,
  season: string,
  userId: number,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable("season_results")
    .set({ paid_at: now })
    .where("season", "=", season)
    .where("user_id", "=", userId)
    .where("paid_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// --- rank score and season xp ----------------------------------------------------

/**
 * Changes a rank score in one statement. A loss never takes it below the
 * floor of the rank it is in (bronze 0, silver 600, ... champions 3000).
 */
export async function changeRankScore(
  db: Executor,
  userId: number,
  delta: number,
  now: string,
): Promise<void> {
  if (!Number.isInteger(delta)) throw new Error(`rank delta must be an integer, got ${delta}`);
  if (delta === 0) return;
  const floor = sql<number>`case when rank_score >= ${sql.lit(CHAMPIONS_FLOOR)} then ${sql.lit(CHAMPIONS_FLOOR)} else (rank_score / ${sql.lit(RANK_SPAN_SCORE)}) * ${sql.lit(RANK_SPAN_SCORE)} end`;
  const next = sql<number>`rank_score + ${sql.lit(delta)}`;
  await db
    .updateTable("users")
    .set({
      rank_score:
        delta > 0 ? next : sql<number>`case when ${next} < ${floor} then ${floor} else ${next} end`,
      updated_at: now,
    })
    .where("id", "=", userId)
    .execute();
}

export async function addSeasonXp(
  db: Executor,
  userId: number,
  xp: number,
  now: string,
): Promise<void> {
  if (xp <= 0) return;
  await db
    .updateTable("users")
    .set((eb) => ({ season_xp: eb("season_xp", "+", xp), updated_at: now }))
    .where("id", "=", userId)
    .execute();
}

/** The top players in champions (score above diamond), best first. */
export function topChampions(
  db: Executor,
  limit: number,
): Promise<{ id: number; nickname: string; rank_score: number }[]> {
  // Every player view reads it: compiled once (db/prepared.ts).
  return champions(db, [CHAMPIONS_FLOOR, limit]);
}
const champions = prepared((db) =>
  db
    .selectFrom("users")
    .select(["id", "nickname", "rank_score"])
    .where("rank_score", ">=", CHAMPIONS_FLOOR)
    .orderBy("rank_score", "desc")
    .orderBy("id", "asc")
    .limit(0),
);

// --- daily tasks ----------------------------------------------------------------

const dailyRowsOf = prepared((db) =>
  db.selectFrom("daily_tasks").selectAll().where("user_id", "=", 0).where("day", "=", ""),
);

export function dailyRows(db: Executor, userId: number, day: string) {
  return dailyRowsOf(db, [userId, day]);
}

/** Adds progress to one task of one day (never past `need`), creating its row. */
export async function bumpDaily(
  db: Executor,
  t: { userId: number; day: string; taskId: number; need: number; reward: number; amount: number },
): Promise<void> {
  const first = Math.min(t.need, t.amount);
  await db
    .insertInto("daily_tasks")
    .values({
      user_id: t.userId,
      day: t.day,
      task_id: t.taskId,
      need: t.need,
      done: first,
      reward: t.reward,
      finished: 0,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "day", "task_id"]).doUpdateSet({
        done: sql<number>`case when daily_tasks.done + ${sql.lit(t.amount)} > daily_tasks.need then daily_tasks.need else daily_tasks.done + ${sql.lit(t.amount)} end`,
      }),
    )
    .execute();
}

/** Marks a task finished once its progress is complete; true only for the caller that did. */
export async function finishDaily(
  db: Executor,
  t: { userId: number; day: string; taskId: number },
): Promise<boolean> {
  const r = await db
    .updateTable("daily_tasks")
    .set({ finished: 1 })
    .where("user_id", "=", t.userId)
    .where("day", "=", t.day)
    .where("task_id", "=", t.taskId)
    .where("finished", "=", 0)
    .whereRef("done", ">=", "need")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markDailiesSeen(
  db: Executor,
  userId: number,
  day: string,
  taskIds: number[],
): Promise<void> {
  if (taskIds.length === 0) return;
  await db
    .updateTable("daily_tasks")
    .set({ seen: 1 })
    .where("user_id", "=", userId)
    .where("day", "=", day)
    .where("task_id", "in", taskIds)
    .where("finished", "=", 1)
    .execute();
}

/** Old days' rows are history nobody reads: dropped by the season-end job. */
export async function deleteDailiesBefore(db: Executor, day: string): Promise<number> {
  const r = await db.deleteFrom("daily_tasks").where("day", "<", day).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// --- season rewards and seen popups ------------------------------------------------

const claimedRows = prepared((db) =>
  db
    .selectFrom("season_rewards")
    .select(["level", "track"])
    .where("user_id", "=", 0)
    .where("season", "=", ""),
);

export function claimedRewards(db: Executor, userId: number, season: string) {
  return claimedRows(db, [userId, season]);
}

/** Records a claimed reward; true only the first time (the primary key makes it once). */
export async function insertClaim(
  db: Executor,
  c: { userId: number; season: string; level: number; track: string; now: string },
): Promise<boolean> {
  const r = await db
    .insertInto("season_rewards")
    .values({
      user_id: c.userId,
      season: c.season,
      level: c.level,
      track: c.track,
      claimed_at: c.now,
    })
    .onConflict((oc) => oc.columns(["user_id", "season", "level", "track"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

const seenRows = prepared((db) =>
  db
    .selectFrom("season_seen")
    .select(["free_level", "paid_level"])
    .where("user_id", "=", 0)
    .where("season", "=", ""),
);

export async function seenOf(
  db: Executor,
  userId: number,
  season: string,
): Promise<{ free: number; paid: number }> {
  const [r] = await seenRows(db, [userId, season]);
  return { free: r?.free_level ?? 0, paid: r?.paid_level ?? 0 };
}

/** Raises the seen levels (never lowers them). */
export async function raiseSeen(
  db: Executor,
  s: { userId: number; season: string; free: number; paid: number },
): Promise<void> {
  const bigger = (column: "free_level" | "paid_level", value: number) =>
    sql<number>`case when season_seen.${sql.ref(column)} > ${sql.lit(value)} then season_seen.${sql.ref(column)} else ${sql.lit(value)} end`;
  await db
    .insertInto("season_seen")
    .values({ user_id: s.userId, season: s.season, free_level: s.free, paid_level: s.paid })
    .onConflict((oc) =>
      oc.columns(["user_id", "season"]).doUpdateSet({
        free_level: bigger("free_level", s.free),
        paid_level: bigger("paid_level", s.paid),
      }),
    )
    .execute();
}
