import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChannelClient, newGuest } from "../../../bench/pvp/arena-client.ts";
import { buildApp } from "../src/app.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import type { Db } from "../src/db/database.ts";
import { ManualClock } from "../src/realtime/room-clock.ts";
import { freshDb, testConfig } from "./harness.ts";

async function until(cond: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the realtime channel (/wss)", () => {
  let app: FastifyInstance;
  let db: Db;
  let base: string;
  const clock = new ManualClock();

  beforeAll(async () => {
    db = await freshDb("sqlite");
    app = await buildApp({
      config: testConfig(),
      db,
      content: loadGameContent(),
      clock: () => clock.now(),
      seasonSchedule: false,
      arena: { roomClock: clock, heartbeatMs: 0 },
    });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers register with a registered message, resends it until confirmed, tolerates a duplicate confirm", async () => {
    const me = await newGuest(base);
    const c = await ChannelClient.open(base, me, { autoConfirm: false });
    const registered = await c.waitType("registered");
    expect(registered.data.user_id).toBe(me.id);
    expect(registered.hash).toMatch(/^\w+$/);

    clock.advance(2_000);
    await until(() => c.received.length >= 2, "a resend");
    expect(c.received[1]?.hash).toBe(registered.hash);
    expect(c.messages).toHaveLength(1); // the same hash: a duplicate for the client

    c.confirm(registered.hash);
    c.confirm(registered.hash); // a duplicate confirm is tolerated
    await new Promise((r) => setTimeout(r, 100));
    const count = c.received.length;
    clock.advance(6_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(c.received.length).toBe(count); // confirmed: no more resends, no error
    await c.close();
  });

  it("takes the token in the register message too", async () => {
    const me = await newGuest(base);
    const c = await ChannelClient.open(base, me, { tokenIn: "register" });
    expect((await c.waitType("registered")).data.user_id).toBe(me.id);
    await c.close();
  });

  it("closes a socket without a valid token with 4401", async () => {
    const me = await newGuest(base);
    const forged = await ChannelClient.open(base, { id: me.id, token: `${me.token}x` });
    expect((await forged.closed).code).toBe(4401);

    const noToken = await ChannelClient.open(
      base,
      { id: me.id, token: "" },
      { tokenIn: "register" },
    );
    expect((await noToken.closed).code).toBe(4401);

    const silent = await ChannelClient.open(
      base,
      { id: me.id, token: "" },
      { register: false, tokenIn: "register" },
    );
    clock.advance(10_000);
    const closed = await silent.closed;
    expect(closed.code).toBe(4401);
    expect(closed.reason).toMatch(/token/);
  });

  it("refuses a register naming another player with 4403", async () => {
    const me = await newGuest(base);
    const other = await newGuest(base);
    const c = await ChannelClient.open(base, { id: other.id, token: me.token });
    const err = await c.waitType("error");
    expect(err.data.code).toBe("forbidden");
    expect((await c.closed).code).toBe(4403);
  });

  it("answers garbage, unknown actions and forged confirms with an error and changes nothing", async () => {
    const me = await newGuest(base);
    const c = await ChannelClient.open(base, me, { autoConfirm: false });
    const registered = await c.waitType("registered");

    c.ws.send("not json{");
    const e1 = await c.waitType("error");
    expect(e1.data.code).toBe("bad_message");

    c.send({ action: "give_me_gems", data: { user_id: me.id, amount: 1e6 } });
    await c.waitFor((m) => m.data.type === "error" && m !== e1);

    c.confirm("no-such-hash");
    const forged = await c.waitFor((m) => m.data.code === "unknown_hash");
    expect(forged.data.message).toMatch(/hash/);

    // The registered message is still waiting for its confirm: it was not touched.
    const before = c.received.filter((m) => m.hash === registered.hash).length;
    clock.advance(2_000);
    await until(
      () => c.received.filter((m) => m.hash === registered.hash).length > before,
      "registered resent",
    );

    // A confirm for another player's id is refused too.
    c.send({ action: "confirm", data: { user_id: me.id + 1000, hash: registered.hash } });
    await c.waitFor((m) => m.data.code === "forbidden");
    await c.close();
  });

  it("refuses malformed confirms (extra keys, wrong types, a hash too long) without confirming anything", async () => {
    const me = await newGuest(base);
    const c = await ChannelClient.open(base, me, { autoConfirm: false });
    const registered = await c.waitType("registered");
    const hash = registered.hash;
    const malformed = [
      { action: "confirm", data: { user_id: me.id, hash, extra: 1 } },
      { action: "confirm", data: { user_id: me.id, hash }, extra: true },
      { action: "confirm", data: { user_id: String(me.id), hash } },
      { action: "confirm", data: { user_id: me.id + 0.5, hash } },
      { action: "confirm", data: { user_id: me.id, hash: "x".repeat(65) } },
      { action: "confirm", data: { user_id: me.id, hash: "" } },
      { action: "confirm", version: "v".repeat(33), data: { user_id: me.id, hash } },
      { action: "confirm", data: [me.id, hash] },
    ];
    for (const m of malformed) {
      const from = c.messages.length;
      c.send(m);
      const err = await c.waitFor((x) => x.data.type === "error", 10_000, from);
      expect(err.data.code).toBe("bad_message");
    }
    // None of them confirmed the registered message: it is still resent.
    const before = c.received.filter((m) => m.hash === hash).length;
    clock.advance(2_000);
    await until(
      () => c.received.filter((m) => m.hash === hash).length > before,
      "registered resent",
    );
    // The well-formed confirm (with a version) still works: no error, no more resends.
    c.send({ action: "confirm", version: "1.21-p", data: { user_id: me.id, hash } });
    c.confirm(hash); // and a duplicate is tolerated
    await new Promise((r) => setTimeout(r, 100));
    const errors = c.messages.filter((m) => m.data.type === "error").length;
    const count = c.received.filter((m) => m.hash === hash).length;
    clock.advance(6_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(c.received.filter((m) => m.hash === hash).length).toBe(count);
    expect(c.messages.filter((m) => m.data.type === "error").length).toBe(errors);
    await c.close();
  });

  it("a newer socket of the same player replaces the older one (4409)", async () => {
    const me = await newGuest(base);
    const first = await ChannelClient.open(base, me);
    await first.waitType("registered");
    const second = await ChannelClient.open(base, me);
    await second.waitType("registered");
    expect((await first.closed).code).toBe(4409);
    await second.close();
  });
});
