import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countUsers } from "../src/db/repositories/users-repo.ts";
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

describe.each(DIALECTS)("signed partner sign-in and local play on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp(dialect);
  });
  afterEach(async () => {
    await t.app.close();
  });

  const auth = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/auth", payload });

  /** Alice exists, with her gems. */
  async function alice() {
    const r = await auth(signedLaunch("alice-77", "Alice", t.clock.now));
    expect(r.statusCode).toBe(200);
    return r.json().data as { id: number; silver: number };
  }

  it("an id alone, a forged or a tampered signature signs no one in and creates no one", async () => {
    const a = await alice();
    const before = await countUsers(t.db.kysely);
    t.clock.now += 1000;
    const good = signedLaunch("alice-77", "Alice", t.clock.now);
    const forged = signedLaunch("alice-77", "Alice", t.clock.now, "x".repeat(40));
    const attempts: Record<string, unknown>[] = [
      { partner_id: "alice-77", nickname: "x" },
      { partner_id: "alice-77", nickname: "x", ts: good.ts },
      forged,
      { ...good, nickname: "Mallory" },
      { ...good, partner_id: "alice-78" },
      { ...good, ts: good.ts + 1 },
      { ...good, sign: good.sign.toUpperCase() },
      { ...good, sign: "zz" },
    ];
    for (const payload of attempts) {
      const r = await auth(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(401);
      expect(r.json().error.code).toBe("unauthorized");
      expect(r.json().error.message).toMatch(/platform/);
      expect(r.json().data).toBeUndefined();
    }
    expect(await countUsers(t.db.kysely)).toBe(before);
    // The real launch still works: the refusals above did not burn it.
    const ok = await auth(good);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.id).toBe(a.id);
  });

  it("a launch older than 10 minutes, or signed 10 minutes ahead, is refused as stale", async () => {
    await alice();
    const old = signedLaunch("alice-77", "Alice", t.clock.now - 601_000);
    const ahead = signedLaunch("alice-77", "Alice", t.clock.now + 601_000);
    for (const payload of [old, ahead]) {
      const r = await auth(payload);
      expect(r.statusCode).toBe(401);
      expect(r.json().error.message).toMatch(/expired/);
    }
    const nineMinutes = signedLaunch("alice-77", "Alice", t.clock.now - 540_000);
    expect((await auth(nineMinutes)).statusCode).toBe(200);
  });

  it("a signed launch signs in once: a replay, even at once, is refused", async () => {
    const launch = signedLaunch("bob-5", "Bob", t.clock.now);
    const [a, b, c] = await Promise.all([auth(launch), auth(launch), auth(launch)]);
    const codes = [a, b, c].map((r) => r?.statusCode).sort();
    expect(codes).toEqual([200, 401, 401]);
    const replay = await auth(launch);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toMatch(/already used/);
    expect(await countUsers(t.db.kysely)).toBe(1);
  });

  it("the canonical string is the sorted, percent-encoded fields: a platform can compute it", async () => {
    const fields = { partner_id: "ö 1&2", nickname: "Émile=", ts: Math.floor(t.clock.now / 1000) };
    const sign = signFields(TEST_PARTNER_SECRET, fields);
    const r = await auth({ ...fields, sign });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.nickname).toBe("Émile=");
    // Numeric partner ids sign as their decimal text.
    const n = signedLaunch(4242, "Num", t.clock.now);
    expect((await auth(n)).statusCode).toBe(200);
  });

  it("local play: a new guest's device key signs that guest in again; a wrong key signs in no one", async () => {
    const first = await t.app.inject({ method: "POST", url: "/api/play-new-player" });
    const guest = first.json().data as { id: number; device_key: string };
    expect(guest.device_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/device-login",
      payload: { device_key: guest.device_key },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(guest.id);
    expect(again.json().data.device_key).toBeUndefined();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/device-login",
      payload: { device_key: "A".repeat(43) },
    });
    expect(wrong.statusCode).toBe(401);
    // The key is stored only as a hash.
    const row = await t.db.kysely
      .selectFrom("users")
      .select("device_key_hash")
      .where("id", "=", guest.id)
      .executeTakeFirstOrThrow();
    expect(row.device_key_hash).not.toContain(guest.device_key);
    expect(row.device_key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("once the guest sets a password its device key stops working", async () => {
    const first = await t.app.inject({ method: "POST", url: "/api/play-new-player" });
    const guest = first.json().data as { jwtToken: string; device_key: string };
    const edit = await t.app.inject({
      method: "PUT",
      url: "/api/player/edit",
      headers: { authorization: `Bearer ${guest.jwtToken}` },
      payload: { login: "keyholder", password: "lantern-77" },
    });
    expect(edit.statusCode).toBe(200);
    const r = await t.app.inject({
      method: "POST",
      url: "/api/device-login",
      payload: { device_key: guest.device_key },
    });
    expect(r.statusCode).toBe(401);
  });

  it("a relaunch under a new nickname renames the player: the platform's name wins, old token too", async () => {
    const first = await auth(signedLaunch("cora-9", "Cora", t.clock.now));
    const before = first.json().data as { id: number; nickname: string; jwtToken: string };
    expect(before.nickname).toBe("Cora");
    t.clock.now += 5_000;
    const again = await auth(signedLaunch("cora-9", "Cora the Bold", t.clock.now));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(before.id);
    expect(again.json().data.nickname).toBe("Cora the Bold");
    // The token stored from the first launch reads the new name as well.
    const details = await t.app.inject({
      method: "GET",
      url: "/api/player-details",
      headers: { authorization: `Bearer ${before.jwtToken}` },
    });
    expect(details.json().data.nickname).toBe("Cora the Bold");
    expect(await countUsers(t.db.kysely)).toBe(1);
  });

  it("local play: a new guest's nickname is 6 random characters (product.md section 2)", async () => {
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({ method: "POST", url: "/api/play-new-player" });
      names.push((r.json().data as { nickname: string }).nickname);
    }
    for (const n of names) expect(n).toMatch(/^[a-km-np-z2-9]{6}$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it("a guest from play-new-player has no partner identity a launch could take over", async () => {
    const g = await newGuest(t.app);
    const details = await t.app.inject({
      method: "GET",
      url: "/api/player-details",
      headers: g.auth,
    });
    expect(details.json().data.guest).toBe(true);
    expect(details.json().data.partner_id).toBeUndefined();
  });
});
