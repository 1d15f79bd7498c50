import { type SpectateView, SpectateViewSchema } from "@cardrealm/protocol";
import { ApiError, call } from "../../lib/api.ts";

/**
 * The watch calls (issue 24 item 4; docs/protocol.md); emotes are sent by
 * emote-store.ts. A
 * spectator's view drives the battle screen, so it is checked against the
 * protocol's schema at the door.
 */
export function checkedView(data: unknown): SpectateView {
  const parsed = SpectateViewSchema.safeParse(data);
  if (!parsed.success)
    throw new ApiError(200, "bad_response", "The server sent a game this page cannot read.");
  return parsed.data;
}

export const socialApi = {
  watch: async (gameId: string): Promise<SpectateView> =>
    checkedView(await call<unknown>("POST", "/api/game/pvp/watch", { body: { game_id: gameId } })),
  unwatch: (gameId: string) =>
    call<{ watching: false }>("POST", "/api/game/pvp/unwatch", { body: { game_id: gameId } }),
};

/** What a failed watch means to the player. */
export function watchErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return "The game server cannot be reached. Check your connection and try again.";
    if (error.status === 404)
      return "There is no game of a friend to watch here: it may have ended already.";
    return error.message;
  }
  return "The game could not be opened. Try again.";
}
