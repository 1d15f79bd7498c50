import { utcDay } from "@cardrealm/content";
import type { Action, Side, UnpaidReason } from "@cardrealm/engine";
import type { Executor } from "../db/executor.ts";
import { claimPaidBattle } from "../db/repositories/paid-battles-repo.ts";

/**
 * rules.md section 4, "Paid battles" (all modes that pay, each side on its
 * own): a side is paid gems, season xp and daily-task progress only when
 * the battle lasted at least `minSeconds` on the server's clock, from the
 * battle row's creation to its settlement, and that side played at least
 * `minCards` cards in it (counted from the battle's own action list, never
 * from a client); and only the first `perDay` such battles of the player's
 * UTC day (the settlement's day) pay. Rank score still moves and the battle
 * is still recorded. Checked after the quit rules (quit-rules.ts): a side
 * they already leave unpaid claims no slot and gets no reason here.
 */
export interface PaidBattleRule {
  minSeconds: number;
  minCards: number;
  perDay: number;
}

export type { UnpaidReason };

/** Cards `side` played (play_card actions accepted into the battle's log). */
export function cardsPlayed(actions: readonly Action[], side: Side): number {
  let n = 0;
  for (const a of actions) if (a.type === "play_card" && a.side === side) n++;
  return n;
}

/**
 * Why `side` is paid nothing for how the battle went (under the minimum
 * length, too few cards played), or null: it may be paid if the day's
 * limit allows (`claimPaidSlot`).
 */
export function unpaidByPlay(
  rule: PaidBattleRule,
  b: {
    side: Side;
    /** The battle row's created_at (ISO, the server's clock). */
    startedAt: string;
    /** The server's clock at the settlement (ms). */
    now: number;
    actions: readonly Action[];
  },
): Extract<UnpaidReason, "too_short" | "too_few_cards"> | null {
  if (b.now - Date.parse(b.startedAt) < rule.minSeconds * 1000) return "too_short";
  if (cardsPlayed(b.actions, b.side) < rule.minCards) return "too_few_cards";
  return null;
}

/**
 * Takes one of the player's paid battles of the UTC day of `now`: true when
 * one was left. Inside the settling transaction, after the battle row was
 * marked finished by this settlement (so a battle settled twice never takes
 * two), once per side.
 */
export function claimPaidSlot(
  trx: Executor,
  rule: PaidBattleRule,
  userId: number,
  now: number,
): Promise<boolean> {
  return claimPaidBattle(trx, { userId, day: utcDay(now), limit: rule.perDay });
}
