import type { ChapterDef } from "@cardrealm/content";
import type {
  Action,
  BattleSetup,
  BattleState,
  Catalogue,
  StateMessage,
  UnpaidReason,
} from "@cardrealm/engine";
import type { Executor } from "../db/executor.ts";
import { type BattleRow, finishBattle, setBattleRewards } from "../db/repositories/battles-repo.ts";
import { mapsOf } from "../db/repositories/collection-repo.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import { addBeatenOpponent, setLevelAndXp } from "../db/repositories/settlement-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { arenaReward } from "../progression/arena-rewards.ts";
import {
  type BattleStats,
  battleStats,
  NO_STATS,
  traceEvents,
} from "../progression/battle-stats.ts";
import type { Progression } from "../progression/progression.ts";
import { claimPaidSlot, type PaidBattleRule, unpaidByPlay } from "./paid-battles.ts";
import { sideOutcome } from "./quit-rules.ts";
import { levelFromMaps, storyReward } from "./rewards.ts";

const HUMAN = 0 as const;

export interface StoredSetup extends BattleSetup {
  cpuId: number;
}

export interface StorySettlementDeps {
  clock: () => number;
  catalogue: Catalogue;
  chapterOf: (opponentId: number) => ChapterDef | undefined;
  bossIds: readonly number[];
  /** rules.md 4, "Paid battles" (paid-battles.ts). */
  paidBattles: PaidBattleRule;
  progression?: Pick<Progression, "onBattleFinished"> | undefined;
  log?: { error(obj: unknown, msg: string): void } | undefined;
}

export type EndGame = NonNullable<StateMessage["end_game"]>;

/** What settling reads of a battle row (all fixed at its insert). */
export type SettledRow = Pick<BattleRow, "id" | "user_id" | "mode" | "setup" | "created_at">;

/** What the human did, from the trace (daily tasks count it); never fails a settle. */
export function storyStats(
  deps: StorySettlementDeps,
  row: SettledRow,
  actions: readonly Action[],
): BattleStats {
  if (!deps.progression) return NO_STATS;
  try {
    const setup = JSON.parse(row.setup) as StoredSetup;
    return battleStats(traceEvents(setup, [...actions], deps.catalogue), HUMAN, deps.catalogue);
  } catch (err) {
    deps.log?.error({ err, battle: row.id }, "battle trace did not replay; no task progress");
    return NO_STATS;
  }
}

/**
 * Pays a finished story (or story-side arena bot) battle inside `trx`, the
 * transaction that also holds its final state: gems through the ledger,
 * maps, level, season xp, rank score, daily tasks. Returns undefined when the
 * battle was already finished (somebody else settled it): nothing is paid twice.
 * A give-up or a short loss pays nothing (quit-rules.ts), nor does a battle
 * the paid-battle rule leaves unpaid (paid-battles.ts: too short, too few
 * cards, the day's paid battles used up); the arena bot's score still moves.
 */
export async function settleStoryIn(
  trx: Executor,
  deps: StorySettlementDeps,
  row: SettledRow,
  state: BattleState,
  actions: readonly Action[],
  stats: BattleStats,
): Promise<EndGame | undefined> {
  const setup = JSON.parse(row.setup) as StoredSetup;
  const chapter = deps.chapterOf(setup.cpuId);
  const outcome = sideOutcome(state, actions, HUMAN);
  const { won, draw } = outcome;
  const arena = row.mode === "bot";
  const nowMs = deps.clock();
  const now = new Date(nowMs).toISOString();
  const hooks = deps.progression;
  const user = await findUserById(trx, row.user_id);
  if (!user) return undefined;
  const maps = await mapsOf(trx, row.user_id);
  const firstWin = won && !maps.includes(setup.cpuId);
  const arenaResult = arena ? arenaReward({ won, draw, premium: user.premium === 1 }) : undefined;
  const full =
    arenaResult ??
    storyReward({
      won,
      chapterLevel: chapter?.level ?? 1,
      firstWin,
      premium: user.premium === 1,
    });
  let unpaid: UnpaidReason | null = outcome.paid
    ? unpaidByPlay(deps.paidBattles, {
        side: HUMAN,
        startedAt: row.created_at,
        now: nowMs,
        actions,
      })
    : null;
  let paid = outcome.paid && unpaid === null;
  if (
    !(await finishBattle(trx, {
      id: row.id,
      winner: state.winner,
      rewards: paid ? full.silver : 0,
      now,
    }))
  ) {
    return undefined; // already settled by another request or process
  }
  if (paid && !(await claimPaidSlot(trx, deps.paidBattles, row.user_id, nowMs))) {
    unpaid = "daily_limit";
    paid = false;
    await setBattleRewards(trx, row.id, 0);
  }
  const silver = paid ? full.silver : 0;
  const seasonXp = paid ? full.seasonXp : 0;
  if (silver !== 0) {
    await applyGemChange(trx, {
      userId: row.user_id,
      delta: silver,
      reason: won ? "battle_win" : "battle_loss",
      idempotencyKey: `battle:${row.id}`,
      now,
    });
  }
  let level = user.level;
  if (!arena && firstWin) {
    await addBeatenOpponent(trx, row.user_id, setup.cpuId, now);
    level = Math.max(level, levelFromMaps([...maps, setup.cpuId], deps.bossIds));
  }
  // With progression the hook adds the xp (and claims the season rewards it reaches).
  await setLevelAndXp(trx, row.user_id, { level, addXp: hooks ? 0 : seasonXp, now });
  await hooks?.onBattleFinished(trx, {
    userId: row.user_id,
    battleId: row.id,
    mode: arena ? "bot" : "cpu",
    won,
    draw,
    // Unpaid (a give-up, a short loss, the paid-battle rule): no daily-task progress either.
    paid,
    stats: paid ? stats : NO_STATS,
    xp: seasonXp,
    scoreDelta: arenaResult?.scoreDelta ?? 0,
  });
  return {
    winner: state.winner === null ? null : state.winner === HUMAN ? "player" : "cpu",
    reason: state.endReason ?? "hp",
    result: {
      rewards: { silver },
      ...(paid && full.seasonPassTotal !== undefined
        ? { sesason_pass_bonus: full.seasonPassTotal }
        : {}),
      ...(unpaid ? { unpaid } : {}),
    },
  };
}
