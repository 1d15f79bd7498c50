import {
  type BattleState,
  type Catalogue,
  type EngineErrorCode,
  type Intent,
  readyAttackers,
  type Side,
} from "@cardrealm/engine";
import type { EndTurnBody, PlayCardBody } from "@cardrealm/protocol";
import type { z } from "zod";
import { HttpError, parseWith } from "../http/http-error.ts";

/**
 * A move's body (play-card, end-turn): a body without `version` is refused
 * with 409, as a stale one is, and nothing is applied; any other fault is a 400.
 */
export function parseIntent<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const onlyVersionMissing = r.error.issues.every(
    (i) => i.path.length === 1 && i.path[0] === "version" && i.code === "invalid_type",
  );
  const hasVersion = typeof input === "object" && input !== null && "version" in input;
  if (onlyVersionMissing && !hasVersion) {
    throw new HttpError(
      409,
      "conflict",
      "Every move names the battle version it was made on; reload the battle and try again.",
    );
  }
  return parseWith(schema, input);
}

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
): Intent {
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
    version: body.version,
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
): Intent {
  const ready = new Set(readyAttackers(state, side, catalogue));
  return {
    type: "end_turn",
    side,
    attack: body.player_attack.map((f, cell) => (f === true || f === 1) && ready.has(cell)),
    ...(body.discard_card !== undefined ? { discard: body.discard_card } : {}),
    version: body.version,
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
