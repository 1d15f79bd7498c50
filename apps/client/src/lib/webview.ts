/**
 * The mobile and webview side of the page (product.md sections 1, 7 and 8):
 *
 * - Android sends data in through a global `window.receive(data)` (a JSON
 *   string or an object): a payment_callback goes to the waiting payment
 *   (payment-bridge.ts); anything else is announced as a `cardrealm:android`
 *   DOM event for whoever listens, and logged.
 * - On an orientation change while logged out, on mobile, outside the app,
 *   the page asks its parent to reload with a `{type: "refresh_page"}` message.
 * - On mobile, uncaught errors and rejections are logged (console and
 *   POST /api/player/events as client_error) and suppressed, so a webview
 *   shows no error page or native alert.
 *
 * Landscape-only (app/rotate-screen.tsx) and zoom by window height
 * (app/stage.tsx) live with the app shell. Everything here takes the window as
 * a parameter so tests can hand in a stand-in.
 */
import type { TextJson } from "@cardrealm/protocol";
import { sendEvent } from "./api.ts";
import { isEmbedded, isTouchDevice } from "./device.ts";
import { isAndroidApp, receiveAndroidPayment } from "./payment-bridge.ts";

/** The window parts this module uses. */
export interface WebviewWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  addEventListener(type: string, listener: (event: Event) => void, options?: boolean): void;
  removeEventListener(type: string, listener: (event: Event) => void, options?: boolean): void;
  dispatchEvent?(event: Event): boolean;
  receive?: unknown;
}

function currentWindow(): WebviewWindow {
  return window as unknown as WebviewWindow;
}

/** A phone or tablet, or the Android app. */
export function isMobile(): boolean {
  return isTouchDevice() || isAndroidApp();
}

// --- Android: the global receive function ---------------------------------------

export const ANDROID_EVENT = "cardrealm:android";

function parse(data: unknown): unknown {
  if (typeof data !== "string") return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Installs `window.receive`. A receive that is already there (set by the app
 * before the game loaded) still gets the data we do not handle.
 */
export function installAndroidReceive(win: WebviewWindow = currentWindow()): void {
  const previous = typeof win.receive === "function" ? (win.receive as (d: unknown) => void) : null;
  if ((previous as { cardrealm?: true } | null)?.cardrealm) return;
  const receive = (data: unknown): void => {
    try {
      if (receiveAndroidPayment(data)) return;
      const detail = parse(data);
      console.info("[android] received", detail);
      win.dispatchEvent?.(new CustomEvent(ANDROID_EVENT, { detail }));
      previous?.(data);
    } catch (error) {
      // Data from the app must never crash the page.
      console.warn("[android] could not handle data", error);
    }
  };
  win.receive = Object.assign(receive, { cardrealm: true as const });
}

// --- refresh_page ------------------------------------------------------------------

export interface RefreshConditions {
  loggedOut: () => boolean;
  mobile: () => boolean;
  /** Inside the Android app (which handles rotation itself). */
  inApp: () => boolean;
  /** Inside a parent page (only a parent can refresh us). */
  embedded: () => boolean;
}

const defaultConditions: Omit<RefreshConditions, "loggedOut"> = {
  mobile: isTouchDevice,
  inApp: () => isAndroidApp(),
  embedded: isEmbedded,
};

/**
 * Posts `{type: "refresh_page"}` to the parent on each orientation change that
 * happens while logged out on mobile outside the app. Returns the unsubscribe.
 */
export function watchOrientationForRefresh(
  conditions: Partial<RefreshConditions> & Pick<RefreshConditions, "loggedOut">,
  win: WebviewWindow = currentWindow(),
): () => void {
  const c = { ...defaultConditions, ...conditions };
  const onChange = () => {
    if (!c.loggedOut() || !c.mobile() || c.inApp() || !c.embedded()) return;
    try {
      win.parent.postMessage({ type: "refresh_page" }, "*");
    } catch {
      // The parent is gone; nothing to tell.
    }
  };
  win.addEventListener("orientationchange", onChange);
  return () => win.removeEventListener("orientationchange", onChange);
}

// --- uncaught errors on mobile -----------------------------------------------------

/** At most this many errors are reported per page, so a loop cannot flood the server. */
export const MAX_ERROR_REPORTS = 10;

export type ErrorReporter = (data: Record<string, TextJson>) => void;

const defaultReporter: ErrorReporter = (data) => sendEvent("client_error", data);

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return String(reason).slice(0, 300);
}

/**
 * On mobile: logs and suppresses uncaught errors and unhandled rejections.
 * Elsewhere nothing changes (desktop developers see them as usual).
 */
export function installMobileErrorGuard(
  options: { mobile?: () => boolean; report?: ErrorReporter } = {},
  win: WebviewWindow = currentWindow(),
): () => void {
  const mobile = options.mobile ?? isMobile;
  if (!mobile()) return () => {};
  const report = options.report ?? defaultReporter;
  let reported = 0;
  const log = (data: Record<string, TextJson>) => {
    console.error("[uncaught]", data);
    if (reported >= MAX_ERROR_REPORTS) return;
    reported += 1;
    try {
      report(data);
    } catch {
      // Reporting is best effort.
    }
  };
  const onError = (event: Event) => {
    const e = event as ErrorEvent;
    log({
      kind: "error",
      message: describe(e.error ?? e.message),
      source: e.filename ?? "",
      line: e.lineno ?? 0,
    });
    event.preventDefault();
  };
  const onRejection = (event: Event) => {
    const e = event as PromiseRejectionEvent;
    log({ kind: "rejection", message: describe(e.reason) });
    event.preventDefault();
  };
  win.addEventListener("error", onError);
  win.addEventListener("unhandledrejection", onRejection);
  return () => {
    win.removeEventListener("error", onError);
    win.removeEventListener("unhandledrejection", onRejection);
  };
}

/** Called once at start (main.tsx). */
export function installWebview(): void {
  installAndroidReceive();
  installMobileErrorGuard();
}
