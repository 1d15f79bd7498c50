/** Traces (architecture.md principle 7): a battle is its setup plus its actions. */

import type { Action } from "./actions.ts";
import type { Catalogue } from "./card-types.ts";
import { createBattle } from "./create.ts";
import type { EngineError } from "./errors.ts";
import type { BattleState, Side, SideSetup } from "./state.ts";
import { step } from "./step.ts";
import { ENGINE_VERSION } from "./version.ts";

export interface Trace {
  engineVersion: string;
  /** Which card data the trace was played with (informative). */
  catalogueVersion?: string;
  seed: number;
  sides: [SideSetup, SideSetup];
  opener: Side;
  actions: Action[];
}

/** A trace that does not replay: wrong engine version, or an action the engine refuses. */
export class ReplayError extends Error {
  constructor(
    message: string,
    /** Index of the refused action; -1 for a version mismatch. */
    readonly actionIndex: number,
    readonly error: EngineError | null,
  ) {
    super(message);
    this.name = "ReplayError";
  }
}

/** Replays a trace to its final state; throws ReplayError if it does not replay. */
export function replay(trace: Trace, catalogue: Catalogue): BattleState {
  if (trace.engineVersion !== ENGINE_VERSION) {
    throw new ReplayError(
      `trace is for engine ${trace.engineVersion}, this is ${ENGINE_VERSION}`,
      -1,
      null,
    );
  }
  let state = createBattle(
    { seed: trace.seed, sides: trace.sides, opener: trace.opener },
    catalogue,
  );
  for (let i = 0; i < trace.actions.length; i++) {
    const action = trace.actions[i];
    if (!action) continue;
    const r = step(state, action, catalogue);
    if (!r.ok) {
      throw new ReplayError(`action ${i} refused: ${r.error.code} ${r.error.message}`, i, r.error);
    }
    state = r.state;
  }
  return state;
}
