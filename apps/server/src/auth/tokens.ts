import { webcrypto } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

export interface TokenService {
  issue(userId: number): Promise<string>;
  /** The user id, or null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<number | null>;
}

/**
 * Verified tokens remembered (token -> user id until its expiry); the oldest
 * go first. Room for every player of a full arena (bench/pvp: 10,000 sockets;
 * 4,096 made most of them verify again), about 300 bytes each.
 */
export const VERIFIED_CACHE_SIZE = 16_384;

/**
 * HS256 tokens. The HMAC key is imported once (jose would import raw key
 * bytes again on every call: 16 % of the server's CPU in bench/pvp), and a
 * token that verified is remembered with its expiry, so the many calls and
 * socket registers of one player check the signature once. A token is
 * immutable and signed, so the cache can only say yes to what verified, and
 * never past the token's own `exp`.
 */
export function createTokenService(opts: {
  secret: string;
  ttlSeconds: number;
  clock: () => number;
  cacheSize?: number;
}): TokenService {
  const cacheSize = opts.cacheSize ?? VERIFIED_CACHE_SIZE;
  const key = webcrypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(opts.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const verified = new Map<string, { id: number; expiresAtMs: number }>();

  function remember(token: string, id: number, exp: number | undefined): void {
    if (cacheSize <= 0 || typeof exp !== "number") return;
    verified.delete(token);
    verified.set(token, { id, expiresAtMs: exp * 1000 });
    if (verified.size > cacheSize) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
  }

  return {
    async issue(userId) {
      const now = Math.floor(opts.clock() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + opts.ttlSeconds)
        .sign(await key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (opts.clock() < hit.expiresAtMs) return hit.id;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ["HS256"],
          currentDate: new Date(opts.clock()),
        });
        const id = Number(payload.sub);
        if (!Number.isSafeInteger(id) || id <= 0) return null;
        remember(token, id, payload.exp);
        return id;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
