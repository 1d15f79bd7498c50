import type { Executor } from "../db/executor.ts";
import { findSession } from "../db/repositories/users-repo.ts";
import { AccountSuspended } from "./account-suspended.ts";
import { createSessionReads } from "./session-reads.ts";
import type { TokenService, TokenSigner } from "./tokens.ts";

/**
 * Tokens tied to the users table: a token signs in only while its user
 * exists and its session version is the user's current one. A password change
 * bumps the version (users-repo `setCredentials`), so every token issued
 * before it stops working, on every process, at once: the check reads the
 * row on every call rather than caching it, because a cache here would let
 * an ended session live on in another process. On PostgreSQL calls that
 * arrive together share one read (auth/session-reads.ts), which starts after
 * each of them arrived.
 * A suspended account (operator's console) gets no token and keeps none.
 */
export function createSessions(deps: {
  signer: TokenSigner;
  db: Executor;
  /**
   * Share one read among calls that arrive together (PostgreSQL: a pool
   * round trip each). SQLite reads in-process with a prepared statement, and
   * sharing measured slower there (bench/RESULTS.md, session 18).
   */
  shareReads?: boolean;
}): TokenService {
  const { signer, db } = deps;
  const sessionOf = deps.shareReads
    ? createSessionReads(db)
    : (userId: number) => findSession(db, userId);
  return {
    async issue(userId) {
      const session = await findSession(db, userId);
      if (!session) throw new Error(`no user ${userId} to issue a token for`);
      if (session.suspended_at !== null) {
        throw new AccountSuspended(session.suspended_reason ?? "no reason given");
      }
      return signer.issue(userId, session.session_version);
    },
    async verify(token) {
      const claims = await signer.verify(token);
      if (!claims) return null;
      const session = await sessionOf(claims.userId);
      if (!session || session.session_version !== claims.sessionVersion) return null;
      if (session.suspended_at !== null) return null;
      return claims.userId;
    },
  };
}
