/**
 * Gem-shop payments (product.md sections 4 and 7, Payment). A tap creates an
 * order on our server; the order then goes to whoever takes the money:
 *
 * - the native Android app, through its JavaScript bridge (window.Android),
 *   which answers through the global window.receive(data) with
 *   {type: "payment_callback", payment_id, status}; status 2 is paid;
 * - the partner page we are embedded in (window.parent !== window), as a
 *   postMessage {type: "payment", order}; it answers with
 *   {type: "payment_callback", order: {responseCode, paymentId}}; "ok" is paid;
 * - in local play (neither), the sandbox: the gem shop shows a test-payment
 *   dialog and the server's sandbox stands in for the platform.
 *
 * A paid answer is confirmed with POST /api/{partner}/payment/implement, which
 * answers once the platform's own signed notice reached our server (that
 * notice, not this page, credits the gems; implement is asked again for a
 * few seconds while it is on its way). Any other answer ends the payment
 * silently. Orders go only to the partner's origin (FRAME_ANCESTORS), never
 * to "*", and only that origin's answers are heard.
 */
import { MESSAGES, type PaymentBox, type PaymentOrder, type User } from "@cardrealm/protocol";
import { ApiError, call } from "./api.ts";

export const paymentApi = {
  boxes: (partner: string) =>
    call<PaymentBox[]>("GET", `/api/${encodeURIComponent(partner)}/payment/boxes`),
  create: (partner: string, id: number) =>
    call<PaymentOrder>("POST", `/api/${encodeURIComponent(partner)}/payment/create`, {
      body: { id },
    }),
  implement: (partner: string, paymentId: string | number) =>
    call<User>("POST", `/api/${encodeURIComponent(partner)}/payment/implement`, {
      body: { payment_id: paymentId },
    }),
  /** Local sandbox only (partner "local", not in production). */
  sandboxPay: (partner: string, orderId: string) =>
    call<{ payment_id: string }>(
      "POST",
      `/api/${encodeURIComponent(partner)}/payment/sandbox-pay`,
      {
        body: { order_id: orderId },
      },
    ),
};

// --- the window we talk through (a stand-in in tests) -------------------------

export interface BridgeWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  location?: { search: string; origin?: string; ancestorOrigins?: ArrayLike<string> };
  document?: { referrer: string };
  navigator?: { userAgent: string };
  Android?: unknown;
  AndroidBridge?: unknown;
  receive?: unknown;
}

function currentWindow(): BridgeWindow {
  return window as unknown as BridgeWindow;
}

/** Method names an app's payment bridge may use, most likely first. */
const NATIVE_PAY_METHODS = ["payment", "pay", "startPayment", "initPayment", "purchase"] as const;

type NativeBridge = Record<string, unknown>;

/** The native bridge object of the Android app, when the page runs inside it. */
export function nativeBridge(win: BridgeWindow = currentWindow()): NativeBridge | null {
  const candidate = win.Android ?? win.AndroidBridge;
  return candidate && typeof candidate === "object" ? (candidate as NativeBridge) : null;
}

function nativePayMethod(bridge: NativeBridge): ((payload: string) => unknown) | null {
  for (const name of NATIVE_PAY_METHODS) {
    const fn = bridge[name];
    if (typeof fn === "function") return (payload) => fn.call(bridge, payload);
  }
  return null;
}

/**
 * Inside the Android app even when its bridge did not load: the app opens the
 * game with ?app=android (or platform=android) or marks its user agent.
 */
export function isAndroidApp(win: BridgeWindow = currentWindow()): boolean {
  if (nativeBridge(win)) return true;
  const query = new URLSearchParams(win.location?.search ?? "");
  const flag = (query.get("app") ?? query.get("platform") ?? "").toLowerCase();
  if (flag === "android") return true;
  return /CardrealmApp/i.test(win.navigator?.userAgent ?? "");
}

export type PaymentChannel = "android" | "android-missing" | "parent" | "sandbox";

export function paymentChannel(win: BridgeWindow = currentWindow()): PaymentChannel {
  const bridge = nativeBridge(win);
  if (bridge) return nativePayMethod(bridge) ? "android" : "android-missing";
  if (isAndroidApp(win)) return "android-missing";
  let embedded: boolean;
  try {
    embedded = (win.parent as unknown) !== win;
  } catch {
    embedded = true;
  }
  return embedded ? "parent" : "sandbox";
}

// --- callbacks -------------------------------------------------------------------

/** What the platform said about a payment. */
export interface PaymentCallback {
  paid: boolean;
  paymentId: string | number | null;
  /** The platform's own code ("ok", "cancel", 2, …), for logs. */
  code: string;
}

type Waiter = (callback: PaymentCallback) => void;
let waiter: Waiter | null = null;
/** A paid callback that came after we stopped waiting (the player closed the overlay). */
let lateHandler: ((callback: PaymentCallback) => void) | null = null;

function deliver(callback: PaymentCallback): void {
  const w = waiter;
  if (w) {
    waiter = null;
    w(callback);
  } else if (callback.paid) {
    lateHandler?.(callback);
  }
}

function parse(data: unknown): Record<string, unknown> | null {
  let value = data;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
}

/** {type: "payment_callback", order: {responseCode, paymentId}} from the parent page. */
export function parentCallback(data: unknown): PaymentCallback | null {
  const message = parse(data);
  if (message?.type !== "payment_callback") return null;
  const order = parse(message.order) ?? {};
  const code = String(order.responseCode ?? "");
  const id = order.paymentId;
  return {
    paid: code === "ok",
    paymentId: typeof id === "string" || typeof id === "number" ? id : null,
    code,
  };
}

/** {type: "payment_callback", payment_id, status} from the Android app (status 2 is paid). */
export function androidCallback(data: unknown): PaymentCallback | null {
  const message = parse(data);
  if (message?.type !== "payment_callback") return null;
  const body = parse(message.data) ?? parse(message.order) ?? message;
  const id = body.payment_id ?? body.paymentId;
  const status = Number(body.status);
  return {
    paid: status === 2,
    paymentId: typeof id === "string" || typeof id === "number" ? id : null,
    code: String(body.status ?? ""),
  };
}

/**
 * Android data that came in through the global receive function installed at
 * start (lib/webview.ts): a payment_callback reaches the waiting payment.
 * Returns false for other data.
 */
export function receiveAndroidPayment(data: unknown): boolean {
  const callback = androidCallback(data);
  if (!callback) return false;
  deliver(callback);
  return true;
}

/**
 * The partner origins allowed to frame us (the settings' `partnerOrigins`,
 * FRAME_ANCESTORS on the server; 'self' is our own origin).
 */
export function allowedParentOrigins(setting: string | undefined, win: BridgeWindow): string[] {
  const own = win.location?.origin;
  return (setting ?? "'self'")
    .split(/\s+/)
    .map((s) => (s === "'self'" ? own : s))
    .filter((s): s is string => !!s && /^https?:\/\//.test(s));
}

/**
 * Where the order goes: the embedding page's origin when it is an allowed
 * partner, else the first allowed partner origin (the browser then delivers
 * the message only if the parent really is that origin). Null: nowhere safe.
 */
export function parentTargetOrigin(allowed: string[], win: BridgeWindow): string | null {
  const ancestors = win.location?.ancestorOrigins;
  let parent = ancestors && ancestors.length > 0 ? ancestors[0] : undefined;
  if (!parent && win.document?.referrer) {
    try {
      parent = new URL(win.document.referrer).origin;
    } catch {
      parent = undefined;
    }
  }
  if (parent && allowed.includes(parent)) return parent;
  return allowed[0] ?? null;
}

const listeningParent = new WeakSet<object>();
const listeningAndroid = new WeakSet<object>();

function listenToParent(win: BridgeWindow, allowed: string[]): void {
  if (listeningParent.has(win)) return;
  listeningParent.add(win);
  win.addEventListener("message", (event: MessageEvent) => {
    // Only the page that embeds us, from a partner origin, answers payments.
    if (event.source != null && event.source !== (win.parent as unknown)) return;
    if (!allowed.includes(event.origin)) return;
    const callback = parentCallback(event.data);
    if (callback) deliver(callback);
  });
}

function listenToAndroid(win: BridgeWindow): void {
  if (listeningAndroid.has(win)) return;
  listeningAndroid.add(win);
  const previous = typeof win.receive === "function" ? (win.receive as (d: unknown) => void) : null;
  win.receive = (data: unknown) => {
    const callback = androidCallback(data);
    if (callback) deliver(callback);
    else previous?.(data);
  };
}

function waitForCallback(): Promise<PaymentCallback> {
  return new Promise((resolve) => {
    // A newer wait replaces an abandoned one.
    waiter?.({ paid: false, paymentId: null, code: "replaced" });
    waiter = resolve;
  });
}

/** Stop waiting for the platform (the player closed the overlay); a late paid answer still credits. */
export function abandonPayment(): void {
  deliver({ paid: false, paymentId: null, code: "abandoned" });
}

/** Where paid answers that arrive after abandonPayment go. */
export function setLatePaymentHandler(handler: ((callback: PaymentCallback) => void) | null): void {
  lateHandler = handler;
}

/** Posts the order to the embedding partner page and waits for its payment_callback. */
export function payThroughParent(
  order: PaymentOrder,
  win: BridgeWindow = currentWindow(),
  partnerOrigins?: string,
): Promise<PaymentCallback> {
  const allowed = allowedParentOrigins(partnerOrigins, win);
  const target = parentTargetOrigin(allowed, win);
  if (!target) return Promise.reject(new PaymentUnavailableError());
  listenToParent(win, allowed);
  const answer = waitForCallback();
  win.parent.postMessage({ type: "payment", order }, target);
  return answer;
}

/** Hands the order to the app's native bridge and waits for window.receive. */
export function payThroughAndroid(
  order: PaymentOrder,
  win: BridgeWindow = currentWindow(),
): Promise<PaymentCallback> {
  const bridge = nativeBridge(win);
  const pay = bridge ? nativePayMethod(bridge) : null;
  if (!pay) return Promise.reject(new PaymentUnavailableError());
  listenToAndroid(win);
  const answer = waitForCallback();
  try {
    pay(JSON.stringify(order));
  } catch {
    abandonPayment();
    return Promise.reject(new PaymentUnavailableError());
  }
  return answer;
}

export class PaymentUnavailableError extends Error {
  constructor() {
    super(MESSAGES.initPaymentError);
    this.name = "PaymentUnavailableError";
  }
}

// --- the whole purchase ------------------------------------------------------------

export type PaymentOutcome =
  | { status: "paid"; user: User }
  | { status: "cancelled"; code: string }
  /** The app's payment bridge is missing: show "Init Payment Error". */
  | { status: "unavailable"; message: string };

export interface PaymentDeps {
  partner: string;
  /** The settings' partnerOrigins: where orders may be posted. */
  partnerOrigins?: string;
  /** The server offers the local payment sandbox (PAYMENT_SANDBOX=1). */
  sandbox?: boolean;
  /** Pause between asks while the platform's notice is on its way (tests shorten it). */
  confirmRetryMs?: number;
  /** Local play: show the sandbox dialog; resolves true when the player presses Pay. */
  confirmSandbox: (order: PaymentOrder) => Promise<boolean>;
  win?: BridgeWindow;
}

/**
 * Buys a gem box: create the order, let the platform take the payment, then
 * confirm it with our server. Resolves with the credited user, or how it ended.
 */
export async function buyGemBox(boxId: number, deps: PaymentDeps): Promise<PaymentOutcome> {
  const win = deps.win ?? currentWindow();
  const channel = paymentChannel(win);
  if (channel === "android-missing") {
    return { status: "unavailable", message: MESSAGES.initPaymentError };
  }
  if (channel === "sandbox" && !deps.sandbox) {
    return { status: "unavailable", message: OUTSIDE_PLATFORM };
  }
  const order = await paymentApi.create(deps.partner, boxId);

  let callback: PaymentCallback;
  if (channel === "sandbox") {
    if (!(await deps.confirmSandbox(order))) return { status: "cancelled", code: "cancel" };
    const { payment_id } = await paymentApi.sandboxPay(deps.partner, order.order_id);
    callback = { paid: true, paymentId: payment_id, code: "ok" };
  } else {
    try {
      callback =
        channel === "android"
          ? await payThroughAndroid(order, win)
          : await payThroughParent(order, win, deps.partnerOrigins);
    } catch (error) {
      if (error instanceof PaymentUnavailableError)
        return { status: "unavailable", message: error.message };
      throw error;
    }
  }

  if (!callback.paid || callback.paymentId === null) {
    return { status: "cancelled", code: callback.code };
  }
  const user = await confirmWithServer(
    deps.partner,
    callback.paymentId,
    deps.confirmRetryMs ?? 1000,
  );
  return { status: "paid", user };
}

export const OUTSIDE_PLATFORM =
  "Gems are sold through the partner platform. Open the game there to top up.";

/** How many times implement is asked while the platform's notice is on its way. */
const CONFIRM_TRIES = 15;

/**
 * The server answers 409 until the platform's signed notice arrived (it may
 * come a moment after the page's answer): ask again for a while, then give up
 * with a message the player can act on. The gems are credited by the notice
 * whenever it comes.
 */
async function confirmWithServer(
  partner: string,
  paymentId: string | number,
  retryMs: number,
): Promise<User> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await paymentApi.implement(partner, paymentId);
    } catch (error) {
      const pending = error instanceof ApiError && error.status === 409;
      if (!pending) throw error;
      if (attempt >= CONFIRM_TRIES) {
        throw new ApiError(
          409,
          "conflict",
          "The platform has not confirmed the payment yet. Your gems arrive as soon as it does.",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
