import type { Action, Catalogue, Side, UnpaidReason } from "@cardrealm/engine";
import type { Executor } from "../db/executor.ts";
import { finishBattle, setBattleRewards } from "../db/repositories/battles-repo.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import { finishArena } from "../db/repositories/pvp-repo.ts";
import { findUserById, type UserRow } from "../db/repositories/users-repo.ts";
import { arenaReward } from "../progression/arena-rewards.ts";
import {
  type BattleStats,
  battleStats,
  NO_STATS,
  traceEvents,
} from "../progression/battle-stats.ts";
import type { Progression } from "../progression/progression.ts";
import {
  type ArenaFinishedHook,
  type ArenaGameFinished,
  type ArenaOutcome,
  humans,
  type Loaded,
  type Settlement,
} from "./arena-types.ts";
import { recordBattleEnd } from "./battle-facts.ts";
import { claimPaidSlot, type PaidBattleRule, unpaidByPlay } from "./paid-battles.ts";
import { sideOutcome } from "./quit-rules.ts";

export interface ArenaSettlementDeps {
  clock: () => number;
  catalogue: Catalogue;
  progression: Pick<Progression, "onBattleFinished">;
  /** rules.md 4, "Paid battles" (paid-battles.ts). */
  paidBattles: PaidBattleRule;
  onArenaGameFinished?: ArenaFinishedHook | undefined;
  log: { error(obj: unknown, msg: string): void };
}

/** A final game with its whole action list (read back inside the settling transaction). */
export type FinalGame = Loaded & { actionsJson: string };

export interface ArenaSettled {
  paid: Settlement;
  /** For the hook, after the commit. */
  finished: ArenaGameFinished[];
}

/** The arena's settlement: what each human is paid when a game ends, and who hears of it. */
export function createArenaSettlement(deps: ArenaSettlementDeps) {
  const { clock, catalogue, log } = deps;

  /** What each side did, from the trace (daily tasks count it); never fails a settle. */
  function statsOf(g: FinalGame): Map<Side, BattleStats> {
    const out = new Map<Side, BattleStats>();
    try {
      const events = traceEvents(g.setup, JSON.parse(g.actionsJson) as Action[], catalogue);
      for (const h of humans(g)) out.set(h.side, battleStats(events, h.side, catalogue));
    } catch (err) {
      log.error({ err, game: g.rec.battle.id }, "arena trace did not replay; no task progress");
    }
    return out;
  }

  /**
   * Pays each human their arena reward (gems through the ledger, once per
   * player and game) and hands the rest (season xp, rank score with its
   * floor, daily tasks) to progression. A side the quit rules or the
   * paid-battle rule (paid-battles.ts) leave unpaid gets no gems, xp or
   * daily tasks, but its rank score still moves. Runs inside the final save's
   * transaction, so it all commits with the final state or not at all.
   * Null: the game was already settled (nothing is paid twice).
   */
  /** The settlement, and each human's battle_end fact with it (battle-facts.ts). */
  async function settleIn(trx: Executor, g: FinalGame): Promise<ArenaSettled | null> {
    const done =
      g.setup.mode === "friendly" ? await settleFriendly(trx, g) : await settleRanked(trx, g);
    if (!done) return null;
    const now = new Date(clock()).toISOString();
    const battle = { id: g.rec.battle.id, mode: g.rec.battle.mode };
    for (const h of humans(g)) {
      // A player the settlement found (a deleted one has no row to record against).
      const paid = done.paid.get(h.userId);
      if (!paid) continue;
      const gems = paid.result?.rewards.silver ?? 0;
      await recordBattleEnd(trx, battle, g.state, { ...h, gems }, now);
    }
    return done;
  }

  async function settleRanked(trx: Executor, g: FinalGame): Promise<ArenaSettled | null> {
    const mode = g.setup.mode;
    if (mode === "friendly") return null;
    const stats = statsOf(g);
    const state = g.state;
    const nowMs = clock();
    const now = new Date(nowMs).toISOString();
    const players = humans(g);
    const draw = state.winner === null;
    const rows = new Map<number, UserRow>();
    for (const p of players) {
      const u = await findUserById(trx, p.userId);
      if (u) rows.set(p.userId, u);
    }
    const actions = JSON.parse(g.actionsJson) as Action[];
    const rewards = players.map((p) => {
      const o = sideOutcome(state, actions, p.side);
      const won = o.won;
      const outcome: ArenaOutcome = draw ? "draw" : won ? "win" : "loss";
      const full = arenaReward({ won, draw, premium: rows.get(p.userId)?.premium === 1 });
      const unpaid: UnpaidReason | null = o.paid
        ? unpaidByPlay(deps.paidBattles, {
            side: p.side,
            startedAt: g.rec.battle.created_at,
            now: nowMs,
            actions,
          })
        : null;
      const paidInFull = o.paid && unpaid === null;
      // Widened: the day's limit may still leave a paid side unpaid below.
      return { ...p, won, outcome, full, unpaid: unpaid as UnpaidReason | null, paidInFull };
    });
    /** Unpaid: no gems or xp, but the score still moves (quit-rules.ts, paid-battles.ts). */
    const rewardOf = (r: (typeof rewards)[number]) =>
      r.paidInFull
        ? r.full
        : { silver: 0, seasonPassTotal: undefined, seasonXp: 0, scoreDelta: r.full.scoreDelta };
    if (
      !(await finishBattle(trx, {
        id: g.rec.battle.id,
        winner: state.winner,
        rewards: rewards[0]?.paidInFull ? rewards[0].full.silver : 0,
        now,
      }))
    ) {
      return null;
    }
    // Each paid side takes one of its day's paid battles (only now that this
    // settlement finished the game: a game settled twice takes none twice).
    for (const [i, r] of rewards.entries()) {
      if (!r.paidInFull || !rows.has(r.userId)) continue;
      if (await claimPaidSlot(trx, deps.paidBattles, r.userId, nowMs)) continue;
      r.unpaid = "daily_limit";
      r.paidInFull = false;
      if (i === 0) await setBattleRewards(trx, g.rec.battle.id, 0);
    }
    const paid: Settlement = new Map();
    const finished: ArenaGameFinished[] = [];
    for (const r of rewards) {
      const user = rows.get(r.userId);
      if (!user) continue;
      const reward = rewardOf(r);
      if (reward.silver !== 0) {
        await applyGemChange(trx, {
          userId: r.userId,
          delta: reward.silver,
          reason: r.won ? "arena_win" : "arena_loss",
          idempotencyKey: `arena:${g.rec.battle.id}:${r.userId}`,
          now,
        });
      }
      await deps.progression.onBattleFinished(trx, {
        userId: r.userId,
        battleId: g.rec.battle.id,
        mode,
        won: r.won,
        draw,
        // Unpaid (a give-up, a short loss, the paid-battle rule): no daily-task progress either.
        paid: r.paidInFull,
        stats: r.paidInFull ? (stats.get(r.side) ?? NO_STATS) : NO_STATS,
        xp: reward.seasonXp,
        scoreDelta: reward.scoreDelta,
      });
      const after = await findUserById(trx, r.userId);
      const rankScoreAfter = after?.rank_score ?? user.rank_score;
      paid.set(r.userId, {
        result: {
          rewards: { silver: reward.silver },
          ...(reward.seasonPassTotal !== undefined
            ? { sesason_pass_bonus: reward.seasonPassTotal }
            : {}),
          ...(r.unpaid ? { unpaid: r.unpaid } : {}),
          // The end panel's rank score change (the floor applied) and season xp.
          rank_delta: rankScoreAfter - user.rank_score,
          season_xp: reward.seasonXp,
        },
      });
      finished.push({
        gameId: g.rec.battle.id,
        mode,
        userId: r.userId,
        side: r.side,
        opponentUserId: players.find((p) => p.userId !== r.userId)?.userId ?? null,
        outcome: r.outcome,
        won: r.won,
        reason: state.endReason ?? "hp",
        silver: reward.silver,
        rankScoreBefore: user.rank_score,
        rankScoreAfter,
        seasonXp: reward.seasonXp,
        state,
        actions,
      });
    }
    await finishArena(trx, g.rec.battle.id, now);
    return { paid, finished };
  }

  /**
   * A friendly game (rules.md, "Friendly games"): ends and frees both seats
   * like any arena game, and is kept as a replay, but pays nothing, moves no
   * rank or season xp and counts for no daily task. Nobody's hook hears of
   * it (the hook is progression's).
   */
  async function settleFriendly(trx: Executor, g: FinalGame): Promise<ArenaSettled | null> {
    const now = new Date(clock()).toISOString();
    if (
      !(await finishBattle(trx, { id: g.rec.battle.id, winner: g.state.winner, rewards: 0, now }))
    )
      return null;
    await finishArena(trx, g.rec.battle.id, now);
    const paid: Settlement = new Map();
    for (const h of humans(g)) paid.set(h.userId, { result: { rewards: { silver: 0 } } });
    return { paid, finished: [] };
  }

  /** Tells the hook (progression's) of each finished player; never undoes the game. */
  function runHooks(gameId: string, list: readonly ArenaGameFinished[]): void {
    const hook = deps.onArenaGameFinished;
    if (!hook) return;
    for (const e of list) {
      try {
        Promise.resolve(hook(e)).catch((err: unknown) =>
          log.error({ err, gameId }, "onArenaGameFinished failed"),
        );
      } catch (err) {
        log.error({ err, gameId }, "onArenaGameFinished failed");
      }
    }
  }

  return { settleIn, runHooks };
}

export type ArenaSettlement = ReturnType<typeof createArenaSettlement>;
