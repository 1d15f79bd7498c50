// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { payThroughAndroid } from "./payment-bridge.ts";
import {
  ANDROID_EVENT,
  installAndroidReceive,
  installMobileErrorGuard,
  MAX_ERROR_REPORTS,
  type WebviewWindow,
  watchOrientationForRefresh,
} from "./webview.ts";

interface FakeWindow extends WebviewWindow {
  posted: unknown[];
  fire(event: Event): boolean;
}

function fakeWindow(): FakeWindow {
  const target = new EventTarget();
  const posted: unknown[] = [];
  return {
    posted,
    parent: { postMessage: (message: unknown) => posted.push(message) },
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener),
    dispatchEvent: (event) => target.dispatchEvent(event),
    fire: (event) => target.dispatchEvent(event),
  };
}

afterEach(() => vi.restoreAllMocks());

describe("refresh_page on an orientation change", () => {
  const mobileOutsideApp = { mobile: () => true, inApp: () => false, embedded: () => true };

  it("is posted to the parent while logged out on mobile outside the app", () => {
    const win = fakeWindow();
    let loggedOut = true;
    const stop = watchOrientationForRefresh(
      { ...mobileOutsideApp, loggedOut: () => loggedOut },
      win,
    );
    win.fire(new Event("orientationchange"));
    expect(win.posted).toEqual([{ type: "refresh_page" }]);
    // Signed in: a rotation keeps the game as it is.
    loggedOut = false;
    win.fire(new Event("orientationchange"));
    expect(win.posted).toHaveLength(1);
    stop();
    loggedOut = true;
    win.fire(new Event("orientationchange"));
    expect(win.posted).toHaveLength(1);
  });

  it("is not posted on desktop or inside the Android app", () => {
    const desktop = fakeWindow();
    watchOrientationForRefresh(
      { ...mobileOutsideApp, mobile: () => false, loggedOut: () => true },
      desktop,
    );
    desktop.fire(new Event("orientationchange"));
    const app = fakeWindow();
    watchOrientationForRefresh(
      { ...mobileOutsideApp, inApp: () => true, loggedOut: () => true },
      app,
    );
    app.fire(new Event("orientationchange"));
    expect(desktop.posted).toEqual([]);
    expect(app.posted).toEqual([]);
  });
});

describe("the Android receive function", () => {
  it("hands a payment callback (JSON string) to the waiting payment", async () => {
    const win = fakeWindow();
    installAndroidReceive(win);
    const calls: string[] = [];
    // The app may have kept the receive it saw at load: ours, not the payment's wrapper.
    const appReceive = win.receive as (d: unknown) => void;
    const bridgeWin = {
      parent: { postMessage: () => {} },
      addEventListener: () => {},
      removeEventListener: () => {},
      Android: { payment: (payload: string) => calls.push(payload) },
    };
    const answer = payThroughAndroid(
      {
        order_id: "o1",
        id: 1,
        price: 100,
        count: 500,
        description: "",
        name: "Gems",
        image_url: "",
      },
      bridgeWin,
    );
    expect(calls).toHaveLength(1);
    appReceive(JSON.stringify({ type: "payment_callback", payment_id: "p9", status: 2 }));
    await expect(answer).resolves.toMatchObject({ paid: true, paymentId: "p9" });
  });

  it("announces other data as a DOM event and passes it to a receive the app set first", () => {
    const win = fakeWindow();
    const earlier: unknown[] = [];
    win.receive = (d: unknown) => earlier.push(d);
    installAndroidReceive(win);
    const seen: unknown[] = [];
    win.addEventListener(ANDROID_EVENT, (e) => seen.push((e as CustomEvent).detail));
    vi.spyOn(console, "info").mockImplementation(() => {});
    (win.receive as (d: unknown) => void)('{"type":"back_pressed"}');
    expect(seen).toEqual([{ type: "back_pressed" }]);
    expect(earlier).toEqual(['{"type":"back_pressed"}']);
  });

  it("survives garbage", () => {
    const win = fakeWindow();
    installAndroidReceive(win);
    vi.spyOn(console, "info").mockImplementation(() => {});
    expect(() => (win.receive as (d: unknown) => void)("{not json")).not.toThrow();
  });
});

describe("uncaught errors on mobile", () => {
  function errorEvent(message: string): Event {
    const e = new Event("error", { cancelable: true });
    Object.assign(e, { message, error: new Error(message), filename: "app.js", lineno: 3 });
    return e;
  }

  it("are logged, reported and suppressed", () => {
    const win = fakeWindow();
    const reports: Record<string, unknown>[] = [];
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    installMobileErrorGuard({ mobile: () => true, report: (d) => reports.push(d) }, win);
    const event = errorEvent("boom");
    win.fire(event);
    expect(event.defaultPrevented).toBe(true);
    expect(reports[0]).toMatchObject({ kind: "error", message: "Error: boom", line: 3 });
    expect(consoleError).toHaveBeenCalled();

    const rejection = new Event("unhandledrejection", { cancelable: true });
    Object.assign(rejection, { reason: new TypeError("late") });
    win.fire(rejection);
    expect(rejection.defaultPrevented).toBe(true);
    expect(reports[1]).toMatchObject({ kind: "rejection", message: "TypeError: late" });
  });

  it("report at most a few per page", () => {
    const win = fakeWindow();
    const reports: unknown[] = [];
    vi.spyOn(console, "error").mockImplementation(() => {});
    installMobileErrorGuard({ mobile: () => true, report: (d) => reports.push(d) }, win);
    for (let i = 0; i < MAX_ERROR_REPORTS + 5; i++) win.fire(errorEvent(`e${i}`));
    expect(reports).toHaveLength(MAX_ERROR_REPORTS);
  });

  it("are left alone on desktop", () => {
    const win = fakeWindow();
    const reports: unknown[] = [];
    installMobileErrorGuard({ mobile: () => false, report: (d) => reports.push(d) }, win);
    const event = errorEvent("desktop");
    win.fire(event);
    expect(event.defaultPrevented).toBe(false);
    expect(reports).toEqual([]);
  });
});
