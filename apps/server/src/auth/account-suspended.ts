/**
 * Thrown when a token would be issued to an account an operator suspended:
 * every way of signing in ends here (auth/sessions.ts), and the error
 * handler answers it as 403 with the reason, so the player knows why.
 */
export class AccountSuspended extends Error {
  constructor(readonly reason: string) {
    super(`This account is suspended: ${reason}. Write to support if you think this is a mistake.`);
  }
}
