/**
 * One whole AI-against-AI battle over the engine: the loop the simulator,
 * the tests and the benchmark share. Pure: no clock, no I/O.
 */
import {
  type Action,
  type BattleState,
  type Catalogue,
  createBattle,
  type EndTurnAction,
  type Side,
  type SideSetup,
  step,
} from "@cardrealm/engine";
import { type ChooseOptions, decideTurn } from "./choose.ts";

export interface Player {
  setup: SideSetup;
  /** The AI's options; its seed is mixed with the game's seed. */
  ai: ChooseOptions;
}

export interface GameOptions {
  seed: number;
  opener: Side;
  /** Keep every action (for a trace). */
  record?: boolean;
  /** Called after each AI decision with the side and the actions (the benchmark times it). */
  onDecision?: (side: Side, actions: readonly Action[]) => void;
  /**
   * Called with the state just before each end_turn is stepped (after the
   * turn's play) and that action: the simulator counts idle turns and unspent
   * resources from it.
   */
  onEndTurn?: (state: BattleState, action: EndTurnAction) => void;
}

export interface GameResult {
  winner: Side | null;
  /** Turns played in all (both sides). */
  turns: number;
  final: BattleState;
  actions: Action[];
}

/** An AI action the engine refused: a bug of the AI (or the engine). */
export class IllegalActionError extends Error {
  constructor(
    message: string,
    readonly state: BattleState,
    readonly action: Action,
  ) {
    super(message);
    this.name = "IllegalActionError";
  }
}

/** Plays a battle between two AI players to its end. Throws IllegalActionError on a refused action. */
export function playGame(
  players: readonly [Player, Player],
  catalogue: Catalogue,
  options: GameOptions,
): GameResult {
  let state = createBattle(
    { seed: options.seed, sides: [players[0].setup, players[1].setup], opener: options.opener },
    catalogue,
  );
  const actions: Action[] = [];
  const seeds = [options.seed ^ 0x1b873593, options.seed ^ 0x5bd1e995] as const;
  // The turn cap ends every battle; the guard only stops an AI that never ends its turn.
  for (let guard = 0; !state.over && guard < 10_000; guard++) {
    const side = state.active;
    const player = players[side];
    const decision = decideTurn(state, side, catalogue, {
      ...player.ai,
      seed: (player.ai.seed ^ seeds[side]) | 0,
    });
    const chosen = decision.actions;
    options.onDecision?.(side, chosen);
    if (chosen.length === 0) throw new Error(`no action for side ${side} on turn ${state.turn}`);
    for (const action of chosen) {
      if (action.type === "play_card") {
        // decideTurn already stepped the play on this very state.
        state = decision.afterPlay;
        if (options.record) actions.push(action);
        if (state.over) break;
        continue;
      }
      if (action.type === "end_turn") options.onEndTurn?.(state, action);
      const r = step(state, action, catalogue);
      if (!r.ok) {
        throw new IllegalActionError(
          `side ${side} turn ${state.turn}: ${action.type} refused (${r.error.code}: ${r.error.message})`,
          state,
          action,
        );
      }
      state = r.state;
      if (options.record) actions.push(action);
      if (state.over) break;
    }
  }
  return { winner: state.winner, turns: state.turn, final: state, actions };
}
