import { errors, jwtVerify, SignJWT } from "jose";

export interface TokenService {
  issue(userId: number): Promise<string>;
  /** The user id, or null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<number | null>;
}

export function createTokenService(opts: {
  secret: string;
  ttlSeconds: number;
  clock: () => number;
}): TokenService {
  const key = new TextEncoder().encode(opts.secret);
  return {
    async issue(userId) {
      const now = Math.floor(opts.clock() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + opts.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          currentDate: new Date(opts.clock()),
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
