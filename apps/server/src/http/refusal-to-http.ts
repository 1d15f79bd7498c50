import type { ErrorCode } from "@cardrealm/protocol";
import type { Outcome, RefusalKind } from "../services/outcome.ts";
import { HttpError } from "./http-error.ts";

const STATUS: Record<RefusalKind, [number, ErrorCode]> = {
  unknown_player: [401, "unauthorized"],
  not_found: [404, "not_found"],
  invalid: [400, "bad_request"],
  forbidden: [403, "forbidden"],
  conflict: [409, "conflict"],
  not_enough_gems: [402, "not_enough_gems"],
  deck_too_small: [400, "deck_too_small"],
  replay_unavailable: [409, "replay_unavailable"],
  rate_limited: [429, "rate_limited"],
};

/** The HTTP status a refusal answers (the admin command logs it like a route would). */
export const statusOfRefusal = (kind: RefusalKind): number => STATUS[kind][0];

/** A service's outcome as a route answers it: the value, or the refusal as an HTTP error. */
export function valueOrHttpError<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const [status, code] = STATUS[outcome.refusal.kind];
  throw new HttpError(status, code, outcome.refusal.message);
}
