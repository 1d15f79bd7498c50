/**
 * The part of a step's working set that keyword hooks and castle changes
 * write: the draft state and its event log. context.ts's Ctx is one; this
 * file exists so that card-index.ts -> keywords.ts -> castle.ts need not
 * import context.ts (which imports card-index.ts and stats.ts back).
 */
import type { BattleEvent } from "./events.ts";
import type { BattleState } from "./state.ts";

export interface Draft {
  /** The step's private clone of the state, mutated in place. */
  s: BattleState;
  events: BattleEvent[];
}
