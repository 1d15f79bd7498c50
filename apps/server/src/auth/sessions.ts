import type { Db } from "../db/database.ts";
import { SESSION_NOTICES } from "../db/migrations/0018-session-notices.ts";
import { findSession } from "../db/repositories/users-repo.ts";
import { AccountSuspended } from "./account-suspended.ts";
import { createSessionCache } from "./session-cache.ts";
import { createSessionReads } from "./session-reads.ts";
import type { TokenService, TokenSigner } from "./tokens.ts";

/**
 * Tokens tied to the users table: a token signs in only while its user
 * exists and its session version is the user's current one. A password change
 * bumps the version (users-repo `setCredentials`), so every token issued
 * before it stops working, on every process.
 *
 * SQLite (one process) reads the row on every call with a prepared
 * statement. PostgreSQL keeps the rows per process while it hears the
 * database's notices of session changes (auth/session-cache.ts: the process
 * that ends a session forgets the row before it answers, the others within
 * the notice's few milliseconds), and reads what it lacks for the calls that
 * arrive together in one statement (auth/session-reads.ts).
 * A suspended account (operator's console) gets no token and keeps none.
 */
export function createSessions(deps: { signer: TokenSigner; db: Db }): TokenService {
  const { signer } = deps;
  const k = deps.db.kysely;
  const cache = deps.db.listen ? createSessionCache(createSessionReads(k)) : null;
  if (cache && deps.db.listen) {
    const mine = `${deps.db.schema ?? "public"}:`;
    deps.db.listen(SESSION_NOTICES, {
      notice(payload) {
        if (payload.startsWith(mine)) cache.forget(Number(payload.slice(mine.length)));
      },
      listening: (on) => cache.listening(on),
    });
  }
  const sessionOf = cache ? cache.get : (userId: number) => findSession(k, userId);
  return {
    async issue(userId) {
      const session = await findSession(k, userId);
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
    forget(userId) {
      cache?.forget(userId);
    },
  };
}
