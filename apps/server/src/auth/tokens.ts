import { webcrypto } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

/**
 * What routes and the realtime channel use: a token for a user, and the user
 * a token signs in (null for a missing, malformed, forged or expired token, a
 * token of an ended session or of a user who no longer exists).
 * auth/sessions.ts implements it over the signer below and the users table.
 */
export interface TokenService {
  issue(userId: number): Promise<string>;
  verify(token: string): Promise<number | null>;
  /** The user's sessions just changed here: the next verify reads them (auth/session-cache.ts). */
  forget?(userId: number): void;
}

/** What a token says: its user and the user's session version when it was issued. */
export interface TokenClaims {
  userId: number;
  sessionVersion: number;
}

/** Signs and checks tokens; knows nothing of the database. */
export interface TokenSigner {
  issue(userId: number, sessionVersion: number): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token, else null. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** `sub` is the user id in plain decimal: no sign, no leading zero, no "8.0" or "0x8". */
const SUBJECT = /^[1-9][0-9]{0,14}$/;

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
export function createTokenSigner(opts: {
  secret: string;
  ttlSeconds: number;
  clock: () => number;
  cacheSize?: number;
}): TokenSigner {
  const cacheSize = opts.cacheSize ?? VERIFIED_CACHE_SIZE;
  const key = webcrypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(opts.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  function remember(token: string, claims: TokenClaims, exp: number): void {
    if (cacheSize <= 0) return;
    verified.delete(token);
    verified.set(token, { claims, expiresAtMs: exp * 1000 });
    if (verified.size > cacheSize) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
  }

  return {
    async issue(userId, sessionVersion) {
      const now = Math.floor(opts.clock() / 1000);
      return new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + opts.ttlSeconds)
        .sign(await key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (opts.clock() < hit.expiresAtMs) return hit.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ["HS256"],
          currentDate: new Date(opts.clock()),
          requiredClaims: ["sub", "exp", "iat"],
        });
        const sub = payload.sub;
        const exp = payload.exp;
        const sv = payload.sv;
        if (typeof sub !== "string" || !SUBJECT.test(sub)) return null;
        if (typeof exp !== "number") return null;
        if (typeof sv !== "number" || !Number.isSafeInteger(sv) || sv < 0) return null;
        const claims = { userId: Number(sub), sessionVersion: sv };
        remember(token, claims, exp);
        return claims;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
