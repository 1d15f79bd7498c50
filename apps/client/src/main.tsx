import "./lib/zod-no-eval.ts";
import "@fontsource/cinzel/400.css";
import "@fontsource/cinzel/700.css";
import "@fontsource/cinzel/900.css";
import "@fontsource/nunito/400.css";
import "@fontsource/nunito/700.css";
import "@fontsource/nunito/800.css";
import "@fontsource/nunito/900.css";
import "./app/theme.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { dropTokenOfAnotherPartnerPlayer, resumeSession } from "./app/session.ts";
import { installWebview } from "./lib/webview.ts";
import { appStore } from "./stores/app-store.ts";

// Android data in, refresh_page out, uncaught errors kept quiet on mobile.
installWebview();
// A stored token goes straight to the map (after a short loading popup), unless the
// partner launched the game for another player than the token's: then Play signs in anew.
dropTokenOfAnotherPartnerPlayer(window.location.search);
resumeSession();
// The realtime channel follows the session (open while signed in). Its code, with the
// message schemas (zod, ~25 KB gzip), loads at the first sign-in, not with the login screen.
const stopWaitingForSignIn = appStore.subscribe(() => {
  if (!appStore.get().isAuth) return;
  stopWaitingForSignIn();
  void loadRealtime().then((m) => m.startRealtime());
});

/**
 * The channel's code in two tasks, with a turn of the event loop between: an
 * import evaluates its whole module graph in one task, and building the zod
 * schemas of the channel's messages was one 36 ms task at 1x (~140 ms on
 * Lighthouse's 4x phone) in the map's first frames (bench/web/load-tasks.ts).
 * The social inbox brings the state messages' schemas; the rest follows.
 */
async function loadRealtime() {
  await import("./features/social/spectate-inbox.ts");
  await new Promise((next) => setTimeout(next, 0));
  return import("./features/shell/realtime.ts");
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
