// @vitest-environment happy-dom
import type { PaymentOrder } from "@cardrealm/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, resetAll } from "../test/fixtures.ts";
import {
  abandonPayment,
  type BridgeWindow,
  buyGemBox,
  OUTSIDE_PLATFORM,
  paymentChannel,
  setLatePaymentHandler,
} from "./payment-bridge.ts";

afterEach(() => {
  setLatePaymentHandler(null);
  resetAll();
});

const ORDER: PaymentOrder = {
  order_id: "0b9c4a2e-4c1d-4d7e-9a4b-2f0c1e5d6a7b",
  id: 2,
  price: 999,
  count: 3600,
  description: "3,000 gems + 20% bonus",
  name: "Chest of Gems",
  image_url: "/static/media/gem.svg",
};
const PAID_USER = makeUser({ silver: 4600 });
const PARTNER = "https://partner.example";
/** The settings' partnerOrigins (FRAME_ANCESTORS). */
const partnerOrigins = `'self' ${PARTNER}`;

function routes() {
  return mockFetch({
    "POST /api/local/payment/create": () => ({ status: 200, body: { data: ORDER } }),
    "POST /api/local/payment/implement": () => ({ status: 200, body: { data: PAID_USER } }),
    "POST /api/local/payment/sandbox-pay": () => ({
      status: 200,
      body: { data: { payment_id: "sandbox-1" } },
    }),
  });
}

/** A window inside a partner page: its parent records what we post. */
function embeddedWindow(extra: Partial<BridgeWindow> = {}) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent = { postMessage: vi.fn() };
  const win: BridgeWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    location: { search: "", origin: "https://game.test", ancestorOrigins: [PARTNER] },
    navigator: { userAgent: "Mozilla/5.0" },
    ...extra,
  };
  const reply = (data: unknown, source: unknown = parent, origin = PARTNER) => {
    for (const l of listeners) l({ data, source, origin } as unknown as MessageEvent);
  };
  return { win, parent, reply };
}

function topWindow(extra: Partial<BridgeWindow> = {}): BridgeWindow {
  const win = embeddedWindow(extra).win;
  win.parent = win as unknown as BridgeWindow["parent"];
  return win;
}

const implementCalls = (calls: { key: string; init: RequestInit | undefined }[]) =>
  calls.filter((c) => c.key === "POST /api/local/payment/implement");

describe("payment through the parent page", () => {
  it("posts {type: payment, order} to the parent and implements on responseCode ok", async () => {
    const { calls } = routes();
    const { win, parent, reply } = embeddedWindow();
    expect(paymentChannel(win)).toBe("parent");
    const confirmSandbox = vi.fn();
    const done = buyGemBox(2, { partner: "local", partnerOrigins, confirmSandbox, win });

    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledOnce());
    // To the partner's origin only, never "*": another page cannot read the order.
    expect(parent.postMessage).toHaveBeenCalledWith({ type: "payment", order: ORDER }, PARTNER);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ id: 2 });

    reply({ type: "payment_callback", order: { responseCode: "ok", paymentId: "pay-77" } });
    await expect(done).resolves.toEqual({ status: "paid", user: PAID_USER });
    const implement = implementCalls(calls);
    expect(implement).toHaveLength(1);
    expect(JSON.parse(String(implement[0]?.init?.body))).toEqual({ payment_id: "pay-77" });
    expect(confirmSandbox).not.toHaveBeenCalled();
  });

  it("ignores every other response code: nothing is implemented", async () => {
    const { calls } = routes();
    const { win, parent, reply } = embeddedWindow();
    const done = buyGemBox(1, { partner: "local", partnerOrigins, confirmSandbox: vi.fn(), win });
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalled());
    reply({ type: "payment_callback", order: { responseCode: "cancel", paymentId: "pay-1" } });
    await expect(done).resolves.toEqual({ status: "cancelled", code: "cancel" });
    expect(implementCalls(calls)).toHaveLength(0);
  });

  it("listens only to the embedding page and to payment callbacks", async () => {
    const { calls } = routes();
    const { win, parent, reply } = embeddedWindow();
    const done = buyGemBox(2, { partner: "local", partnerOrigins, confirmSandbox: vi.fn(), win });
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalled());
    reply({ type: "payment_callback", order: { responseCode: "ok", paymentId: "x" } }, {});
    // The parent's window, but a message from another origin (a navigated or hostile frame).
    reply(
      { type: "payment_callback", order: { responseCode: "ok", paymentId: "evil" } },
      parent,
      "https://evil.example",
    );
    reply({ type: "something_else" });
    reply("not json");
    reply(
      JSON.stringify({ type: "payment_callback", order: { responseCode: "ok", paymentId: 9 } }),
    );
    await expect(done).resolves.toMatchObject({ status: "paid" });
    expect(JSON.parse(String(implementCalls(calls)[0]?.init?.body))).toEqual({ payment_id: 9 });
  });

  it("still credits a paid answer that arrives after the player stopped waiting", async () => {
    routes();
    const { win, parent, reply } = embeddedWindow();
    const late = vi.fn();
    setLatePaymentHandler(late);
    const done = buyGemBox(2, { partner: "local", partnerOrigins, confirmSandbox: vi.fn(), win });
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalled());
    abandonPayment();
    await expect(done).resolves.toMatchObject({ status: "cancelled" });
    reply({ type: "payment_callback", order: { responseCode: "ok", paymentId: "late-1" } });
    expect(late).toHaveBeenCalledWith(expect.objectContaining({ paid: true, paymentId: "late-1" }));
  });

  it("inside a page that is not a partner, posts only to the partner's origin", async () => {
    routes();
    const { win, parent } = embeddedWindow({
      location: {
        search: "",
        origin: "https://game.test",
        ancestorOrigins: ["https://evil.example"],
      },
    });
    void buyGemBox(2, { partner: "local", partnerOrigins, confirmSandbox: vi.fn(), win });
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledOnce());
    expect(parent.postMessage.mock.calls[0]?.[1]).toBe("https://game.test");
    abandonPayment();
  });

  it("asks the server again while the platform's notice is on its way", async () => {
    let asks = 0;
    const { calls } = mockFetch({
      "POST /api/local/payment/create": () => ({ status: 200, body: { data: ORDER } }),
      "POST /api/local/payment/implement": () =>
        ++asks < 3
          ? {
              status: 409,
              body: { error: { code: "conflict", message: "The platform has not confirmed" } },
            }
          : { status: 200, body: { data: PAID_USER } },
    });
    const { win, parent, reply } = embeddedWindow();
    const done = buyGemBox(2, {
      partner: "local",
      partnerOrigins,
      confirmSandbox: vi.fn(),
      win,
      confirmRetryMs: 1,
    });
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalled());
    reply({ type: "payment_callback", order: { responseCode: "ok", paymentId: "pay-9" } });
    await expect(done).resolves.toEqual({ status: "paid", user: PAID_USER });
    expect(implementCalls(calls)).toHaveLength(3);
  });
});

describe("payment in the Android app", () => {
  it("hands the order to the native bridge and confirms on status 2 through window.receive", async () => {
    const { calls } = routes();
    const payment = vi.fn();
    const win = topWindow({ Android: { payment } });
    expect(paymentChannel(win)).toBe("android");
    const done = buyGemBox(3, { partner: "local", confirmSandbox: vi.fn(), win });
    await vi.waitFor(() => expect(payment).toHaveBeenCalledOnce());
    expect(JSON.parse(String(payment.mock.calls[0]?.[0]))).toEqual(ORDER);

    const receive = win.receive as (data: unknown) => void;
    receive(JSON.stringify({ type: "payment_callback", payment_id: "gp-5", status: 2 }));
    await expect(done).resolves.toEqual({ status: "paid", user: PAID_USER });
    expect(JSON.parse(String(implementCalls(calls)[0]?.init?.body))).toEqual({
      payment_id: "gp-5",
    });
  });

  it("ends without implementing when the status is not 2", async () => {
    const { calls } = routes();
    const payment = vi.fn();
    const win = topWindow({ Android: { payment } });
    const done = buyGemBox(3, { partner: "local", confirmSandbox: vi.fn(), win });
    await vi.waitFor(() => expect(payment).toHaveBeenCalled());
    (win.receive as (data: unknown) => void)({
      type: "payment_callback",
      payment_id: "gp-6",
      status: 1,
    });
    await expect(done).resolves.toMatchObject({ status: "cancelled" });
    expect(implementCalls(calls)).toHaveLength(0);
  });

  it('answers "Init Payment Error" when the app has no payment bridge', async () => {
    const { calls } = routes();
    const bare = topWindow({ location: { search: "?app=android" } });
    expect(paymentChannel(bare)).toBe("android-missing");
    await expect(
      buyGemBox(1, { partner: "local", confirmSandbox: vi.fn(), win: bare }),
    ).resolves.toEqual({ status: "unavailable", message: "Init Payment Error" });

    const noMethod = topWindow({ Android: { toast: () => {} } });
    await expect(
      buyGemBox(1, { partner: "local", confirmSandbox: vi.fn(), win: noMethod }),
    ).resolves.toMatchObject({ status: "unavailable" });
    expect(calls).toHaveLength(0);
  });
});

describe("payment in local play (sandbox)", () => {
  it("asks the sandbox dialog, then pays through the sandbox and implements", async () => {
    const { calls } = routes();
    const win = topWindow();
    expect(paymentChannel(win)).toBe("sandbox");
    const confirmSandbox = vi.fn(async () => true);
    await expect(
      buyGemBox(2, { partner: "local", sandbox: true, confirmSandbox, win }),
    ).resolves.toEqual({
      status: "paid",
      user: PAID_USER,
    });
    expect(confirmSandbox).toHaveBeenCalledWith(ORDER);
    expect(calls.map((c) => c.key)).toEqual([
      "POST /api/local/payment/create",
      "POST /api/local/payment/sandbox-pay",
      "POST /api/local/payment/implement",
    ]);
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ order_id: ORDER.order_id });
  });

  it("cancelling the sandbox dialog takes no money", async () => {
    const { calls } = routes();
    await expect(
      buyGemBox(2, {
        partner: "local",
        sandbox: true,
        confirmSandbox: async () => false,
        win: topWindow(),
      }),
    ).resolves.toMatchObject({ status: "cancelled" });
    expect(calls.map((c) => c.key)).toEqual(["POST /api/local/payment/create"]);
  });

  it("without the server's sandbox, outside a platform: no order, a message the player can act on", async () => {
    const { calls } = routes();
    const confirmSandbox = vi.fn(async () => true);
    await expect(
      buyGemBox(2, { partner: "local", confirmSandbox, win: topWindow() }),
    ).resolves.toEqual({ status: "unavailable", message: OUTSIDE_PLATFORM });
    expect(confirmSandbox).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
