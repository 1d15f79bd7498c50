import { useEffect } from "react";
import { REPLAY_PARAM, replayShareIn } from "../../lib/replay-links.ts";
import { setReplay } from "../../stores/app-store.ts";

/** Drop ?replay= from the address so a reload does not open the replay again. */
function forgetReplayParam(): void {
  try {
    const url = new URL(window.location.href);
    url.searchParams.delete(REPLAY_PARAM);
    window.history.replaceState(window.history.state, "", url.toString());
  } catch {
    // Old browsers: the replay simply opens again on reload.
  }
}

/**
 * A replay link (/?replay=<share id>) opened the game: once signed in (the
 * login screen asked first), the viewer opens on the shared battle. Renders
 * nothing.
 */
export default function SharedReplayLink() {
  useEffect(() => {
    const shareId = replayShareIn(window.location.search);
    if (!shareId) return;
    forgetReplayParam();
    setReplay({ source: { kind: "shared", shareId }, returnTo: "home" });
  }, []);
  return null;
}
