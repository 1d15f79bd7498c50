import {
  type Action,
  type BattleState,
  type Catalogue,
  type EngineErrorCode,
  readyAttackers,
  type Side,
} from "@cardrealm/engine";
import type { EndTurnBody, PlayCardBody } from "@cardrealm/protocol";
import { HttpError } from "../http/http-error.ts";

/**
 * The PvP calls' bodies as engine actions, read the same way as the story
 * battle's (docs/protocol.md): a unit names its cell in `cell`, or as a
 * table_key target on the player's side; anything else is the play's target.
 */
export function playCardAction(
  state: BattleState,
  side: Side,
  body: PlayCardBody,
  catalogue: Catalogue,
): Action {
  const inHand = state.sides[side].hand.find((h) => h.key === body.hand_key);
  const isUnit = inHand ? catalogue.get(inHand.card)?.type === "unit" : false;
  const target =
    body.key !== undefined
      ? { key: body.key, value: body.value ?? 0, side: body.side ?? ("cpu" as const) }
      : undefined;
  const unitCell = isUnit
    ? (body.cell ??
      (target?.key === "table_key" && target.side === "player" ? target.value : undefined))
    : undefined;
  const unitTarget = isUnit && body.cell !== undefined ? target : undefined;
  return {
    type: "play_card",
    side,
    handKey: body.hand_key,
    ...(body.version !== undefined ? { version: body.version } : {}),
    ...(unitCell !== undefined ? { cell: unitCell } : {}),
    ...(isUnit ? (unitTarget ? { target: unitTarget } : {}) : target ? { target } : {}),
  };
}

/** Flags on cells that cannot attack are ignored, as in story battles: the engine decides. */
export function endTurnAction(
  state: BattleState,
  side: Side,
  body: EndTurnBody,
  catalogue: Catalogue,
): Action {
  const ready = new Set(readyAttackers(state, side, catalogue));
  return {
    type: "end_turn",
    side,
    attack: body.player_attack.map((f, cell) => (f === true || f === 1) && ready.has(cell)),
    ...(body.discard_card !== undefined ? { discard: body.discard_card } : {}),
    ...(body.version !== undefined ? { version: body.version } : {}),
  };
}

/** An engine refusal as an HTTP answer: turn order and staleness are conflicts, the rest bad requests. */
export function refusal(code: EngineErrorCode, message: string): HttpError {
  switch (code) {
    case "not_your_turn":
      return new HttpError(409, "conflict", "It is not your turn.");
    case "stale_version":
      return new HttpError(409, "conflict", "The battle moved on; reload it and try again.");
    case "battle_over":
      return new HttpError(409, "conflict", "This battle is over.");
    default:
      return new HttpError(400, "bad_request", message);
  }
}
