import { useEffect } from "react";
import { openWatch, WATCH_PARAM, watchGameIn } from "./watch-player.ts";

/** Drop ?watch= from the address so a reload does not open it again. */
function forgetWatchParam(): void {
  try {
    const url = new URL(window.location.href);
    url.searchParams.delete(WATCH_PARAM);
    window.history.replaceState(window.history.state, "", url.toString());
  } catch {
    // Old browsers: the watch simply opens again on reload.
  }
}

/**
 * A watch link (/?watch=<game id>, the friends list's Watch button) opened
 * the game: once signed in, the watch screen opens on that game. Also
 * follows a Watch that changed the address without a reload. Renders nothing.
 */
export default function WatchLink() {
  useEffect(() => {
    const check = () => {
      const gameId = watchGameIn(window.location.search);
      if (!gameId) return;
      forgetWatchParam();
      void openWatch(gameId);
    };
    check();
    window.addEventListener("popstate", check);
    return () => window.removeEventListener("popstate", check);
  }, []);
  return null;
}
