import { utcDay } from "@cardrealm/content";
import type { DialectName } from "../db/database.ts";
import type { Executor } from "../db/executor.ts";
import type { CardAmount } from "../db/repositories/collection-repo.ts";
import { dailyRows, findOpenSeason } from "../db/repositories/progression-repo.ts";
import { holdViewVersion, viewVersion } from "../db/repositories/view-versions-repo.ts";
import type { BoxProgressWrites } from "../progression/progression.ts";
import { bootstrapSeason } from "../progression/seasons.ts";
import { exactParts, readParts, type ViewParts } from "../services/user-view.ts";

/**
 * The player's view parts as this box's transaction leaves them, exactly at
 * the view number its commit publishes, built inside the transaction after
 * the box's last write, for the cache (services/user-view.ts) once the
 * transaction has committed. The box's answer then reads only the users row
 * and the global parts (bench/api, session 10: the nine reads of the answer's
 * view were as many statements as the box's own).
 *
 * Exact because nothing else can write the player's view tables between the
 * numbers read here and the commit:
 * - SQLite: the transaction is the only writer from its player lock on, so
 *   the number read at the lock (`before`) and the number read here bracket
 *   exactly this box's writes.
 * - PostgreSQL: the bumps run at commit (deferred triggers, migration 0008)
 *   and a battle's settlement writes a player's daily tasks and cards without
 *   the player lock. So the version row is locked here (the last lock the
 *   transaction takes: nothing waits on it but the commit, as the deferred
 *   triggers would), the box's own bumps are fired at once, and the number
 *   read after them is the one the commit publishes (the three in one call,
 *   migration 0016; a transaction bumps a player's number once); no other writer of the
 *   player's view can commit before this one. The cached parts are patched
 *   only when the locked number is still `before`: no other write committed
 *   between the lock and here.
 *
 * When the cache holds no parts exactly at `before` (the player's first box
 * in this process, another writer in between, a new day) or the hook wrote
 * more than today's task rows, the parts are read here, exact all the same.
 * Undefined only when the player has no view number yet (no write bumped it).
 */
export async function partsAfterBox(
  trx: Executor,
  o: {
    dialect: DialectName;
    /** The handle the view cache is kept for (not the transaction). */
    cacheDb: Executor;
    userId: number;
    /** The view number read with the player lock, before the box's writes. */
    before: number | null;
    /** The library amounts of the drawn cards after the box (0: none). */
    amounts: ReadonlyMap<number, number>;
    wrote: BoxProgressWrites;
    now: number;
  },
): Promise<ViewParts | undefined> {
  const { userId } = o;
  let unchanged = true;
  let version: number | undefined;
  if (o.dialect === "postgres") {
    const held = await holdViewVersion(trx, userId);
    if (held === undefined) return undefined;
    unchanged = held.held === o.before;
    version = held.version;
  } else {
    version = await viewVersion(trx, userId);
  }
  if (version === undefined) return undefined;
  const day = utcDay(o.now);
  const base =
    unchanged && o.before !== null && o.wrote !== "more"
      ? exactParts(o.cacheDb, userId, o.before)
      : undefined;
  if (base && base.day === day) {
    return {
      ...base,
      version,
      library: withAmounts(base.library, o.amounts),
      progression:
        o.wrote === "daily"
          ? { ...base.progression, daily: await dailyRows(trx, userId, day) }
          : base.progression,
    };
  }
  const open = await findOpenSeason(trx);
  return readParts(trx, userId, {
    version,
    day,
    seasonId: open?.id ?? bootstrapSeason(o.now).id,
    exact: true,
  });
}

/**
 * The library (sorted by card id, amounts above 0, as libraryOf reads it)
 * with the given cards' amounts: a copy with at most six entries changed,
 * found by binary search (no map and sort of the whole library per box).
 */
export function withAmounts(
  library: readonly CardAmount[],
  amounts: ReadonlyMap<number, number>,
): CardAmount[] {
  const out = library.slice();
  for (const [cardId, amount] of amounts) {
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((out[mid]?.cardId ?? 0) < cardId) lo = mid + 1;
      else hi = mid;
    }
    const found = out[lo]?.cardId === cardId;
    if (amount > 0) out.splice(lo, found ? 1 : 0, { cardId, amount });
    else if (found) out.splice(lo, 1);
  }
  return out;
}
