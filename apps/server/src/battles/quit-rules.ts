import type { Action, BattleState, Side } from "@cardrealm/engine";

/**
 * rules.md section 4, "Surrender and short battles" (all modes): the side
 * that gave up is paid nothing (no gems, no season xp, no daily-task
 * progress); in the arena it still takes the loss's rank score. A lost battle
 * pays loss gems and loss xp only when the loser played at least
 * MIN_OWN_TURNS of its own turns. So starting and quitting farms nothing.
 */
export const MIN_OWN_TURNS = 3;

/** Turns `side` ended itself (end_turn); a turn the server timed out was not played. */
export function ownTurnsPlayed(actions: readonly Action[], side: Side): number {
  let n = 0;
  for (const a of actions) if (a.type === "end_turn" && a.side === side) n++;
  return n;
}

export interface SideOutcome {
  won: boolean;
  draw: boolean;
  /** This side ended the battle by giving up (or by a drop forfeit). */
  gaveUp: boolean;
  /**
   * false: the side is paid nothing (gems, xp, daily tasks); a loss still
   * costs its arena score.
   */
  paid: boolean;
}

/** How `side` came out of a finished battle, and whether rules.md lets it be paid. */
export function sideOutcome(
  state: BattleState,
  actions: readonly Action[],
  side: Side,
): SideOutcome {
  const draw = state.winner === null;
  const won = state.winner === side;
  const gaveUp = !won && !draw && (state.endReason === "give_up" || state.endReason === "left");
  const shortLoss = !won && !draw && ownTurnsPlayed(actions, side) < MIN_OWN_TURNS;
  return { won, draw, gaveUp, paid: !gaveUp && !shortLoss };
}
