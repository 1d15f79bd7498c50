/**
 * The operator's console moving gems: grants through the ledger once per key
 * (also 20 at once), the daily ceiling and a second operator's confirmation,
 * concurrent grants against the ceiling, and refunds of paid purchases.
 */
import { describe, expect, it } from "vitest";
import { applyGemChange } from "../src/db/repositories/ledger-repo.ts";
import { insertPaymentOrder, markOrderPaid } from "../src/db/repositories/payments-repo.ts";
import { DIALECTS } from "./harness.ts";
import { ALICE, BOB, OPERATOR_TOKENS, operatorBed } from "./operator-support.ts";

describe.each(DIALECTS)("the operator's console on %s", (dialect) => {
  const bed = operatorBed(dialect);

  it("grants gems through the ledger once per key, even when 20 arrive at once", async () => {
    const { op, guest, details, actions } = await bed.start();
    const g = await guest();
    const grant = {
      user_id: g.id,
      gems: 250,
      reason: "compensation for the outage",
      key: "grant-000001",
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => op("POST", "grant", grant)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.duplicate === false)).toHaveLength(1);
    const me = (await details(g.jwtToken)).json().data;
    expect(me.silver).toBe(g.silver + 250);
    expect((await op("POST", "grant", { ...grant, gems: 0, key: "grant-000002" })).status).toBe(
      400,
    );
    expect(
      (await op("POST", "grant", { ...grant, gems: 200_000, key: "grant-000003" })).status,
    ).toBe(400);
    expect((await op("POST", "grant", { ...grant, reason: "", key: "grant-000004" })).status).toBe(
      400,
    );
    expect(
      (await op("POST", "grant", { ...grant, user_id: 999_999, key: "grant-000005" })).status,
    ).toBe(404);
    const log = await actions(g.id);
    expect(log?.filter((a) => a.action === "grant" && a.outcome === "done")).toHaveLength(20);
    // The refused grants that named this player (bad gems, no reason) are logged too.
    expect(
      log?.filter((a) => a.action === "grant" && a.outcome === "refused").map((a) => a.status),
    ).toEqual([400, 400, 400]);
    expect(log?.every((a) => a.operator === "alice")).toBe(true);
  });

  it("grants above the operator's daily ceiling wait for a second operator to confirm", async () => {
    const { op, guest, details, actions } = await bed.start({
      OPERATOR_TOKENS,
      OPERATOR_GRANT_GEMS_PER_DAY: "1000",
    });
    const g = await guest();
    const silver = async () => (await details(g.jwtToken)).json().data.silver as number;
    const grant = (gems: number, key: string, token = ALICE) =>
      op("POST", "grant", { user_id: g.id, gems, reason: "event prize", key }, token);
    expect((await grant(600, "ceiling-01")).status).toBe(200);
    const over = await grant(500, "ceiling-02");
    expect(over.status).toBe(202);
    expect(over.body.data).toMatchObject({
      pending: true,
      gems: 500,
      duplicate: false,
      granted_today: 600,
      ceiling: 1000,
    });
    const grantId = over.body.data.grant_id as number;
    // Nothing credited yet; the same form again is the same waiting grant.
    expect(await silver()).toBe(g.silver + 600);
    const again = await grant(500, "ceiling-02");
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ grant_id: grantId, duplicate: true });
    // Bob's own day is his own: his 400 goes through.
    expect((await grant(400, "ceiling-03", BOB)).status).toBe(200);
    const waiting = await op("GET", "grants");
    expect(
      waiting.body.data.map((w: { id: number; operator: string }) => [w.id, w.operator]),
    ).toEqual([[grantId, "alice"]]);
    // Not by the operator who asked; once by another; never twice.
    const self = await op("POST", `grants/${grantId}/confirm`, {});
    expect(self.status).toBe(403);
    const confirmed = await op("POST", `grants/${grantId}/confirm`, {}, BOB);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ gems: 500, user_id: g.id });
    const twice = await op("POST", `grants/${grantId}/confirm`, {}, BOB);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toContain("already confirmed by bob");
    expect((await op("POST", "grants/999999/confirm", {}, BOB)).status).toBe(404);
    expect(await silver()).toBe(g.silver + 600 + 400 + 500);
    expect((await op("GET", "grants")).body.data).toEqual([]);
    // A confirmed grant's form sent again credits nothing more.
    const replay = await grant(500, "ceiling-02");
    expect(replay.body.data).toMatchObject({ pending: false, duplicate: true });
    expect(await silver()).toBe(g.silver + 1500);
    // The next UTC day starts a new count.
    if (bed.t) bed.t.clock.now += 24 * 3600 * 1000;
    expect((await grant(1000, "ceiling-04")).status).toBe(200);
    const log = (await actions(g.id))?.map((a) => `${a.operator}:${a.action}:${a.status}`);
    expect(log).toEqual([
      "alice:grant:200",
      "alice:grant:202",
      "alice:grant:202",
      "bob:grant:200",
      "bob:confirm_grant:200",
      "alice:grant:200",
      "alice:grant:200",
    ]);
  });

  it("concurrent grants never pass the operator's daily ceiling", async () => {
    const { op, guest, details } = await bed.start({
      OPERATOR_TOKENS,
      OPERATOR_GRANT_GEMS_PER_DAY: "1000",
    });
    const players = await Promise.all(Array.from({ length: 4 }, () => guest()));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const p = players[i % players.length];
        return op("POST", "grant", {
          user_id: p?.id,
          gems: 300,
          reason: "raid compensation",
          key: `race-${String(i).padStart(6, "0")}`,
        });
      }),
    );
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 202)).toHaveLength(9);
    let credited = 0;
    for (const p of players) credited += (await details(p.jwtToken)).json().data.silver - p.silver;
    expect(credited).toBe(900);
    const waiting = await op("GET", "grants", undefined, BOB);
    expect(waiting.body.data).toHaveLength(9);
  });

  it("refunds a paid purchase once, and refuses when the gems are already spent", async () => {
    const { op, guest, details } = await bed.start();
    const db = bed.t?.db;
    if (!db) throw new Error("no db");
    const g = await guest();
    const pay = async (orderId: string, gems: number) => {
      await db.kysely.transaction().execute(async (trx) => {
        await insertPaymentOrder(trx, {
          id: orderId,
          user_id: g.id,
          partner: "local",
          box_id: 1,
          gems,
          price: 499,
          created_at: new Date().toISOString(),
        });
        await markOrderPaid(trx, orderId, `pay-${orderId}`, new Date().toISOString());
        await applyGemChange(trx, {
          userId: g.id,
          delta: gems,
          reason: "payment",
          idempotencyKey: `payment:pay-${orderId}`,
          now: new Date().toISOString(),
        });
      });
    };
    await pay("order-1", 500);
    const before = (await details(g.jwtToken)).json().data.silver as number;
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        op("POST", "refund", { order_id: "order-1", reason: "chargeback" }, BOB),
      ),
    );
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await details(g.jwtToken)).json().data.silver).toBe(before - 500);
    // A repeated platform notice does not make a refunded order paid again.
    expect(await markOrderPaid(db.kysely, "order-1", "pay-order-1", new Date().toISOString())).toBe(
      false,
    );

    await pay("order-2", 99_999);
    await db.kysely.updateTable("users").set({ silver: 10 }).where("id", "=", g.id).execute();
    const spent = await op("POST", "refund", { order_id: "order-2", reason: "chargeback" });
    expect(spent.status).toBe(402);
    expect(spent.body.error.message).toContain("10 gems left");
    expect((await details(g.jwtToken)).json().data.silver).toBe(10);
    expect((await op("POST", "refund", { order_id: "nope", reason: "chargeback" })).status).toBe(
      404,
    );
  });
});
