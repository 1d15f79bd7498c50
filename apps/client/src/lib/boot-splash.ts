/**
 * The app shell of index.html: before any script runs, the page paints the
 * screen it will open on (the login, or the world map when a stored token
 * resumes the session) with that screen's own art, in the same file and box
 * as React's. React's stage stays see-through while it is there. The screen
 * it shows keeps it as its art (and draws its buttons over it); any other
 * screen removes it once its entrance has been drawn. A phone's first paint
 * is then the real screen's largest picture, and React never paints a second
 * copy of it (bench/web/lighthouse.ts, LCP).
 */
import { useEffect, useState } from "react";

export type BootMode = "login" | "map";

/** How long a screen's entrance animation runs (theme.css screen-in, ~380 ms), plus a margin. */
export const ENTRANCE_MS = 450;

function root(doc: Document | undefined): HTMLElement | null {
  return doc?.documentElement ?? null;
}

/** The screen index.html painted, or null once the splash is gone (or in tests). */
export function bootMode(doc: Document | undefined = globalThis.document): BootMode | null {
  const mode = root(doc)?.getAttribute("data-boot");
  return mode === "login" || mode === "map" ? mode : null;
}

/**
 * Removes the splash once the screen now showing has drawn its entrance
 * (until then the splash is what the player sees under it). Safe to call again.
 */
export function dismissBootSplash(
  doc: Document | undefined = globalThis.document,
  later: (run: () => void) => void = (run) => setTimeout(run, ENTRANCE_MS),
): void {
  if (!bootMode(doc)) return;
  later(() => {
    root(doc)?.removeAttribute("data-boot");
    root(doc)?.removeAttribute("data-boot-live");
    doc?.getElementById("boot-splash")?.remove();
  });
}

/**
 * For a screen index.html may have painted: true when the splash shows this
 * screen's art (the screen then leaves its own backdrop empty), decided once
 * when the screen mounts. A screen the splash does not show removes it.
 */
export function useOverBootSplash(mode: BootMode): boolean {
  const [over] = useState(() => bootMode() === mode);
  useEffect(() => {
    if (!over) dismissBootSplash();
    // The screen draws its own logo and buttons now: the splash keeps only the backdrop.
    else root(globalThis.document)?.setAttribute("data-boot-live", "");
  }, [over]);
  return over;
}
