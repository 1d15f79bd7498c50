/**
 * The analytics facts the server records itself (docs/analytics.md): each
 * once per fact, whatever the client repeats (issue 26 item 6).
 */
import { SEASON_PASS_PRICE } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventsOf } from "../src/db/repositories/events-repo.ts";
import { signFields } from "../src/partners/partner-signature.ts";
import {
  announceDialects,
  DIALECTS,
  grantGems,
  newGuest,
  signedLaunch,
  TEST_PARTNER_SECRET,
  type TestApp,
  testApp,
} from "./harness.ts";

announceDialects();

type Msg = { game_data?: { game_id: string } };

describe.each(DIALECTS)("analytics facts on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let userId: number;
  beforeEach(async () => {
    t = await testApp(dialect);
    const g = await newGuest(t.app);
    auth = g.auth;
    userId = g.user.id;
  });
  afterEach(async () => {
    await t.app.close();
  });

  const call = (method: "POST" | "PUT", url: string, payload: object, headers = auth) =>
    t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  /** The facts of one name recorded for a player, their data parsed. */
  const facts = async (name: string, id = userId) =>
    (await eventsOf(t.db.kysely, id))
      .filter((e) => e.name === name)
      .map((e) => JSON.parse(e.data) as Record<string, unknown>);

  it("box_opened: a box opened twice with the same request id is one fact", async () => {
    const body = { id: 4, request_id: "box-fact-1" };
    const [a, b] = await Promise.all([
      call("POST", "/api/boxes/open", body),
      call("POST", "/api/boxes/open", body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await call("POST", "/api/boxes/open", body)).statusCode).toBe(200);
    const opened = await facts("box_opened");
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ box_id: 4, price: 500 });
    expect(Number(opened[0]?.cards_added) + Number(opened[0]?.cashback) / 10).toBeGreaterThan(0);
    // A new request is a new box, and a refused one (too few gems) no fact.
    await call("POST", "/api/boxes/open", { id: 4, request_id: "box-fact-2" });
    const refused = await call("POST", "/api/boxes/open", { id: 5, request_id: "box-fact-3" });
    expect(refused.json().error.message).toBe("Not enough gems!");
    expect(await facts("box_opened")).toHaveLength(2);
  });

  it("season_pass: bought once; the repeat (409) records nothing", async () => {
    await grantGems(t.db, userId, SEASON_PASS_PRICE, "pass-gems");
    const [a, b] = await Promise.all([
      call("POST", "/api/boxes/season-pass", {}),
      call("POST", "/api/boxes/season-pass", {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await facts("season_pass")).toEqual([{ price: SEASON_PASS_PRICE }]);
  });

  it("purchase: a payment notice repeated by the platform is one fact", async () => {
    const launch = await call(
      "POST",
      "/api/auth",
      signedLaunch("fact-buyer", "Buyer", t.clock.now),
    );
    const buyer = launch.json().data as { id: number; jwtToken: string };
    const headers = { authorization: `Bearer ${buyer.jwtToken}` };
    const order = (await call("POST", "/api/local/payment/create", { id: 2 }, headers)).json()
      .data as { order_id: string; price: number; count: number };
    const f = {
      order_id: order.order_id,
      payment_id: "fact-pay-1",
      user_id: "fact-buyer",
      amount: order.price,
      status: "paid" as const,
      ts: Math.floor(t.clock.now / 1000),
    };
    const notice = { ...f, sign: signFields(TEST_PARTNER_SECRET, f) };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call("POST", "/api/local/payment/callback", notice, {})),
    );
    for (const r of answers) expect(r.statusCode).toBe(200);
    expect(await facts("purchase", buyer.id)).toEqual([
      {
        order_id: order.order_id,
        box_id: 2,
        gems: order.count,
        price: order.price,
        partner: "local",
      },
    ]);
  });

  it("tutorial_step: each move once; a repeated save of the same step adds none", async () => {
    const save = (step: string, isActive = true) =>
      call("PUT", "/api/player/tutorial", { step, isActive });
    expect((await save("Welcome10")).statusCode).toBe(200);
    expect((await save("Welcome10")).statusCode).toBe(200);
    const [a, b] = await Promise.all([save("ClickBossOnMap20"), save("ClickBossOnMap20")]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await save("ClickBossOnMap20", false)).statusCode).toBe(200);
    expect((await save("ClickBossOnMap20", false)).statusCode).toBe(409);
    expect(await facts("tutorial_step")).toEqual([
      { from: "intro", step: "Welcome10", active: true },
      { from: "Welcome10", step: "ClickBossOnMap20", active: true },
      { from: "ClickBossOnMap20", step: "ClickBossOnMap20", active: false },
    ]);
  });

  it("battle_start and battle_end: a double-clicked start and a repeated give-up are one each", async () => {
    const start = () => call("POST", "/api/game/cpu/start", { cpu_id: 6 });
    const [a, b] = await Promise.all([start(), start()]);
    const id = (a.json().data as Msg[]).at(-1)?.game_data?.game_id;
    expect((b.json().data as Msg[]).at(-1)?.game_data?.game_id).toBe(id);
    expect(await facts("battle_start")).toEqual([
      { battle_id: id, mode: "story", cpu_id: 6, side: 0 },
    ]);
    expect((await call("POST", "/api/game/cpu/giveup", { game_id: id })).statusCode).toBe(200);
    expect((await call("POST", "/api/game/cpu/giveup", { game_id: id })).statusCode).toBe(409);
    const ends = await facts("battle_end");
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ battle_id: id, mode: "story", outcome: "loss", gems: 0 });
    expect(ends[0]?.reason).toBe("give_up");
  });

  it("arena: a queue join is one fact (the repeat is refused); a bot game starts and ends once", async () => {
    await t.db.kysely.updateTable("users").set({ level: 3 }).where("id", "=", userId).execute();
    expect((await call("POST", "/api/game/pvp/queue", { version: "1.21-p" })).statusCode).toBe(200);
    expect((await call("POST", "/api/game/pvp/queue", { version: "1.21-p" })).statusCode).toBe(409);
    // Written beside the answer (arena-matchmaking.ts), so waited for.
    await expect.poll(() => facts("arena_queue")).toEqual([{ rank_score: expect.any(Number) }]);
    await call("POST", "/api/game/pvp/cancel-queue", {});
    const bot = await call("POST", "/api/game/pvp/bot", {});
    const id = (bot.json().data as Msg[]).at(-1)?.game_data?.game_id;
    expect(await facts("battle_start")).toEqual([
      { battle_id: id, mode: "arena_bot", cpu_id: null, side: 0 },
    ]);
    expect((await call("POST", "/api/game/pvp/giveup", { game_id: id })).statusCode).toBe(200);
    await call("POST", "/api/game/pvp/giveup", { game_id: id });
    const ends = await facts("battle_end");
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ battle_id: id, mode: "arena_bot", outcome: "loss" });
  });

  it("a client may not send a fact's name as its own event", async () => {
    const r = await call("POST", "/api/player/events", { event: { name: "box_opened" } });
    expect(r.statusCode).toBe(400);
    const own = await call("POST", "/api/player/events", { event: { name: "map_chapter_open" } });
    expect(own.statusCode).toBe(200);
    expect(await facts("box_opened")).toHaveLength(0);
  });
});
