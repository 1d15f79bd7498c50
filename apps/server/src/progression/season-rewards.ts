/**
 * The season and its rewards (rules.md section 4): the open season (made on
 * a fresh database), and every reward a player's season level has reached,
 * claimed once each (the season_rewards primary key).
 */
import {
  SEASON_FINISH_REWARD,
  SEASON_LEVELS,
  SEASON_TRACK,
  type SeasonReward,
  seasonLevelForXp,
} from "@cardrealm/content";
import { type Executor, nowIso } from "../db/executor.ts";
import { addToLibrary } from "../db/repositories/collection-repo.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import {
  claimedRewards,
  findOpenSeason,
  findSeason,
  insertClaim,
  insertSeason,
  type SeasonRow,
} from "../db/repositories/progression-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { bootstrapSeason, nextSeason } from "./seasons.ts";

/** The open season, creating the first one (this calendar month) on a fresh database. */
export async function ensureSeason(exec: Executor, clock: () => number): Promise<SeasonRow> {
  const open = await findOpenSeason(exec);
  if (open) return open;
  const now = clock();
  const first = bootstrapSeason(now);
  if (!(await insertSeason(exec, first))) {
    // The month's id is taken by a closed season (an early end): pick the next free id.
    const taken = new Set<string>();
    for (let n = 1; n < 50; n++) {
      const id = n === 1 ? first.id : `${first.id}-${n}`;
      if (await findSeason(exec, id)) taken.add(id);
      else break;
    }
    await insertSeason(
      exec,
      nextSeason(now, (id) => taken.has(id)),
    );
  }
  const made = await findOpenSeason(exec);
  if (!made) throw new Error("could not open a season");
  return made;
}

async function grant(
  trx: Executor,
  c: { userId: number; season: string; level: number; track: "free" | "paid" },
  reward: SeasonReward,
  now: string,
): Promise<void> {
  if (!(await insertClaim(trx, { ...c, now }))) return;
  if (reward.reward === "gems") {
    await applyGemChange(trx, {
      userId: c.userId,
      delta: reward.amount,
      reason: "season_reward",
      idempotencyKey: `season:${c.season}:${c.userId}:${c.track}:${c.level}`,
      now,
    });
  } else {
    await addToLibrary(trx, c.userId, [{ cardId: reward.card.id, amount: reward.amount }]);
  }
}

/**
 * Claims every season reward due: free ones up to the level reached, paid
 * ones too for a season pass holder, and the season finish at the last
 * level. The season_rewards primary key makes each one happen once.
 */
export async function syncSeason(
  trx: Executor,
  clock: () => number,
  userId: number,
): Promise<void> {
  const user = await findUserById(trx, userId);
  if (!user) return;
  const level = seasonLevelForXp(user.season_xp);
  if (level === 0) return;
  const season = await ensureSeason(trx, clock);
  const claimed = new Set(
    (await claimedRewards(trx, userId, season.id)).map((r) => `${r.track}:${r.level}`),
  );
  const now = nowIso(clock);
  for (let l = 1; l <= level; l++) {
    const def = SEASON_TRACK[l - 1];
    if (!def) continue;
    if (!claimed.has(`free:${l}`))
      await grant(trx, { userId, season: season.id, level: l, track: "free" }, def.free, now);
    if (user.premium === 1 && !claimed.has(`paid:${l}`))
      await grant(trx, { userId, season: season.id, level: l, track: "paid" }, def.paid, now);
  }
  if (level >= SEASON_LEVELS && !claimed.has(`finish:${SEASON_LEVELS}`)) {
    const first = await insertClaim(trx, {
      userId,
      season: season.id,
      level: SEASON_LEVELS,
      track: "finish",
      now,
    });
    if (first) {
      await addToLibrary(
        trx,
        userId,
        SEASON_FINISH_REWARD.cardIds.map((cardId) => ({ cardId, amount: 1 })),
      );
    }
  }
}
