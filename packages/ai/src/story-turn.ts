/**
 * A story opponent's turn as the server plays it, shared so an off-line replay
 * (tools/simulate/story-battle.ts, the winning journey's script) makes exactly
 * the server's choices instead of a copy of them.
 */
import {
  type Action,
  type BattleState,
  type Catalogue,
  MAX_HAND_AT_END_TURN,
  type Side,
} from "@cardrealm/engine";
import { chooseTurn } from "./choose.ts";
import { type Strength, tierForStrength } from "./strength.ts";

/**
 * The computer's plan for its turn: the tier follows the opponent's strength,
 * the seed comes from the battle's rng and version, so replaying the stored
 * actions makes the same choices.
 */
export function planStoryTurn(
  state: BattleState,
  side: Side,
  strength: Strength,
  catalogue: Catalogue,
): Action[] {
  return chooseTurn(state, side, catalogue, {
    tier: tierForStrength(strength),
    seed: (state.rng ^ (state.version * 2654435761)) >>> 0,
  });
}

/** A side's safe move when a plan is refused: defend everything, discard if it must. */
export function safeEndTurn(state: BattleState, side: Side): Action {
  const hand = state.sides[side].hand;
  const last = hand[hand.length - 1];
  return {
    type: "end_turn",
    side,
    attack: [false, false, false, false, false],
    ...(hand.length > MAX_HAND_AT_END_TURN && last ? { discard: last.key } : {}),
  };
}
