import type { StateMessage } from "@cardrealm/engine";
import type { SpectateView } from "@cardrealm/protocol";
import { setRoute } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { checkedView, socialApi, watchErrorText } from "./social-api.ts";
import { setSpectateHandler } from "./spectate-inbox.ts";
import { idleWatch, watchStore } from "./watch-store.ts";

/**
 * Watching a friend's PvP game (issue 24 item 4): the watch call's first
 * view, then each `spectate` channel message, shown on the battle screen
 * read-only (the replay viewer's board, connected below). The server sends
 * only the public view a turn behind; this keeps the newest one in
 * watch-store.ts.
 */
export { useWatch, type WatchState, watchStore } from "./watch-store.ts";

/**
 * The board a watched game is shown on: the battle screen's, read-only
 * (features/battle replay-board.ts). This feature does not import the
 * battle: the shell connects it (features/shell/board-ports.ts).
 */
export interface WatchBoard {
  /** The board as it stood after these messages, at once. */
  show(messages: readonly StateMessage[]): void;
  /** Forgets the board. */
  dispose(): void;
  /** Keeps the deferred dispose of the screen it replaced from taking the watched board. */
  keep(): void;
}

function unconnected(): never {
  throw new Error("The watch board is not connected (features/shell/board-ports.ts).");
}

let board: WatchBoard = { show: unconnected, dispose: unconnected, keep: unconnected };

export function connectWatchBoard(watchBoard: WatchBoard): void {
  board = watchBoard;
}

/** The connected board (the viewer keeps it on mount). */
export function watchBoard(): WatchBoard {
  return board;
}

export const WATCH_PARAM = "watch";

/** The game id of a ?watch= link, if the address has one. */
export function watchGameIn(search: string): string | null {
  const id = new URLSearchParams(search).get(WATCH_PARAM)?.trim();
  return id ? id : null;
}

/** Whether `next` should replace what is shown: later turns, the end, a new count of the same. */
export function isNewer(shown: SpectateView | null, next: SpectateView): boolean {
  if (!shown) return true;
  if (shown.over) return false;
  if (next.over) return true;
  return next.shown_turn >= shown.shown_turn;
}

/** A view for the game being watched: shown if newer (others are dropped). */
export function applyView(view: SpectateView): void {
  const s = watchStore.get();
  if (s.gameId !== view.game_id || !isNewer(s.view, view)) return;
  watchStore.set({ view, status: "ready", error: null });
  if (view.messages.length > 0) board.show(view.messages);
}

/** Opens the watch screen on a game. */
export async function openWatch(gameId: string): Promise<void> {
  watchStore.reset({ gameId, status: "loading", view: null, error: null });
  setRoute("game");
  try {
    applyView(await socialApi.watch(gameId));
  } catch (error) {
    if (watchStore.get().gameId === gameId)
      watchStore.set({ status: "error", error: watchErrorText(error) });
  }
}

// The channel's spectate messages (spectate-inbox.ts): a view this page cannot read is dropped.
setSpectateHandler((data) => {
  try {
    applyView(checkedView(data.view));
  } catch {
    // The next turn's view replaces it.
  }
});

/** Stops watching (the screen closed): the server is told, the board goes. */
export function stopWatch(): void {
  const { gameId, status } = watchStore.get();
  if (gameId && status !== "error") void socialApi.unwatch(gameId).catch(() => {});
  watchStore.reset(idleWatch);
  if (battleStore.get().mode === "replay") board.dispose();
}

/** The Leave button: stop watching and go back to the map. */
export function closeWatch(): void {
  stopWatch();
  setRoute("home");
}
