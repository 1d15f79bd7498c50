import { randomUUID } from "node:crypto";
import { CATALOGUE, getOpponent, STARTER_DECK } from "@cardrealm/content";
import {
  type Action,
  type BattleState,
  createBattle,
  legalActions,
  readyAttackers,
  step,
} from "@cardrealm/engine";
import { currentBattleVersions } from "../src/battles/battle-versions.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import type { Db } from "../src/db/database.ts";

export const VERSIONS = currentBattleVersions(loadGameContent().apiCards);

const starter = STARTER_DECK.flatMap((c) => Array.from({ length: c.amount }, () => c.id));
export const DECKS: number[][] = [
  starter,
  ...[6, 5, 4, 21].map((id) => [...(getOpponent(id)?.deck ?? starter)]),
];

/**
 * A battle played by the engine alone: `choices` pick among the legal
 * actions (give-up left out) until it ends or the choices run out, then the
 * side to move gives up if `finish` says so. Answers the setup, actions and states.
 */
export function playedBattle(
  seed: number,
  decks: [number, number],
  choices: readonly number[],
  finish = true,
) {
  const setup = {
    seed,
    opener: (seed % 2) as 0 | 1,
    sides: [
      { name: "Ann", deck: DECKS[decks[0] % DECKS.length] as number[] },
      { name: "Bob", deck: DECKS[decks[1] % DECKS.length] as number[] },
    ] as [{ name: string; deck: number[] }, { name: string; deck: number[] }],
  };
  let state: BattleState = createBattle(setup, CATALOGUE);
  const actions: Action[] = [];
  const states: BattleState[] = [state];
  const apply = (a: Action) => {
    const r = step(state, a, CATALOGUE);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    state = r.state;
    actions.push(a);
    states.push(state);
  };
  for (const choice of choices) {
    if (state.over) break;
    const legal = legalActions(state, CATALOGUE).filter((a) => a.type !== "give_up");
    let action = legal[choice % legal.length] as Action;
    if (action.type === "end_turn") {
      const attack = action.attack.slice();
      for (const cell of readyAttackers(state, state.active, CATALOGUE))
        attack[cell] = choice % 3 !== 0;
      action = { ...action, attack };
    }
    apply(action);
  }
  if (finish && !state.over) apply({ type: "give_up", side: state.active });
  return { setup, actions, states, final: state };
}

/** Stores a finished PvP game between two players (side 0 `p0`, side 1 `p1`), as the arena would. */
export async function insertPvpBattle(
  db: Db,
  p0: number,
  p1: number,
  played: ReturnType<typeof playedBattle>,
  at = "2026-11-21T12:30:00.000Z",
): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .insertInto("battles")
    .values({
      id,
      user_id: p0,
      mode: "pvp",
      cpu_id: 0,
      status: "finished",
      setup: JSON.stringify({ ...played.setup, mode: "pvp", players: [p0, p1], cpuId: 0 }),
      actions: JSON.stringify(played.actions),
      state: JSON.stringify(played.final),
      version: played.final.version,
      winner: played.final.winner,
      rewards: 0,
      created_at: at,
      updated_at: at,
      finished_at: at,
      engine_version: VERSIONS.engine,
      catalogue_version: VERSIONS.catalogue,
    })
    .execute();
  await db.kysely
    .insertInto("arena_games")
    .values({
      id,
      mode: "pvp",
      player0: p0,
      player1: p1,
      status: "finished",
      turn_deadline: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
