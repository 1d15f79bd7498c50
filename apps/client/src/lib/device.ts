import { LOGIN_LOADING_MAX_MS, LOGIN_LOADING_MAX_MS_FAST_DEVICE } from "@cardrealm/protocol";

interface NavigatorWithMemory extends Navigator {
  deviceMemory?: number;
}

/** The "one device class" of product.md: two cores or fewer and 2 GB or less. */
export function isLowEndDevice(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const cores = nav.hardwareConcurrency;
  const memory = (nav as NavigatorWithMemory).deviceMemory;
  return typeof cores === "number" && cores <= 2 && typeof memory === "number" && memory <= 2;
}

/** The longest the login loading may wait for image preloading. */
export function preloadBudgetMs(): number {
  return isLowEndDevice() ? LOGIN_LOADING_MAX_MS_FAST_DEVICE : LOGIN_LOADING_MAX_MS;
}

/** A touch-first device (phone, tablet, mobile webview). */
export function isTouchDevice(): boolean {
  if (typeof window === "undefined") return false;
  const coarse = window.matchMedia?.("(pointer: coarse)").matches ?? false;
  return coarse || (globalThis.navigator?.maxTouchPoints ?? 0) > 0;
}

/**
 * The phone layout (the "Phone" sections of battle-phone.css, deck-phone.css and the
 * card views): a window at most 480 px high, where the 1280x720 stage is
 * drawn at about half size. Its cards show their name, cost and stats in
 * large type, and a tap opens a card large (docs/mobile.md).
 */
export const COMPACT_QUERY = "(max-height: 480px)";

export function isCompactScreen(): boolean {
  return (
    typeof globalThis.matchMedia === "function" && globalThis.matchMedia(COMPACT_QUERY).matches
  );
}

/** Inside a parent page (partner platform iframe). */
export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}
