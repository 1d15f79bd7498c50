import { planStoryTurn } from "@cardrealm/ai";
import { CATALOGUE, type OpponentDef } from "@cardrealm/content";
import type { Action, BattleState, Side } from "@cardrealm/engine";

/**
 * The computer's turn in a story battle: the AI tier follows the opponent's
 * strength. Its seed comes from the battle state's version so a replay of the
 * stored actions makes the same choices.
 */
export function planComputerTurn(state: BattleState, side: Side, opponent: OpponentDef): Action[] {
  return planStoryTurn(state, side, opponent.strength, CATALOGUE);
}
