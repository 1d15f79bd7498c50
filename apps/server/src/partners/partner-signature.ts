import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How the partner platform signs what it sends us (its launch parameters and
 * its payment notices), the way VK's launch `sign`, Telegram's `initData`
 * hash or Xsolla's webhooks do: HMAC-SHA256 with a secret the platform shares
 * with the game, over a canonical string of the fields, hex-encoded.
 *
 * Canonical string: every field but `sign`, sorted by name, as
 * `name=value` joined by `&`, names and values percent-encoded with
 * encodeURIComponent. docs/protocol.md "Partner signatures" gives an example.
 */
export type SignedFields = Record<string, string | number>;

export function canonicalString(fields: SignedFields): string {
  return Object.keys(fields)
    .filter((k) => k !== "sign")
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(fields[k]))}`)
    .join("&");
}

export function signFields(secret: string, fields: SignedFields): string {
  return createHmac("sha256", secret).update(canonicalString(fields)).digest("hex");
}

/** True when `sign` is the signature of the other fields (compared in constant time). */
export function verifySignature(secret: string, fields: SignedFields, sign: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(sign)) return false;
  const expected = Buffer.from(signFields(secret, fields), "hex");
  return timingSafeEqual(expected, Buffer.from(sign, "hex"));
}

/** A signed launch is accepted this long after the platform signed it (and this far ahead, for clock skew). */
export const LAUNCH_MAX_AGE_SECONDS = 600;

/**
 * A payment notice is accepted up to a day after the platform signed it (its
 * retries of a notice the game missed come within that), and at most five
 * minutes ahead of our clock: an older or future-dated one is refused (401).
 */
export const NOTICE_MAX_AGE_SECONDS = 24 * 3600;
export const NOTICE_MAX_AHEAD_SECONDS = 300;
