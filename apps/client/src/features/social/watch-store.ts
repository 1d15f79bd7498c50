import type { SpectateView } from "@cardrealm/protocol";
import { createStore, useStore } from "../../stores/create-store.ts";

/**
 * What the watch screen shows (issue 24 item 4): the game watched and its
 * newest public view. Its own small module so the shell can ask "is a game
 * watched?" (the guide stays away) without loading the battle's chunk;
 * watch-player.ts fills it.
 */
export interface WatchState {
  gameId: string | null;
  status: "idle" | "loading" | "ready" | "error";
  view: SpectateView | null;
  error: string | null;
}

export const idleWatch: WatchState = { gameId: null, status: "idle", view: null, error: null };

export const watchStore = createStore<WatchState>(idleWatch);

export function useWatch<T>(select: (s: WatchState) => T): T {
  return useStore(watchStore, select);
}
