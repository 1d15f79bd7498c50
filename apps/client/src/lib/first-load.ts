import { useEffect, useState } from "react";

/** The least time a screen shows before its endless loops start. */
export const SETTLE_MIN_MS = 2500;
/** The most: past it the loops start even if the first load's background work still runs. */
export const SETTLE_MAX_MS = 8000;

/**
 * Whether the page's first load has settled: the first screen has shown for
 * SETTLE_MIN_MS and the first load's background work (`settleAfter`: the card
 * pictures, app/session.ts) is done, or SETTLE_MAX_MS passed since it showed.
 * Endless ambient loops wait for it (docs/decisions.md, "Ambient loops start
 * after the first load settles"): each is a frame a second the page draws
 * while Lighthouse, and a phone, are still loading it. Once settled, the page
 * stays so.
 */
let settled = false;
let background: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();

function settle(): void {
  if (settled) return;
  settled = true;
  for (const tell of [...listeners]) tell();
}

/** The first load's background work: the loops wait for it (at most SETTLE_MAX_MS). */
export function settleAfter(work: Promise<unknown>): void {
  const before = background;
  background = Promise.all([before, work.catch(() => undefined)]);
}

/** True once the first load has settled; a screen mounting before that counts from its mount. */
export function useFirstLoadSettled(): boolean {
  const [now, setNow] = useState(settled);
  useEffect(() => {
    if (settled) {
      setNow(true);
      return;
    }
    let live = true;
    const tell = () => {
      if (live) setNow(true);
    };
    listeners.add(tell);
    // The background work as it stands then (session.ts adds it as the map first shows).
    const least = setTimeout(() => {
      void background.then(settle);
    }, SETTLE_MIN_MS);
    const most = setTimeout(settle, SETTLE_MAX_MS);
    return () => {
      live = false;
      listeners.delete(tell);
      clearTimeout(least);
      clearTimeout(most);
    };
  }, []);
  return now;
}

/** Tests: the page as freshly loaded. */
export function resetFirstLoad(): void {
  settled = false;
  background = Promise.resolve();
  listeners.clear();
}
