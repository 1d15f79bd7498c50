import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { signFields } from "../src/partners/partner-signature.ts";
import {
  announceDialects,
  DIALECTS,
  newGuest,
  signedLaunch,
  TEST_PARTNER_SECRET,
  type TestApp,
  testApp,
} from "./harness.ts";

announceDialects();

interface Player {
  id: number;
  auth: Record<string, string>;
}

describe.each(DIALECTS)("gem payments through the platform's signed notice on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(dialect);
  });
  afterEach(async () => {
    await t.app.close();
  });

  async function partnerPlayer(partnerId: string): Promise<Player> {
    const r = await t.app.inject({
      method: "POST",
      url: "/api/auth",
      payload: signedLaunch(partnerId, partnerId.toUpperCase(), t.clock.now),
    });
    const data = r.json().data as { id: number; jwtToken: string };
    return { id: data.id, auth: { authorization: `Bearer ${data.jwtToken}` } };
  }
  const post = (p: Player | null, url: string, payload?: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      ...(p ? { headers: p.auth } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const silver = async (p: Player) =>
    (await t.app.inject({ method: "GET", url: "/api/player-details", headers: p.auth })).json().data
      .silver as number;
  const order = async (p: Player, box: number) =>
    (await post(p, "/api/local/payment/create", { id: box })).json().data as {
      order_id: string;
      price: number;
      count: number;
    };
  /** The platform's notice, signed with its shared secret. */
  const notice = (
    fields: {
      order_id: string;
      payment_id: string;
      user_id: string;
      amount: number;
      status?: "paid" | "failed" | "pending";
      ts?: number;
    },
    secret = TEST_PARTNER_SECRET,
  ) => {
    const f = { status: "paid" as const, ts: Math.floor(t.clock.now / 1000), ...fields };
    return { ...f, sign: signFields(secret, f) };
  };
  const ledgerOk = async (p: Player) => {
    const rows = await ledgerFor(t.db.kysely, p.id);
    const sum = rows.reduce((s, r) => s + r.delta, 0);
    expect(sum).toBe(await silver(p));
    return rows;
  };

  it("the notice credits the order's gems; implement then answers the credited player", async () => {
    const p = await partnerPlayer("buyer-1");
    const o = await order(p, 2);
    // Before the platform confirmed: nothing to implement, nothing credited.
    const early = await post(p, "/api/local/payment/implement", { payment_id: "pay-1" });
    expect(early.statusCode).toBe(409);
    expect(await silver(p)).toBe(1000);
    const n = await post(
      null,
      "/api/local/payment/callback",
      notice({ order_id: o.order_id, payment_id: "pay-1", user_id: "buyer-1", amount: o.price }),
    );
    expect(n.statusCode).toBe(200);
    expect(n.json().data).toEqual({ ok: true, status: "paid", credited: true });
    const done = await post(p, "/api/local/payment/implement", { payment_id: "pay-1" });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.silver).toBe(1000 + 3600);
    await ledgerOk(p);
  });

  it("a notice replayed at once, twenty times, credits once", async () => {
    const p = await partnerPlayer("buyer-2");
    const o = await order(p, 3);
    const body = notice({
      order_id: o.order_id,
      payment_id: "pay-twice",
      user_id: "buyer-2",
      amount: o.price,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(null, "/api/local/payment/callback", body)),
    );
    expect(answers.map((a) => a.statusCode).every((c) => c === 200)).toBe(true);
    expect(answers.filter((a) => a.json().data.credited)).toHaveLength(1);
    expect(await silver(p)).toBe(1000 + 10000);
    const credits = (await ledgerOk(p)).filter((l) => l.reason === "payment");
    expect(credits).toHaveLength(1);
  });

  it("a forged notice, a wrong amount, another player's order or a second payment credit nothing", async () => {
    const p = await partnerPlayer("buyer-3");
    const other = await partnerPlayer("buyer-4");
    const o = await order(p, 1);
    const base = { order_id: o.order_id, payment_id: "pay-3", user_id: "buyer-3", amount: o.price };
    const forged = await post(
      null,
      "/api/local/payment/callback",
      notice(base, "not-the-platform-secret-not-the-platform"),
    );
    expect(forged.statusCode).toBe(401);
    const tampered = { ...notice(base), amount: 1 };
    expect((await post(null, "/api/local/payment/callback", tampered)).statusCode).toBe(401);
    const cheap = await post(null, "/api/local/payment/callback", notice({ ...base, amount: 1 }));
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().error.message).toMatch(/amount/);
    const stranger = await post(
      null,
      "/api/local/payment/callback",
      notice({ ...base, user_id: "buyer-4" }),
    );
    expect(stranger.statusCode).toBe(409);
    const unknown = await post(
      null,
      "/api/local/payment/callback",
      notice({ ...base, order_id: "0b9c4a2e-4c1d-4d7e-9a4b-2f0c1e5d6a7b" }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await silver(p)).toBe(1000);
    expect(await silver(other)).toBe(1000);
    // The real notice still credits; a second payment for the same order is refused.
    expect((await post(null, "/api/local/payment/callback", notice(base))).statusCode).toBe(200);
    const again = await post(
      null,
      "/api/local/payment/callback",
      notice({ ...base, payment_id: "pay-3b" }),
    );
    expect(again.statusCode).toBe(409);
    expect(await silver(p)).toBe(1000 + 1200);
    // Another player cannot implement this payment: it is not theirs.
    const theirs = await post(other, "/api/local/payment/implement", { payment_id: "pay-3" });
    expect(theirs.statusCode).toBe(409);
    expect(await silver(other)).toBe(1000);
  });

  it("a notice signed more than 24 h ago or over 5 min ahead is refused (401) and credits nothing", async () => {
    const p = await partnerPlayer("buyer-6");
    const o = await order(p, 2);
    const nowS = Math.floor(t.clock.now / 1000);
    const base = { order_id: o.order_id, payment_id: "pay-6", user_id: "buyer-6", amount: o.price };
    for (const ts of [nowS - 24 * 3600 - 1, nowS + 301]) {
      const r = await post(null, "/api/local/payment/callback", notice({ ...base, ts }));
      expect(r.statusCode, String(ts - nowS)).toBe(401);
      expect(r.json().error.message).toMatch(/24 hours/);
    }
    expect(await silver(p)).toBe(1000);
    // A platform's retry within the day, and a little clock skew, still credit.
    const late = await post(
      null,
      "/api/local/payment/callback",
      notice({ ...base, ts: nowS - 23 * 3600 }),
    );
    expect(late.statusCode).toBe(200);
    expect(await silver(p)).toBe(1000 + 3600);
  });

  it("a failed payment closes the order; implement says so and nothing is credited", async () => {
    const p = await partnerPlayer("buyer-5");
    const o = await order(p, 2);
    const base = { order_id: o.order_id, payment_id: "pay-5", user_id: "buyer-5", amount: o.price };
    const failed = await post(
      null,
      "/api/local/payment/callback",
      notice({ ...base, status: "failed" }),
    );
    expect(failed.json().data).toEqual({ ok: true, status: "failed", credited: false });
    const pending = await post(
      null,
      "/api/local/payment/callback",
      notice({ ...base, status: "pending" }),
    );
    expect(pending.json().data.credited).toBe(false);
    expect(await silver(p)).toBe(1000);
  });

  it("the client's implement never credits: a payment id the platform did not confirm is refused", async () => {
    const g = await newGuest(t.app);
    const p = { id: g.user.id, auth: g.auth };
    await order(p, 3);
    for (const paymentId of ["forged-123", "sandbox-1", 42]) {
      const r = await post(p, "/api/local/payment/implement", { payment_id: paymentId });
      expect(r.statusCode).toBe(409);
    }
    expect(await silver(p)).toBe(1000);
  });

  it("without PAYMENT_SANDBOX there is no sandbox to mint gems with", async () => {
    const g = await newGuest(t.app);
    const p = { id: g.user.id, auth: g.auth };
    const o = await order(p, 3);
    const r = await post(p, "/api/local/payment/sandbox-pay", { order_id: o.order_id });
    expect(r.statusCode).toBe(404);
    expect(await silver(p)).toBe(1000);
  });

  it("the partner simulator plays the platform: it signs the launch and sends the signed notice", async () => {
    const launch = await t.app.inject({
      method: "GET",
      url: "/partner/api/launch?partner_id=sim-9&nickname=Simi",
    });
    const params = launch.json().data;
    const signedIn = await t.app.inject({ method: "POST", url: "/api/auth", payload: params });
    expect(signedIn.statusCode).toBe(200);
    const p = {
      id: signedIn.json().data.id as number,
      auth: { authorization: `Bearer ${signedIn.json().data.jwtToken}` },
    };
    const o = await order(p, 2);
    const paid = await post(null, "/partner/api/pay", {
      order_id: o.order_id,
      partner_id: "sim-9",
      amount: o.price,
      notices: 2,
    });
    expect(paid.statusCode).toBe(200);
    const done = await post(p, "/api/local/payment/implement", {
      payment_id: paid.json().data.payment_id,
    });
    expect(done.json().data.silver).toBe(1000 + 3600);
    // The simulator cannot pay another player's order: the notice names its own player.
    const victim = await partnerPlayer("victim-1");
    const theirs = await order(victim, 3);
    const stolen = await post(null, "/partner/api/pay", {
      order_id: theirs.order_id,
      partner_id: "sim-9",
      amount: theirs.price,
    });
    expect(stolen.statusCode).toBe(409);
    expect(await silver(victim)).toBe(1000);
  });

  it("the partner simulator answers only loopback sockets, never a proxied or remote caller", async () => {
    const launch = await t.app.inject({
      method: "GET",
      url: "/partner/api/launch?partner_id=sim-10&nickname=Simo",
    });
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/auth",
      payload: launch.json().data,
    });
    const p = {
      id: signedIn.json().data.id as number,
      auth: { authorization: `Bearer ${signedIn.json().data.jwtToken}` },
    };
    const o = await order(p, 2);
    const pay = { order_id: o.order_id, partner_id: "sim-10", amount: o.price };
    const callers = [
      { remoteAddress: "203.0.113.7" },
      { remoteAddress: "::ffff:10.0.0.8" },
      // A proxy on this machine forwarding someone: the socket is loopback, the caller is not.
      { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.7" } },
      { remoteAddress: "::1", headers: { forwarded: "for=203.0.113.7" } },
    ];
    for (const from of callers) {
      const l = await t.app.inject({
        method: "GET",
        url: "/partner/api/launch?partner_id=sim-11&nickname=Mallory",
        ...from,
      });
      expect(l.statusCode, JSON.stringify(from)).toBe(403);
      expect(l.json().error.code).toBe("forbidden");
      const paid = await t.app.inject({
        method: "POST",
        url: "/partner/api/pay",
        payload: pay,
        ...from,
      });
      expect(paid.statusCode, JSON.stringify(from)).toBe(403);
    }
    expect(await silver(p)).toBe(1000);
    const local = await t.app.inject({
      method: "POST",
      url: "/partner/api/pay",
      payload: pay,
      remoteAddress: "::1",
    });
    expect(local.statusCode).toBe(200);
    expect(await silver(p)).toBe(1000 + 3600);
  });
});

describe.each(DIALECTS)("the payment sandbox (PAYMENT_SANDBOX=1) on %s", (dialect) => {
  it("local play pays its own order once, and never another player's", async () => {
    const t = await testApp(dialect, { PAYMENT_SANDBOX: "1" });
    try {
      const a = await newGuest(t.app);
      const b = await newGuest(t.app);
      const create = await t.app.inject({
        method: "POST",
        url: "/api/local/payment/create",
        headers: a.auth,
        payload: { id: 1 },
      });
      const orderId = create.json().data.order_id as string;
      const pay = (auth: Record<string, string>) =>
        t.app.inject({
          method: "POST",
          url: "/api/local/payment/sandbox-pay",
          headers: auth,
          payload: { order_id: orderId },
        });
      expect((await pay(b.auth)).statusCode).toBe(404);
      const [one, two] = await Promise.all([pay(a.auth), pay(a.auth)]);
      expect(one.json().data.payment_id).toBe(two.json().data.payment_id);
      const done = await t.app.inject({
        method: "POST",
        url: "/api/local/payment/implement",
        headers: a.auth,
        payload: { payment_id: one.json().data.payment_id },
      });
      expect(done.json().data.silver).toBe(1000 + 1200);
      const credits = (await ledgerFor(t.db.kysely, a.user.id)).filter(
        (l) => l.reason === "payment",
      );
      expect(credits).toHaveLength(1);
    } finally {
      await t.app.close();
    }
  });
});
