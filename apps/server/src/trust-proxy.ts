import { isIP } from "node:net";

/**
 * What TRUST_PROXY says may write a request's X-Forwarded-For/-Proto
 * (docs/decisions.md, "Throttles behind a proxy"):
 * - `none` (TRUST_PROXY=0): nobody; the client is the socket's peer.
 * - `hops` (TRUST_PROXY=1, 2, ...): every request comes through that many
 *   proxies; the client is the entry that many places from the right of
 *   X-Forwarded-For (1: the rightmost, which the one proxy wrote). Entries
 *   further left are the client's own writing and never used.
 * - `addresses` (TRUST_PROXY=10.0.0.2,10.1.0.0/16): only a peer at one of
 *   these addresses is a proxy; the client is the rightmost entry that is not
 *   one, so a client reaching the server directly cannot name another address.
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; addresses: string[] };

export const MAX_PROXY_HOPS = 16;

const HELP =
  "TRUST_PROXY must be 0 (no proxy), the number of proxies in front of the server (1, 2, ...) or the proxies' addresses/CIDRs separated by commas (e.g. 10.0.0.2,172.18.0.0/16)";

/** An address, or a CIDR narrower than "everyone" (that would be `true`). */
function addressProblem(entry: string): string | null {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR`;
  if (prefix === undefined) return null;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return `"${entry}" has a prefix length outside 0-${bits}`;
  if (Number(prefix) === 0)
    return `"${entry}" is every address: any client could write its own X-Forwarded-For`;
  return null;
}

/** TRUST_PROXY's value, or why it is refused (one line for the start-up error). */
export function parseTrustProxy(value: string): TrustProxy | { refused: string } {
  const v = value.trim();
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops === 0) return { kind: "none" };
    if (hops > MAX_PROXY_HOPS)
      return { refused: `${HELP}; ${v} proxies is more than ${MAX_PROXY_HOPS}` };
    return { kind: "hops", hops };
  }
  if (/^(true|\*|yes|on|all)$/i.test(v))
    return {
      refused: `${HELP}; "${v}" would trust every address, and X-Forwarded-For's leftmost entry is written by the client`,
    };
  const addresses = v.split(",").map((a) => a.trim());
  for (const entry of addresses) {
    const problem = addressProblem(entry);
    if (problem) return { refused: `${HELP}; ${problem}` };
  }
  return { kind: "addresses", addresses };
}

/**
 * Fastify's `trustProxy` for a setting. A hop count is given as a function:
 * Fastify 5 takes a plain number as "trust nobody" (it cannot check the
 * peer), so `1` would silently count every player as the proxy. The function
 * is asked about the socket's peer first (i = 0), then X-Forwarded-For from
 * the right; the first address it does not trust is the client.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, i: number) => boolean) {
  switch (setting.kind) {
    case "none":
      return false;
    case "hops": {
      const { hops } = setting;
      return (_address, i) => i < hops;
    }
    case "addresses":
      return setting.addresses;
  }
}
