import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenSigner } from "../src/auth/tokens.ts";

describe("bearer tokens (key imported once, verified tokens remembered until they expire)", () => {
  const secret = "tokens-test-secret-tokens-test-secret-0";
  const key = new TextEncoder().encode(secret);

  it("verifies its own tokens, again and again, and refuses forged or foreign ones", async () => {
    const clock = { now: Date.UTC(2026, 10, 22) };
    const tokens = createTokenSigner({ secret, ttlSeconds: 3600, clock: () => clock.now });
    const t = await tokens.issue(17, 3);
    expect(await tokens.verify(t)).toEqual({ userId: 17, sessionVersion: 3 });
    expect(await tokens.verify(t)).toEqual({ userId: 17, sessionVersion: 3 });
    expect(await tokens.verify(`${t}x`)).toBeNull();
    expect(await tokens.verify("not-a-token")).toBeNull();
    const other = createTokenSigner({
      secret: "another-secret-another-secret-another-0",
      ttlSeconds: 3600,
      clock: () => clock.now,
    });
    expect(await other.verify(t)).toBeNull();
  });

  it("a remembered token still expires at its exp", async () => {
    const clock = { now: Date.UTC(2026, 10, 22) };
    const tokens = createTokenSigner({ secret, ttlSeconds: 60, clock: () => clock.now });
    const t = await tokens.issue(5, 0);
    expect(await tokens.verify(t)).toEqual({ userId: 5, sessionVersion: 0 }); // now remembered
    clock.now += 59_000;
    expect((await tokens.verify(t))?.userId).toBe(5);
    clock.now += 1_000;
    expect(await tokens.verify(t)).toBeNull();
  });

  it("keeps verifying correctly past the cache's size", async () => {
    const clock = { now: Date.UTC(2026, 10, 22) };
    const tokens = createTokenSigner({
      secret,
      ttlSeconds: 3600,
      clock: () => clock.now,
      cacheSize: 2,
    });
    const issued = await Promise.all([1, 2, 3, 4].map((id) => tokens.issue(id, 0)));
    for (let round = 0; round < 2; round++) {
      const ids = await Promise.all(issued.map((t: string) => tokens.verify(t)));
      expect(ids.map((c) => c?.userId)).toEqual([1, 2, 3, 4]);
    }
  });

  it("refuses a correctly signed token without exp, without a session version, or with a loose sub", async () => {
    const now = Date.UTC(2026, 10, 22);
    const tokens = createTokenSigner({ secret, ttlSeconds: 3600, clock: () => now });
    const iat = Math.floor(now / 1000);
    const sign = (claims: Record<string, unknown>, sub: string, exp: number | null) => {
      let jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(sub);
      jwt = jwt.setIssuedAt(iat);
      if (exp !== null) jwt = jwt.setExpirationTime(exp);
      return jwt.sign(key);
    };
    // The same shape the server issues is accepted: the refusals below are about one claim each.
    expect(await tokens.verify(await sign({ sv: 0 }, "8", iat + 60))).toEqual({
      userId: 8,
      sessionVersion: 0,
    });
    expect(await tokens.verify(await sign({ sv: 0 }, "8", null))).toBeNull();
    expect(await tokens.verify(await sign({}, "8", iat + 60))).toBeNull();
    for (const sub of ["8.0", "0x8", "08", "+8", " 8", "8e0", "-8", "0", "99999999999999999999"]) {
      expect(await tokens.verify(await sign({ sv: 0 }, sub, iat + 60)), sub).toBeNull();
    }
  });
});
