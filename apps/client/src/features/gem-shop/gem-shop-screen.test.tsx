// @vitest-environment happy-dom
import type { PaymentBox, PaymentOrder } from "@cardrealm/protocol";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { appStore } from "../../stores/app-store.ts";
import { makeUser, mockFetch, resetAll } from "../../test/fixtures.ts";
import GemShopScreen from "./gem-shop-screen.tsx";

afterEach(resetAll);

const BOXES: PaymentBox[] = [
  {
    id: 1,
    name: "Pouch of Gems",
    description: "1,200 gems",
    gems: 1200,
    price: 499,
    first_payment: true,
    best_offer: false,
  },
  {
    id: 2,
    name: "Chest of Gems",
    description: "3,000 gems + 20% bonus",
    gems: 3600,
    price: 999,
    first_payment: true,
    best_offer: true,
  },
  {
    id: 3,
    name: "Vault of Gems",
    description: "8,000 gems + 25% bonus",
    gems: 10000,
    price: 2499,
    first_payment: true,
    best_offer: false,
  },
];
const ORDER: PaymentOrder = {
  order_id: "0b9c4a2e-4c1d-4d7e-9a4b-2f0c1e5d6a7b",
  id: 2,
  price: 999,
  count: 3600,
  description: "3,000 gems + 20% bonus",
  name: "Chest of Gems",
  image_url: "/static/media/gem.svg",
};

function renderShop() {
  const log = mockFetch({
    "GET /api/local/payment/boxes": () => ({ status: 200, body: { data: BOXES } }),
    "POST /api/local/payment/create": () => ({ status: 200, body: { data: ORDER } }),
    "POST /api/local/payment/sandbox-pay": () => ({
      status: 200,
      body: { data: { payment_id: "sandbox-1" } },
    }),
    "POST /api/local/payment/implement": () => ({
      status: 200,
      body: { data: makeUser({ silver: 4600 }) },
    }),
  });
  act(() =>
    appStore.set({
      isAuth: true,
      route: "gem_shop",
      user: makeUser({ silver: 1000 }),
      settings: {
        partner: "local",
        supporterUrl: "https://example.test/support",
        patronUrl: "https://example.test/patron",
        communityUrl: "https://example.test/chat",
        version: "1.21-p",
        // The server offers the local sandbox (PAYMENT_SANDBOX=1).
        paymentSandbox: "1",
      },
    }),
  );
  render(
    <>
      <GemShopScreen />
      <SystemDialog />
    </>,
  );
  return log;
}

const creates = (calls: { key: string }[]) =>
  calls.filter((c) => c.key === "POST /api/local/payment/create").length;

describe("gem shop", () => {
  it("shows three purchase boxes and marks the second BEST OFFER", async () => {
    renderShop();
    const second = await screen.findByTestId("gem-shop-box-2");
    expect(screen.getByTestId("gem-shop-box-1").textContent).toContain("1,200");
    expect(screen.getByTestId("gem-shop-box-3").textContent).toContain("$24.99");
    expect(within(second).getByTestId("gem-shop-best-offer").textContent).toBe("Best offer");
    expect(screen.getAllByTestId("gem-shop-best-offer")).toHaveLength(1);
  });

  it("ignores taps while something is loading", async () => {
    const { calls } = renderShop();
    const box = await screen.findByTestId("gem-shop-box-1");
    act(() => appStore.set({ isLoading: true }));
    fireEvent.click(box);
    expect(screen.queryByTestId("gem-shop-loading")).toBeNull();
    expect(creates(calls)).toBe(0);
  });

  it("ignores a second tap while a payment is under way", async () => {
    const { calls } = renderShop();
    fireEvent.click(await screen.findByTestId("gem-shop-box-2"));
    expect(screen.getByTestId("gem-shop-loading")).toBeTruthy();
    await screen.findByTestId("payment-sandbox");
    fireEvent.click(screen.getByTestId("gem-shop-box-3"));
    fireEvent.click(screen.getByTestId("gem-shop-box-1"));
    expect(creates(calls)).toBe(1);
  });

  it("pays in the sandbox outside a partner page: gems arrive and the boxes reload", async () => {
    const { calls } = renderShop();
    fireEvent.click(await screen.findByTestId("gem-shop-box-2"));
    const dialog = await screen.findByTestId("payment-sandbox");
    expect(dialog.textContent).toContain("Test payment — no money is taken");
    expect(dialog.textContent).toContain("3,600 gems");
    fireEvent.click(within(dialog).getByTestId("payment-sandbox-pay"));
    await waitFor(() => expect(appStore.get().user?.silver).toBe(4600));
    await waitFor(() => expect(screen.queryByTestId("gem-shop-loading")).toBeNull());
    expect(screen.getByTestId("gem-shop-credited").textContent).toContain("+3,600 gems");
    expect(calls.filter((c) => c.key === "GET /api/local/payment/boxes")).toHaveLength(2);
    expect(appStore.get().isLoading).toBe(false);
  });

  it("cancelling ends the payment silently", async () => {
    const { calls } = renderShop();
    fireEvent.click(await screen.findByTestId("gem-shop-box-1"));
    fireEvent.click(await screen.findByTestId("payment-sandbox-cancel"));
    await waitFor(() => expect(screen.queryByTestId("gem-shop-loading")).toBeNull());
    expect(calls.some((c) => c.key.includes("sandbox-pay"))).toBe(false);
    expect(screen.queryByTestId("system-dialog")).toBeNull();
    expect(appStore.get().user?.silver).toBe(1000);
  });
});
