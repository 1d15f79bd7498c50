import { isDeepStrictEqual } from "node:util";
import {
  type Action,
  type BattleSetup,
  type BattleState,
  type Catalogue,
  createBattle,
  type EndGameMsg,
  IDLE_FORFEIT,
  type Side,
  step,
} from "@cardrealm/engine";
import type { ReplayStep } from "@cardrealm/protocol";
import { type ArenaSetup, tagArenaOpponent } from "../battles/arena-types.ts";
import { seatMessages, seatSnapshot, type Tag } from "../battles/battle-core.ts";
import { type BattleVersions, isForeign } from "../battles/battle-versions.ts";

/**
 * Rebuilds what one seat received during a finished battle (docs/replays.md):
 * the battle is its setup (seed included) plus every accepted action, so the
 * engine replays it, and each step is filtered for the seat by the same
 * per-viewer filter the live battle used (seatMessages: no other hand, deck
 * order or seed) and tagged as the live mode tags it. The rebuild must end
 * on the stored final state, or the replay is unavailable (never shown
 * wrong, never a 500).
 */

/** What a rebuild reads of a stored battle (a `battles` row's columns). */
export interface ReplaySource {
  id: string;
  mode: string;
  setup: string;
  actions: string;
  state: string;
  engine_version: string | null;
  catalogue_version: string | null;
}

export type Rebuilt =
  | { ok: true; steps: ReplayStep[]; final: BattleState }
  | { ok: false; reason: "version" | "diverged" | "unreadable"; detail: string };

/** Arena modes (isPvP on the wire): a human opponent, or the arena's own bot game. */
const ARENA_MODES = new Set(["pvp", "pvpbot", "friendly"]);

/** The seat's tag, as the live mode writes it (arena-games.ts / story-battles.ts), minus the clock. */
function tagFor(
  src: ReplaySource,
  setup: Pick<ArenaSetup, "ranks"> & { cpuId?: number },
  side: Side,
  state: BattleState,
): Tag {
  const arena = ARENA_MODES.has(src.mode);
  return (d) => {
    d.game_id = src.id;
    d.cpu_id = setup.cpuId ?? 0;
    d.isPvP = arena;
    if (src.mode === "friendly") d.friendly = true;
    if (arena) {
      tagArenaOpponent(d, setup, side);
      d.idle_left = Math.max(0, IDLE_FORFEIT - state.sides[side].idle);
    }
  };
}

/**
 * The seat's steps: the start snapshot, then one step per stored action
 * (the computer's and the other player's included) with the messages the
 * seat received for it; `end` is written into the end_game (the pay the seat saw).
 */
export function rebuildReplay(
  src: ReplaySource,
  side: Side,
  catalogue: Catalogue,
  versions: BattleVersions,
  end?: Partial<EndGameMsg>,
): Rebuilt {
  if (isForeign(src, versions)) {
    return {
      ok: false,
      reason: "version",
      detail: `recorded by engine ${src.engine_version} / catalogue ${src.catalogue_version}`,
    };
  }
  let setup: BattleSetup & Pick<ArenaSetup, "ranks"> & { cpuId?: number };
  let actions: Action[];
  let stored: unknown;
  try {
    setup = JSON.parse(src.setup) as BattleSetup & Pick<ArenaSetup, "ranks"> & { cpuId?: number };
    actions = JSON.parse(src.actions) as Action[];
    stored = JSON.parse(src.state);
  } catch (err) {
    return { ok: false, reason: "unreadable", detail: String(err) };
  }
  try {
    let state = createBattle(
      { seed: setup.seed, sides: setup.sides, opener: setup.opener },
      catalogue,
    );
    const steps: ReplayStep[] = [
      {
        kind: "start",
        by: state.active === side ? "player" : "cpu",
        turn: state.turn,
        messages: seatSnapshot(state, side, catalogue, tagFor(src, setup, side, state)),
      },
    ];
    for (const [i, action] of actions.entries()) {
      const r = step(state, action, catalogue);
      if (!r.ok) {
        return { ok: false, reason: "diverged", detail: `action ${i}: ${r.error.message}` };
      }
      const turn = state.turn;
      state = r.state;
      steps.push({
        kind: action.type,
        by: action.side === side ? "player" : "cpu",
        turn,
        messages: seatMessages(
          r.events,
          state,
          side,
          catalogue,
          tagFor(src, setup, side, state),
          state.over ? end : undefined,
        ),
      });
    }
    // The stored state went through JSON: compare like with like.
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(state)), stored)) {
      return { ok: false, reason: "diverged", detail: "the rebuilt final state differs" };
    }
    return { ok: true, steps, final: state };
  } catch (err) {
    // A card gone from the catalogue, a malformed action: unavailable, not a 500.
    return { ok: false, reason: "unreadable", detail: String(err) };
  }
}
