import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createPasswordHasher, PasswordHasherBusy } from "../src/auth/passwords.ts";
import { countUsers } from "../src/db/repositories/users-repo.ts";
import { announceDialects, DIALECTS, newGuest, setCredentials, testApp } from "./harness.ts";

announceDialects();

describe.each(DIALECTS)("throttling on %s", (dialect) => {
  it("failed logins of one login name get 429 with Retry-After, even with the right password after", async () => {
    const t = await testApp(dialect, { LOGIN_FAILURES_PER_LOGIN: "3" });
    try {
      const g = await newGuest(t.app);
      await setCredentials(t.app, g.auth, "victim", "right-pass");
      const attempt = (login: string, password: string) =>
        t.app.inject({ method: "POST", url: "/api/login", payload: { login, password } });
      for (let i = 0; i < 3; i++)
        expect((await attempt("victim", `wrong-${i}`)).statusCode).toBe(401);
      const locked = await attempt("Victim", "wrong-3");
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.code).toBe("rate_limited");
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      expect((await attempt("victim", "right-pass")).statusCode).toBe(429);
      // Another login from the same address is not locked by this one's failures.
      expect((await attempt("someone-else", "wrong")).statusCode).toBe(401);
    } finally {
      await t.app.close();
    }
  });

  it("a right password from a device that signed in before is never refused because of others' failures", async () => {
    const t = await testApp(dialect, { LOGIN_FAILURES_PER_LOGIN: "3", LOGINS_PER_MINUTE: "100" });
    try {
      const owner = await newGuest(t.app);
      // The owner sets the password on device A: its answer sets the cr_device cookie.
      const set = await setCredentials(t.app, owner.auth, "owner", "right-pass");
      expect(set.statusCode).toBe(200);
      const cookie = String(set.headers["set-cookie"]);
      expect(cookie).toMatch(
        /^cr_device=d1\.[^;]+; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
      );
      const deviceA = { cookie: cookie.split(";")[0] ?? "" };
      const login = (
        password: string,
        from: { headers?: Record<string, string>; credential?: unknown; ip?: string } = {},
      ) =>
        t.app.inject({
          method: "POST",
          url: "/api/login",
          remoteAddress: from.ip ?? "198.51.100.20",
          ...(from.headers ? { headers: from.headers } : {}),
          payload: {
            login: "Owner",
            password,
            ...(from.credential !== undefined ? { device_credential: from.credential } : {}),
          },
        });
      // Device B, a webview without cookies, signs in once and keeps the credential it is given.
      const b = await login("right-pass", { ip: "198.51.100.21" });
      expect(b.statusCode).toBe(200);
      const deviceB = b.json().data.device_credential as string;
      expect(deviceB).toMatch(/^d1\./);

      // Someone else guesses from another address until the login is locked.
      const guesses: number[] = [];
      for (let i = 0; i < 5; i++)
        guesses.push((await login(`guess-${i}`, { ip: "203.0.113.66" })).statusCode);
      expect(guesses).toEqual([401, 401, 401, 429, 429]);
      // An unknown device is refused even with the right password (no oracle).
      expect((await login("right-pass", { ip: "203.0.113.66" })).statusCode).toBe(429);
      expect((await login("right-pass")).statusCode).toBe(429);
      // The owner's devices are not: by cookie, and by the credential in the body.
      const a = await login("right-pass", { headers: deviceA });
      expect(a.statusCode).toBe(200);
      expect(a.json().data.id).toBe(owner.user.id);
      expect((await login("right-pass", { credential: deviceB })).statusCode).toBe(200);

      // Forged, oversized, malformed credentials, or one of another account: unknown, silently.
      // One character of the signature changed, and another spelling of its last character.
      const at = deviceB.length - 10;
      const forged = `${deviceB.slice(0, at)}${deviceB[at] === "A" ? "B" : "A"}${deviceB.slice(at + 1)}`;
      const respelled = `${deviceB.slice(0, -1)}${deviceB.endsWith("A") ? "B" : "A"}`;
      const other = await newGuest(t.app);
      const otherSet = await setCredentials(t.app, other.auth, "bystander", "their-pass");
      const othersDevice = otherSet.json().data.device_credential as string;
      for (const credential of [
        forged,
        respelled,
        `${deviceB}${"x".repeat(2000)}`,
        12345,
        othersDevice,
      ]) {
        const r = await login("right-pass", { credential });
        expect(r.statusCode, String(credential).slice(0, 40)).toBe(429);
      }
      const tooMany = { cookie: Array(6).fill("cr_device=junk").concat(deviceA.cookie).join("; ") };
      expect((await login("right-pass", { headers: tooMany })).statusCode).toBe(429);

      // A known device's own failures lock that device only.
      const own: number[] = [];
      for (let i = 0; i < 4; i++)
        own.push((await login(`typo-${i}`, { headers: deviceA })).statusCode);
      expect(own).toEqual([401, 401, 401, 429]);
      expect((await login("right-pass", { headers: deviceA })).statusCode).toBe(429);
      expect((await login("right-pass", { credential: deviceB })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });

  it("sign-in calls per address per minute: over the limit is 429 in the error shape", async () => {
    const t = await testApp(dialect, { LOGINS_PER_MINUTE: "5" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await t.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { login: `walker${i}`, password: "nope-nope" },
        });
        codes.push(r.statusCode);
        if (r.statusCode === 429) {
          expect(r.json()).toEqual({
            error: { code: "rate_limited", message: expect.stringMatching(/Try again in/) },
          });
          expect(r.headers["retry-after"]).toBeDefined();
        }
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // /api/auth and /api/device-login count per address too.
      const auth = await t.app.inject({
        method: "POST",
        url: "/api/auth",
        payload: { partner_id: "x", nickname: "y" },
      });
      expect(auth.statusCode).toBe(401);
    } finally {
      await t.app.close();
    }
  });

  it("new players per address per hour: over the limit is 429 and creates no one", async () => {
    const t = await testApp(dialect, { SIGNUPS_PER_HOUR: "3" });
    try {
      for (let i = 0; i < 3; i++) await newGuest(t.app);
      const refused = await t.app.inject({ method: "POST", url: "/api/play-new-player" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/new players/);
      expect(await countUsers(t.db.kysely)).toBe(3);
      // Another address is not held back by this one (trusted proxy gives each its address).
    } finally {
      await t.app.close();
    }
  });

  it("behind a trusted proxy each client address has its own count", async () => {
    const t = await testApp(dialect, { SIGNUPS_PER_HOUR: "1", TRUST_PROXY: "1" });
    try {
      const from = (ip: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/play-new-player",
          headers: { "x-forwarded-for": ip },
        });
      expect((await from("203.0.113.1")).statusCode).toBe(200);
      expect((await from("203.0.113.1")).statusCode).toBe(429);
      expect((await from("203.0.113.2")).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });

  it("a flood of wrong logins does not hold back token checks or sign-ups", async () => {
    const t = await testApp(dialect, { PASSWORD_HASH_CONCURRENCY: "1" });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const address = t.app.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const g = await newGuest(t.app);
      const order: string[] = [];
      const post = (path: string, body?: unknown) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body ?? {}),
        });
      const flood = Array.from({ length: 32 }, (_, i) =>
        post("/api/login", { login: `flood${i}`, password: "wrong-password" }).then((r) => {
          order.push("login");
          return r.status;
        }),
      );
      // Once the flood is being hashed: a first check of a never-checked token
      // (no cache; it needs the crypto thread pool) and a sign-up.
      await Promise.race(flood);
      const check = fetch(`${base}/api/player-details`, { headers: g.auth }).then((r) => {
        order.push("details");
        return r.status;
      });
      const signup = post("/api/play-new-player").then((r) => {
        order.push("signup");
        return r.status;
      });
      expect(await check).toBe(200);
      expect(await signup).toBe(200);
      const codes = await Promise.all(flood);
      expect(codes.every((c) => c === 401)).toBe(true);
      // Both answered while most of the flood still waited for its turn at hashing
      // (unbounded, the token check queued behind every hash in the pool).
      expect(order.indexOf("details")).toBeLessThan(12);
      expect(order.indexOf("signup")).toBeLessThan(12);
    } finally {
      await t.app.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)("throttles shared through Redis", () => {
  it("two server processes count one address together", async () => {
    const redisUrl = process.env.REDIS_URL ?? "";
    // Two processes of one deployment: one database (the throttle's Redis keys carry its prefix).
    const env = {
      REDIS_URL: redisUrl,
      SIGNUPS_PER_HOUR: "3",
      TRUST_PROXY: "1",
      DATA_DIR: mkdtempSync(join(tmpdir(), "cardrealm-two-")),
    };
    const a = await testApp("sqlite", env);
    const b = await testApp("sqlite", env, { db: a.db, keepDbOpen: true });
    try {
      // A fresh address per run (Redis keeps counts for the hour).
      const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
      const headers = { "x-forwarded-for": `2001:db8:${hex()}:${hex()}::1` };
      const signup = (t: typeof a) =>
        t.app.inject({ method: "POST", url: "/api/play-new-player", headers });
      const codes = [
        (await signup(a)).statusCode,
        (await signup(b)).statusCode,
        (await signup(a)).statusCode,
        (await signup(b)).statusCode,
      ];
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});

describe("the password hasher", () => {
  it("runs at most `concurrency` hashes at once and refuses beyond its queue", async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 2 });
    const running = [hasher.hash("one-pass-1"), hasher.hash("two-pass-2"), hasher.hash("three-3")];
    await expect(hasher.hash("four-pass-4")).rejects.toBeInstanceOf(PasswordHasherBusy);
    const hashes = await Promise.all(running);
    expect(await hasher.verify(hashes[1] ?? "", "two-pass-2")).toBe(true);
    expect(await hasher.verify(hashes[1] ?? "", "wrong")).toBe(false);
    // The queue drained: new work is taken again.
    await expect(hasher.hash("five-pass-5")).resolves.toMatch(/^\$argon2id\$/);
  });
});
