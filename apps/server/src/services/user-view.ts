import { utcDay } from "@cardrealm/content";
import type { User } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import { type CardAmount, decksOf, libraryOf, mapsOf } from "../db/repositories/collection-repo.ts";
import { findUserWithViewVersion } from "../db/repositories/users-repo.ts";
import {
  type ProgressionRows,
  progressionFrom,
  progressionRows,
  progressionShared,
} from "../progression/progression.ts";

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
interface ViewParts {
  /** player_view_versions.version when these were read (or before: never after). */
  version: number;
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

async function readParts(
  db: Executor,
  userId: number,
  version: number,
  day: string,
  seasonId: string,
): Promise<ViewParts> {
  const [library, decks, maps, progression] = await Promise.all([
    libraryOf(db, userId),
    decksOf(db, userId),
    mapsOf(db, userId),
    progressionRows(db, userId, day, seasonId),
  ]);
  return { version, day, seasonId, library, decks, maps, progression };
}

/**
 * The user object of product.md section 3, built from the tables. `now`
 * (the caller's clock) picks the day of the daily tasks.
 */
export async function userView(db: Executor, userId: number, now: number): Promise<User | null> {
  const [row, shared] = await Promise.all([
    findUserWithViewVersion(db, userId),
    progressionShared(db, now),
  ]);
  if (!row) return null;
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
    parts = await readParts(db, userId, version, day, shared.seasonId);
    if (cache) {
      cache.delete(userId);
      cache.set(userId, parts);
      if (cache.size > VIEW_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
  }
  const { library, decks, maps } = parts;
  const allDecks = [1, 2, 3].map((n) => ({ ...keyed(decks.get(n) ?? []), sequence_number: n }));
  const active = allDecks[row.active_deck - 1] ?? allDecks[0];
  if (!active) throw new Error("deck slots missing");
  return {
    id: row.id,
    login: row.login,
    nickname: row.nickname,
    guest: row.guest === 1,
    level: row.level,
    silver: row.silver,
    premium: row.premium === 1,
    tutorial: { isActive: row.tutorial_active === 1, step: row.tutorial_step },
    maps,
    library: keyed(library),
    deck: active,
    decks: allDecks,
    ...progressionFrom(row, day, parts.progression, shared.champions),
  };
}
