import type { PlayTarget, StateMessage } from "@cardrealm/engine";
import { call } from "../../lib/api.ts";

/** The battle calls (product.md section 7): the pvp routes in PvP, the cpu routes otherwise. */
function base(isPvP: boolean): string {
  return isPvP ? "/api/game/pvp" : "/api/game/cpu";
}

export interface PlayCardRequest {
  gameId: string;
  isPvP: boolean;
  handKey: number;
  version: number;
  /** A unit's cell. */
  cell?: number | null;
  /** A spell's target, or a unit's entry target. */
  target?: PlayTarget | null;
}

/**
 * The play-card body: a plain unit names its cell as a table_key on the
 * player's side; a unit with an entry target sends its cell in `cell` and the
 * target in key/value/side; a spell sends its target (or nothing).
 */
export function playCardBody(req: PlayCardRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    game_id: req.gameId,
    hand_key: req.handKey,
    version: req.version,
  };
  const cell = req.cell ?? null;
  const target = req.target ?? null;
  if (cell !== null && target) {
    body.cell = cell;
    Object.assign(body, { key: target.key, value: target.value, side: target.side });
  } else if (cell !== null) {
    Object.assign(body, { key: "table_key", value: cell, side: "player" });
  } else if (target) {
    Object.assign(body, { key: target.key, value: target.value, side: target.side });
  }
  return body;
}

export const battleApi = {
  /** The active battle: a story one, else an arena one (PvP or the arena bot). */
  current: async () =>
    (await call<StateMessage[] | null>("GET", "/api/game/cpu/current")) ??
    call<StateMessage[] | null>("GET", "/api/game/pvp/current"),
  /** PvP: the enemy timer ran out; 409 while the server's deadline has not passed. */
  warning: (gameId: string) =>
    call<StateMessage[]>("POST", "/api/game/pvp/warning", { body: { game_id: gameId } }),
  /** PvP: the server ended our turn on its timer; this answers the game as it stands. */
  cancelWarning: () => call<StateMessage[] | null>("POST", "/api/game/pvp/cancel-warning"),
  playCard: (req: PlayCardRequest) =>
    call<StateMessage[]>("POST", `${base(req.isPvP)}/play-card`, { body: playCardBody(req) }),
  endTurn: (req: {
    gameId: string;
    isPvP: boolean;
    attack: readonly boolean[];
    discard: number | null;
    version: number;
  }) =>
    call<StateMessage[]>("POST", `${base(req.isPvP)}/end-turn`, {
      body: {
        game_id: req.gameId,
        player_attack: req.attack.map((a) => (a ? 1 : 0)),
        ...(req.discard !== null ? { discard_card: req.discard } : {}),
        version: req.version,
      },
    }),
  giveUp: (req: { gameId: string; isPvP: boolean }) =>
    call<StateMessage[]>("POST", `${base(req.isPvP)}/giveup`, { body: { game_id: req.gameId } }),
};
