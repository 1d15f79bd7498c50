import {
  type Action,
  type BattleEvent,
  type BattleState,
  type Catalogue,
  type EndGameMsg,
  type GameDataMsg,
  messagesFor,
  type Side,
  type StateMessage,
  snapshotMessage,
  step,
} from "@cardrealm/engine";
import { engineRefusal } from "./refusals.ts";

/**
 * The battle core both modes run (story: battles/story-*.ts; arena:
 * battles/arena-*.ts): a seat's action is stepped by the engine (a refusal
 * in the player's words if it is not legal), the computer may answer in the
 * same step (story pacing), the mode stores the result (a plain move) or
 * stores and settles it in one transaction (the final state), and each seat
 * gets the state messages it may see, tagged with the mode's ids and clock.
 * Story and arena differ only in the `BattleMode` they plug in.
 */

/** Who sits on a side: a player (user id), or null for the computer. */
export interface Seat {
  side: Side;
  userId: number | null;
}

/** What one call did to a battle: the state after it, the actions taken and their events. */
export interface Advance {
  before: BattleState;
  state: BattleState;
  actions: Action[];
  events: BattleEvent[];
}

/**
 * What a mode plugs into the core for a loaded battle `G`: how a move is
 * stored, and how the final state is stored and settled together. `S` is
 * the mode's settlement (what each seat was paid).
 */
export interface BattleMode<G, S> {
  /** Saves a move that did not end the battle; false: another request moved it first. */
  save(g: G, step: Advance): Promise<boolean>;
  /**
   * Saves the final state and settles the battle in one transaction; null:
   * the save lost a race or the battle was already settled (nothing paid twice).
   */
  finish(g: G, step: Advance): Promise<S | null>;
}

/** One action on a state: the engine's result, or the refusal the player sees. */
export function stepOrRefuse(
  state: BattleState,
  action: Action,
  catalogue: Catalogue,
): { state: BattleState; events: BattleEvent[] } {
  const r = step(state, action, catalogue);
  if (!r.ok) throw engineRefusal(r.error.code, r.error.message);
  return r;
}

/**
 * Steps `action` on `state`, then lets `after` (the story's computer) answer
 * in the same call. Throws the engine's refusal; applies nothing on one.
 */
export function advance(
  state: BattleState,
  action: Action,
  catalogue: Catalogue,
  after?: (state: BattleState) => { state: BattleState; actions: Action[]; events: BattleEvent[] },
): Advance {
  const first = stepOrRefuse(state, action, catalogue);
  const out: Advance = {
    before: state,
    state: first.state,
    actions: [action],
    events: [...first.events],
  };
  if (after && !first.state.over) {
    const more = after(first.state);
    out.state = more.state;
    out.actions.push(...more.actions);
    out.events.push(...more.events);
  }
  return out;
}

/**
 * Stores a step through the mode: a plain save, or (when the state is over)
 * the final save and its settlement together. `null`: the save lost a race
 * (the caller reloads or refuses); otherwise the settlement, if it ended.
 */
export async function store<G, S>(
  mode: BattleMode<G, S>,
  g: G,
  done: Advance,
): Promise<{ settled: S | null } | null> {
  if (!done.state.over) return (await mode.save(g, done)) ? { settled: null } : null;
  const settled = await mode.finish(g, done);
  return settled === null ? null : { settled };
}

/** Sets the mode's ids and clock on every game_data of a seat's messages. */
export type Tag = (data: GameDataMsg) => void;

function tagged(messages: StateMessage[], tag: Tag): StateMessage[] {
  for (const m of messages) if (m.game_data) tag(m.game_data);
  return messages;
}

/**
 * The messages one seat may see of a step (the engine's per-viewer filter:
 * no other hand, deck order or seed), tagged, with the settlement written
 * into end_game when the step ended the battle.
 */
export function seatMessages(
  events: readonly BattleEvent[],
  state: BattleState,
  side: Side,
  catalogue: Catalogue,
  tag: Tag,
  end?: Partial<EndGameMsg>,
): StateMessage[] {
  const list = tagged(messagesFor([...events], state, side, catalogue), tag);
  if (end) {
    const m = list.find((x) => x.end_game);
    if (m?.end_game) Object.assign(m.end_game, end);
  }
  return list;
}

/** The whole state as one seat may see it (a start, a reload, a reconnect), tagged. */
export function seatSnapshot(
  state: BattleState,
  side: Side,
  catalogue: Catalogue,
  tag: Tag,
): StateMessage[] {
  return tagged([snapshotMessage(state, side, catalogue)], tag);
}
