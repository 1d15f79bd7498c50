import { CATALOGUE } from "@cardrealm/content";
import { type Action, type BattleState, legalActions, type Side } from "@cardrealm/engine";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** A state message as the battle tests read it. */
export type Msg = Record<string, unknown> & {
  game_data?: { game_id: string; version: number; active: string; cpu_id?: number };
  player?: { hand: Record<string, number>; hp: number; table: unknown[] };
  cpu?: Record<string, unknown>;
  end_game?: {
    winner: string | null;
    result?: { rewards: { silver: number }; sesason_pass_bonus?: number };
  };
};

/** A computer that only ends its turn, defending: keeps battle tests about the server. */
export const passivePlanner = (state: BattleState, side: Side): Action[] => {
  const end = legalActions(state, CATALOGUE).find((a) => a.type === "end_turn" && a.side === side);
  return end ? [end] : [];
};

export const lastOf = (msgs: readonly Msg[]): Msg => msgs[msgs.length - 1] as Msg;

/** The end-turn body for `state`: attack from the cells flagged 1, discard the first card above six. */
export function endTurnBody(state: Msg, attack: readonly number[] = [1, 1, 1, 1, 1]) {
  const hand = Object.keys(state.player?.hand ?? {});
  return {
    game_id: state.game_data?.game_id,
    player_attack: [...attack],
    version: state.game_data?.version,
    ...(hand.length > 6 ? { discard_card: Number(hand[0]) } : {}),
  };
}

/**
 * Ends the player's turn on `state` through cpu/end-turn (discarding the
 * first hand card above six), attacking from the cells flagged 1; answers
 * the messages. Throws on a refusal.
 */
export async function endTurn(
  app: FastifyInstance,
  auth: Record<string, string>,
  state: Msg,
  attack: readonly number[] = [1, 1, 1, 1, 1],
): Promise<Msg[]> {
  const res = await app.inject({
    method: "POST",
    url: "/api/game/cpu/end-turn",
    headers: auth,
    payload: endTurnBody(state, attack),
  });
  if (res.statusCode !== 200) throw new Error(`end-turn refused: ${res.body}`);
  return res.json().data as Msg[];
}

/**
 * Plays a started cpu-routes battle greedily until it ends: a unit into a
 * free cell each turn, attack with everything. Against the passive planner
 * the player wins. Answers the end_game message and the last answer's messages.
 */
export async function playToEnd(
  app: FastifyInstance,
  auth: Record<string, string>,
  start: readonly Msg[],
): Promise<{ end: Msg | undefined; last: Msg[] }> {
  const post = (url: string, payload: object): Promise<LightMyRequestResponse> =>
    app.inject({ method: "POST", url, headers: auth, payload: payload as Record<string, unknown> });
  let state = lastOf(start);
  const gameId = state.game_data?.game_id as string;
  let end: Msg | undefined;
  let last: Msg[] = [...start];
  for (let turn = 0; turn < 80 && !end; turn++) {
    const free = ((state.player?.table ?? []) as unknown[]).indexOf(0);
    for (const key of Object.keys(state.player?.hand ?? {})) {
      if (free < 0) break;
      const played = await post("/api/game/cpu/play-card", {
        game_id: gameId,
        version: state.game_data?.version,
        hand_key: Number(key),
        key: "table_key",
        value: free,
        side: "player",
      });
      if (played.statusCode === 200) {
        last = played.json().data as Msg[];
        end = last.find((m) => m.end_game);
        state = lastOf(last);
        break;
      }
    }
    if (end) break;
    last = await endTurn(app, auth, state);
    end = last.find((m) => m.end_game);
    state = lastOf(last);
  }
  return { end, last };
}
