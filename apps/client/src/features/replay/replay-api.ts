import {
  type Replay,
  ReplayListSchema,
  ReplaySchema,
  type ReplayShare,
  ReplayShareSchema,
  type ReplaySummary,
} from "@cardrealm/protocol";
import { type AnswerSchema, ApiError, call, checkedAnswer } from "../../lib/api.ts";

/**
 * The replay calls (issue 16, packages/protocol
 * replays.ts). Every answer is checked against the protocol's schema: a
 * replay drives the battle screen, and a malformed one must stop at the
 * door with a clear error rather than half-animate a board.
 */

function checked<T>(schema: AnswerSchema<T>, data: unknown): T {
  return checkedAnswer(schema, data, "The server sent a replay this game cannot read.");
}

export const replayApi = {
  /** The player's last finished battles, newest first. */
  list: async (): Promise<ReplaySummary[]> =>
    checked(ReplayListSchema, await call<unknown>("GET", "/api/replays")),
  /** One of the player's own battles. */
  get: async (id: string): Promise<Replay> =>
    checked(ReplaySchema, await call<unknown>("GET", `/api/replays/${encodeURIComponent(id)}`)),
  /** A battle someone shared, by its share id. */
  shared: async (shareId: string): Promise<Replay> =>
    checked(
      ReplaySchema,
      await call<unknown>("GET", `/api/replays/shared/${encodeURIComponent(shareId)}`),
    ),
  /** Shares one of the player's battles (the same share id each time). */
  share: async (id: string): Promise<ReplayShare> =>
    checked(
      ReplayShareSchema,
      await call<unknown>("POST", `/api/replays/${encodeURIComponent(id)}/share`),
    ),
};

/**
 * What a failed replay call means to the player, and what to do next
 * (404 gone or never theirs, 409 recorded by an older version, no network).
 */
export function replayErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return "The realm's archive cannot be reached. Check your connection and try again.";
    if (error.status === 404)
      return "This battle is not in the archive: the link may be mistyped, or the battle is not yours to watch. Ask for a fresh link.";
    if (error.status === 409)
      return "This battle was recorded by an older version of the game and can no longer be replayed.";
    if (error.status === 403)
      return "This battle is not yours to watch. Ask its player to share it.";
    return error.message;
  }
  return "The replay could not be opened. Try again.";
}
