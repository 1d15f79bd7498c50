import { describe, expect, it } from "vitest";
import { trustedProxyAddress } from "../src/http/connection-limits.ts";
import { parseTrustProxy, type TrustProxy } from "../src/trust-proxy.ts";

/** The per-address connection cap exempts exactly the peers TRUST_PROXY trusts. */
function exemptFor(value: string): (address: string) => boolean {
  const setting = parseTrustProxy(value);
  if (!("kind" in setting)) throw new Error(setting.refused);
  return trustedProxyAddress({ trustProxy: setting satisfies TrustProxy });
}

describe("connection cap exemption follows TRUST_PROXY", () => {
  it("caps every peer when no proxy is trusted", () => {
    expect(exemptFor("0")("127.0.0.1")).toBe(false);
    expect(exemptFor("0")("10.0.0.2")).toBe(false);
  });

  it("exempts whoever connects behind a hop count (nginx's limit_conn caps each player)", () => {
    expect(exemptFor("1")("10.0.0.2")).toBe(true);
  });

  it("exempts only the listed proxies and subnets, v4-mapped peers included", () => {
    const exempt = exemptFor("10.0.0.2,172.18.0.0/16,fd00::1");
    expect(exempt("10.0.0.2")).toBe(true);
    expect(exempt("::ffff:10.0.0.2")).toBe(true);
    expect(exempt("172.18.40.7")).toBe(true);
    expect(exempt("fd00::1")).toBe(true);
    expect(exempt("10.0.0.3")).toBe(false);
    expect(exempt("172.19.0.1")).toBe(false);
    expect(exempt("127.0.0.1")).toBe(false);
  });
});
