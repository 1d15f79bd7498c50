import { chooseTurn, opponentAi, safeEndTurn } from "@cardrealm/ai";
import { CATALOGUE, type OpponentDef } from "@cardrealm/content";
import {
  type Action,
  type BattleEvent,
  type BattleState,
  type Catalogue,
  type Side,
  step,
} from "@cardrealm/engine";

/** Chooses the computer's whole turn (plays, then end_turn). */
export type TurnPlanner = (state: BattleState, side: Side, opponent: OpponentDef) => Action[];

/**
 * The computer's turn, for every computer opponent: story opponents and the
 * arena bot (21) alike, whichever route started the game. The AI tier (and
 * the bot's noise) follows the opponent; its seed comes from the battle
 * state so a replay of the stored actions makes the same choices.
 */
export function planComputerTurn(
  state: BattleState,
  side: Side,
  opponent: OpponentDef,
  catalogue: Catalogue = CATALOGUE,
): Action[] {
  const seed = (state.rng ^ Math.imul(state.version, 2654435761)) >>> 0;
  return chooseTurn(state, side, catalogue, opponentAi(opponent, seed));
}

export interface ComputerMoves {
  state: BattleState;
  actions: Action[];
  events: BattleEvent[];
}

/**
 * Story pacing: the computer plays its whole turn at once (in the answer to
 * the move that handed it the turn). A planned move the engine refuses is
 * logged and replaced by a safe end of turn.
 */
export function playComputerTurn(
  start: BattleState,
  side: Side,
  plan: (state: BattleState) => Action[],
  catalogue: Catalogue,
  log?: { error(obj: unknown, msg: string): void },
): ComputerMoves {
  let state = start;
  const actions: Action[] = [];
  const events: BattleEvent[] = [];
  // Guard against a planner that never ends its turn.
  for (let guard = 0; guard < 20 && !state.over && state.active === side; guard++) {
    const planned = plan(state);
    for (const a of planned.length ? planned : [safeEndTurn(state, side)]) {
      let taken = a;
      let applied = step(state, taken, catalogue);
      if (!applied.ok) {
        log?.error({ action: a, error: applied.error }, "computer planned an illegal action");
        taken = safeEndTurn(state, side);
        applied = step(state, taken, catalogue);
        if (!applied.ok) throw new Error(`computer fallback refused: ${applied.error.message}`);
      }
      state = applied.state;
      actions.push(taken);
      events.push(...applied.events);
      if (state.over || state.active !== side) break;
    }
  }
  return { state, actions, events };
}

/**
 * Arena pacing: the bot's next single move (its card first, if it plays
 * one, then its end of turn), each on its own timer so it looks human.
 */
export function nextComputerMove(
  state: BattleState,
  side: Side,
  plan: (state: BattleState) => Action[],
  catalogue: Catalogue,
): Action {
  const planned = plan(state);
  const play = planned.find((x) => x.type === "play_card");
  const candidate = state.played === 0 && play ? play : planned.find((x) => x.type === "end_turn");
  const chosen = candidate ?? safeEndTurn(state, side);
  return step(state, chosen, catalogue).ok ? chosen : safeEndTurn(state, side);
}
