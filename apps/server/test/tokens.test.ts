import { describe, expect, it } from "vitest";
import { createTokenService } from "../src/auth/tokens.ts";

describe("bearer tokens (key imported once, verified tokens remembered until they expire)", () => {
  const secret = "tokens-test-secret-tokens-test-secret-0";

  it("verifies its own tokens, again and again, and refuses forged or foreign ones", async () => {
    const clock = { now: Date.UTC(2026, 10, 22) };
    const tokens = createTokenService({ secret, ttlSeconds: 3600, clock: () => clock.now });
    const t = await tokens.issue(17);
    expect(await tokens.verify(t)).toBe(17);
    expect(await tokens.verify(t)).toBe(17);
    expect(await tokens.verify(`${t}x`)).toBeNull();
    expect(await tokens.verify("not-a-token")).toBeNull();
    const other = createTokenService({
      secret: "another-secret-another-secret-another-0",
      ttlSeconds: 3600,
      clock: () => clock.now,
    });
    expect(await other.verify(t)).toBeNull();
  });

  it("a remembered token still expires at its exp", async () => {
    const clock = { now: Date.UTC(2026, 10, 22) };
    const tokens = createTokenService({ secret, ttlSeconds: 60, clock: () => clock.now });
    const t = await tokens.issue(5);
    expect(await tokens.verify(t)).toBe(5); // now remembered
    clock.now += 59_000;
    expect(await tokens.verify(t)).toBe(5);
    clock.now += 1_000;
    expect(await tokens.verify(t)).toBeNull();
  });

  it("keeps verifying correctly past the cache's size", async () => {
    const clock = { now: Date.UTC(2026, 10, 22) };
    const tokens = createTokenService({
      secret,
      ttlSeconds: 3600,
      clock: () => clock.now,
      cacheSize: 2,
    });
    const issued = await Promise.all([1, 2, 3, 4].map((id) => tokens.issue(id)));
    for (let round = 0; round < 2; round++) {
      expect(await Promise.all(issued.map((t) => tokens.verify(t)))).toEqual([1, 2, 3, 4]);
    }
  });
});
