import { lazy, Suspense, useEffect } from "react";
import { SystemDialog } from "../components/system-dialog/system-dialog.tsx";
import { LoadingPopup } from "../features/loading/loading-popup.tsx";
import { LoginScreen } from "../features/login/login-screen.tsx";
import { watchOrientationForRefresh } from "../lib/webview.ts";
import { appStore, useAppStore } from "../stores/app-store.ts";
import { useLoadingStore } from "../stores/loading-store.ts";
import { RotateScreen, useNeedsRotation } from "./rotate-screen.tsx";
import { isResuming } from "./session.ts";
import { Stage } from "./stage.tsx";
import "./app.css";

/** Everything after login lives in lazily loaded chunks, so the login screen stays small. */
const loadShell = () => import("../features/shell/shell.tsx");
const Shell = lazy(loadShell);
/** The map, the shell's first screen: fetched beside the shell rather than after it renders. */
const loadMap = () => import("../features/map/map-screen.tsx");

/**
 * product.md section 7: on an orientation change while logged out on mobile
 * outside the app, ask the parent page to refresh.
 */
function useRefreshParentOnRotate(isAuth: boolean): void {
  useEffect(() => {
    if (isAuth) return;
    // lib/webview.ts: only on mobile, outside the app, inside a parent page.
    return watchOrientationForRefresh({ loggedOut: () => !appStore.get().isAuth });
  }, [isAuth]);
}

function ScreenFallback() {
  return (
    <div className="screen-fallback" role="status">
      <span className="screen-fallback__sigil" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

export function App() {
  const isAuth = useAppStore((s) => s.isAuth);
  const loadingVisible = useLoadingStore((s) => s.visible);
  const needsRotation = useNeedsRotation();
  useRefreshParentOnRotate(isAuth);

  // Fetch the post-login code while the loading popup works, so the map opens at once.
  useEffect(() => {
    if (!loadingVisible) return;
    void loadShell().catch(() => {});
    void loadMap().catch(() => {});
  }, [loadingVisible]);

  return (
    <>
      {needsRotation && <RotateScreen />}
      <Stage hidden={needsRotation}>
        {isAuth ? (
          <Suspense fallback={<ScreenFallback />}>
            <Shell />
          </Suspense>
        ) : loadingVisible && isResuming() ? null : (
          // A resuming session shows the map's art (index.html) under its popup, not the login.
          <LoginScreen />
        )}
        <LoadingPopup />
        <SystemDialog />
      </Stage>
    </>
  );
}
