import {
  type Action,
  type BattleState,
  type Catalogue,
  type Intent,
  readyAttackers,
  type Side,
} from "@cardrealm/engine";
import type { EndTurnBody, PlayCardBody } from "@cardrealm/protocol";

/**
 * The one place a wire intent (docs/protocol.md) becomes an engine action,
 * for story and arena alike. A unit names its cell in `cell`, or as a
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

/**
 * A flag on a cell that cannot attack (empty, asleep, a wall) is ignored
 * rather than refused: the flags are a wish, the engine decides.
 */
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

/** A give-up; the version is optional on this call (product.md's body has none). */
export function giveUpAction(side: Side, version: number | undefined): Action {
  return { type: "give_up", side, ...(version !== undefined ? { version } : {}) };
}

/** What a seat asks for, as the routes hand it over. */
export type WireIntent =
  | { kind: "play_card"; body: PlayCardBody }
  | { kind: "end_turn"; body: EndTurnBody }
  | { kind: "give_up"; gameId: string; version?: number | undefined };

export function gameIdOf(intent: WireIntent): string {
  return intent.kind === "give_up" ? intent.gameId : intent.body.game_id;
}

/** The wire intent as the engine action `side` takes on `state`. */
export function actionFor(
  intent: WireIntent,
  state: BattleState,
  side: Side,
  catalogue: Catalogue,
): Action {
  switch (intent.kind) {
    case "play_card":
      return playCardAction(state, side, intent.body, catalogue);
    case "end_turn":
      return endTurnAction(state, side, intent.body, catalogue);
    case "give_up":
      return giveUpAction(side, intent.version);
  }
}
