import type { EngineErrorCode } from "@cardrealm/engine";
import { MESSAGES } from "@cardrealm/protocol";
import { Refused } from "../services/outcome.ts";

/**
 * Every refusal a battle gives, in the domain's words (services/outcome.ts);
 * the routes turn them into HTTP (http/refusal-to-http.ts). The texts are
 * the wire's: clients and tests read them.
 */
export const refuse = {
  noSuchBattle: () => new Refused("not_found", "No such battle."),
  over: () => new Refused("conflict", "This battle is over."),
  movedOn: () => new Refused("conflict", "The battle moved on; reload it and try again."),
  notYourTurn: () => new Refused("conflict", "It is not your turn."),
  busy: () => new Refused("conflict", "Finish or surrender your current battle first."),
  foreign: () =>
    new Refused(
      "conflict",
      "This battle was started by an earlier version of the game and has been closed; start it again.",
    ),
  signInAgain: () => new Refused("unknown_player", "Please sign in again."),
  arenaLocked: () => new Refused("forbidden", MESSAGES.arenaLocked),
  deckTooSmall: () => new Refused("deck_too_small", MESSAGES.deckTooSmall),
  invalid: (message: string) => new Refused("invalid", message),
  notFound: (message: string) => new Refused("not_found", message),
  forbidden: (message: string) => new Refused("forbidden", message),
  conflict: (message: string) => new Refused("conflict", message),
};

/** An engine refusal: turn order and staleness are conflicts, the rest invalid moves. */
export function engineRefusal(code: EngineErrorCode, message: string): Refused {
  switch (code) {
    case "not_your_turn":
      return refuse.notYourTurn();
    case "stale_version":
      return refuse.movedOn();
    case "battle_over":
      return refuse.over();
    default:
      return refuse.invalid(message);
  }
}
