import { CHAMPIONS_LIST_SIZE, utcDay } from "@cardrealm/content";
import type { User } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import { type CardAmount, decksOf, libraryOf, mapsOf } from "../db/repositories/collection-repo.ts";
import { findOpenSeason, topChampions } from "../db/repositories/progression-repo.ts";
import { findUserWithViewVersion, type UserRow } from "../db/repositories/users-repo.ts";
import {
  CHAMPIONS_FLOOR,
  type ProgressionRows,
  progressionFrom,
  progressionRows,
} from "../progression/progression-view.ts";
import { bootstrapSeason } from "../progression/seasons.ts";

function keyed(cards: CardAmount[]) {
  const out: Record<string, { id: number; amount: number }> = {};
  let total = 0;
  for (const c of cards) {
    out[String(c.cardId)] = { id: c.cardId, amount: c.amount };
    total += c.amount;
  }
  return { cards: out, total_amount: total };
}

/** A player's own rows beside the users row: what the view cache keeps. */
export interface ViewParts {
  /** player_view_versions.version when these were read (or before: never after). */
  version: number;
  /**
   * The parts are the tables exactly at `version` (read or patched inside the
   * writing transaction, economy/box-view.ts), not possibly newer: only such
   * parts may be patched with a later write's changes.
   */
  exact: boolean;
  day: string;
  seasonId: string;
  library: CardAmount[];
  decks: Map<number, CardAmount[]>;
  maps: number[];
  progression: ProgressionRows;
}

/** Players whose parts are kept, per database; the oldest read go first. */
export const VIEW_CACHE_SIZE = 8192;

/**
 * The view cache: per database handle, per player. The parts are taken only
 * while the player's view number (read in the same query as the users row,
 * before the parts) is the one they were read under, and the day and season
 * are the same. The number is bumped by a trigger in the same transaction as
 * any write of those tables (migration 0008), so a write committed anywhere,
 * by any process, makes the next read miss. The users row itself (balance,
 * level, premium, rank score, season xp) is read fresh on every call.
 */
const caches = new WeakMap<object, Map<number, ViewParts>>();

function cacheFor(db: Executor): Map<number, ViewParts> | undefined {
  // Inside a transaction the reads may see the transaction's own writes, whose
  // bump (deferred to commit on PostgreSQL) has not happened yet: never cache there.
  if (db.isTransaction) return undefined;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Reads the parts. `exact` only when nothing can write the player's view
 * tables between the version's read and these reads (inside the writer's
 * transaction, with the version row held on PostgreSQL).
 */
export async function readParts(
  db: Executor,
  userId: number,
  at: { version: number; day: string; seasonId: string; exact: boolean },
): Promise<ViewParts> {
  const [library, decks, maps, progression] = await Promise.all([
    libraryOf(db, userId),
    decksOf(db, userId),
    mapsOf(db, userId),
    progressionRows(db, userId, at.day, at.seasonId),
  ]);
  return { ...at, library, decks, maps, progression };
}

function remember(cache: Map<number, ViewParts>, userId: number, parts: ViewParts): void {
  cache.delete(userId);
  cache.set(userId, parts);
  if (cache.size > VIEW_CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

/** The cached parts read or patched exactly at `version`, if the cache holds them. */
export function exactParts(db: Executor, userId: number, version: number): ViewParts | undefined {
  const parts = cacheFor(db)?.get(userId);
  return parts?.exact && parts.version === version ? parts : undefined;
}

/**
 * Puts parts a writer built (exact at their version) in the cache, after its
 * commit: the next view of the player reads no part while the version holds.
 */
export function rememberParts(db: Executor, userId: number, parts: ViewParts): void {
  const cache = cacheFor(db);
  if (cache) remember(cache, userId, parts);
}

/** The views' global parts: the open season's id (or none) and the champions' names. */
interface GlobalParts {
  /** view_globals.version when these were read (or before: never after). */
  version: number;
  openSeasonId: string | undefined;
  champions: string[];
}

/** Per database handle: the global parts last read (migration 0011). */
const globalCaches = new WeakMap<object, GlobalParts>();

/**
 * The open season's id (or the one the season job would open now) and the
 * champions' names: kept per database handle while the views' global number
 * (read with the users row) is the one they were read under and the
 * triggers' champions floor is the content's. Never inside a transaction (on
 * PostgreSQL its own bump waits for the commit).
 */
async function sharedParts(
  db: Executor,
  row: { globals_version: number | null; champions_floor: number | null },
  now: number,
): Promise<{ seasonId: string; champions: string[] }> {
  const usable =
    !db.isTransaction && row.globals_version !== null && row.champions_floor === CHAMPIONS_FLOOR;
  let parts = usable ? globalCaches.get(db) : undefined;
  if (!parts || parts.version !== row.globals_version) {
    const [open, champions] = await Promise.all([
      findOpenSeason(db),
      topChampions(db, CHAMPIONS_LIST_SIZE),
    ]);
    parts = {
      version: row.globals_version ?? 0,
      openSeasonId: open?.id,
      champions: champions.map((c) => c.nickname),
    };
    if (usable) globalCaches.set(db, parts);
  }
  return {
    seasonId: parts.openSeasonId ?? bootstrapSeason(now).id,
    champions: parts.champions,
  };
}

/** Everything a view is built from; `buildUser` reads nothing else. */
interface ViewInputs {
  /** The users row's fields the object shows as they are (booleans made). */
  head: Pick<
    User,
    "id" | "login" | "nickname" | "guest" | "level" | "silver" | "premium" | "tutorial"
  >;
  /** What progressionFrom reads of the users row. */
  progress: Pick<UserRow, "id" | "rank_score" | "season_xp">;
  activeDeck: number;
  day: string;
  parts: ViewParts;
  shared: { seasonId: string; champions: string[] };
}

async function viewInputs(db: Executor, userId: number, now: number): Promise<ViewInputs | null> {
  const row = await findUserWithViewVersion(db, userId);
  if (!row) return null;
  const shared = await sharedParts(db, row, now);
  const version = row.view_version ?? 0;
  const day = utcDay(now);
  const cache = cacheFor(db);
  let parts = cache?.get(userId);
  if (
    !parts ||
    parts.version !== version ||
    parts.day !== day ||
    parts.seasonId !== shared.seasonId
  ) {
    // Not exact: a writer may commit between the version's read and the parts'.
    parts = await readParts(db, userId, { version, day, seasonId: shared.seasonId, exact: false });
    if (cache) remember(cache, userId, parts);
  }
  return {
    head: {
      id: row.id,
      login: row.login,
      nickname: row.nickname,
      guest: row.guest === 1,
      level: row.level,
      silver: row.silver,
      premium: row.premium === 1,
      tutorial: { isActive: row.tutorial_active === 1, step: row.tutorial_step },
    },
    progress: { id: row.id, rank_score: row.rank_score, season_xp: row.season_xp },
    activeDeck: row.active_deck,
    day,
    parts,
    shared,
  };
}

function buildUser(i: ViewInputs): User {
  const { library, decks, maps } = i.parts;
  const allDecks = [1, 2, 3].map((n) => ({ ...keyed(decks.get(n) ?? []), sequence_number: n }));
  const active = allDecks[i.activeDeck - 1] ?? allDecks[0];
  if (!active) throw new Error("deck slots missing");
  return {
    ...i.head,
    maps,
    library: keyed(library),
    deck: active,
    decks: allDecks,
    ...progressionFrom(i.progress, i.day, i.parts.progression, i.shared.champions),
  };
}

/**
 * The user object of product.md section 3, built from the tables. `now`
 * (the caller's clock) picks the day of the daily tasks.
 */
export async function userView(db: Executor, userId: number, now: number): Promise<User | null> {
  const inputs = await viewInputs(db, userId, now);
  return inputs ? buildUser(inputs) : null;
}

/** The last JSON text built from a cached parts object, and the rest of its inputs. */
const jsonMemo = new WeakMap<ViewParts, { key: string; text: string }>();

/**
 * `userView`'s object as JSON text (GET /api/player-details). The text of
 * the last call is kept on the parts it was built from, with the other
 * inputs (the users row's fields, the day, the season and champions) as its
 * key: the same inputs give the same text, so a call with nothing changed
 * serialises nothing (bench/api, session 10: JSON.stringify of the library
 * and decks was 21 % of the route's samples). The users row is read every
 * call, so the balance in the text is always the stored one.
 */
export async function userViewJson(
  db: Executor,
  userId: number,
  now: number,
): Promise<string | null> {
  const inputs = await viewInputs(db, userId, now);
  if (!inputs) return null;
  const { head, progress, activeDeck, day, shared } = inputs;
  const key = JSON.stringify([head, progress, activeDeck, day, shared]);
  const memo = jsonMemo.get(inputs.parts);
  if (memo?.key === key) return memo.text;
  const text = JSON.stringify(buildUser(inputs));
  jsonMemo.set(inputs.parts, { key, text });
  return text;
}
