import {
  type Action,
  type BattleSetup,
  type BattleState,
  type Catalogue,
  createBattle,
  type StateMessage,
  snapshotMessage,
  step,
} from "@cardrealm/engine";
import type { SpectateView } from "@cardrealm/protocol";

/**
 * What a spectator may see of an arena game (issue 24 item 4): the public
 * view only, one full turn behind the live game.
 *
 * Public: both castles, tables and resources, each hand as a count (the
 * snapshot of side 0 with its hand emptied: counters keep the counts), no
 * deck order, no seed, no random state. Behind: while the live game is in
 * turn N, the spectator sees the state as turn N-1 began (nothing while turn
 * 1 runs); when the game ends, its final state. The state as a turn began is
 * rebuilt from the game's setup and actions (the engine is deterministic),
 * so nothing per game is kept between turns on any process.
 */

/** The public snapshot of a state: side 0 at the bottom, no hand's cards. */
export function publicSnapshot(
  state: BattleState,
  catalogue: Catalogue,
  gameId: string,
): StateMessage {
  const m = snapshotMessage(state, 0, catalogue);
  if (m.player) m.player.hand = {};
  if (m.game_data) {
    m.game_data.game_id = gameId;
    m.game_data.isPvP = true;
  }
  return m;
}

/** The state as `turn` began, replayed from the setup; null if the actions do not replay. */
export function stateAtTurnStart(
  setup: BattleSetup,
  actions: readonly Action[],
  catalogue: Catalogue,
  turn: number,
): BattleState | null {
  let state = createBattle(
    { seed: setup.seed, sides: setup.sides, opener: setup.opener },
    catalogue,
  );
  for (const action of actions) {
    if (state.turn >= turn) break;
    const r = step(state, action, catalogue);
    if (!r.ok) return null;
    state = r.state;
  }
  return state.turn >= turn ? state : null;
}

/** What a spectator is sent for a game as it stands (`live`: its stored state now). */
export function spectateView(
  gameId: string,
  live: BattleState,
  setup: BattleSetup,
  actions: readonly Action[],
  catalogue: Catalogue,
  watchers: number,
): SpectateView {
  const base = {
    game_id: gameId,
    live_turn: live.turn,
    sides: [{ nickname: live.sides[0].name }, { nickname: live.sides[1].name }] as [
      { nickname: string },
      { nickname: string },
    ],
    watchers,
  };
  if (live.over) {
    return {
      ...base,
      shown_turn: live.turn,
      messages: [publicSnapshot(live, catalogue, gameId)],
      over: true,
      winner: live.winner,
    };
  }
  const shown = live.turn - 1;
  const then = shown >= 1 ? stateAtTurnStart(setup, actions, catalogue, shown) : null;
  if (!then) return { ...base, shown_turn: 0, messages: [], over: false };
  return {
    ...base,
    shown_turn: shown,
    messages: [publicSnapshot(then, catalogue, gameId)],
    over: false,
  };
}
