import type { ErrorCode } from "@cardrealm/protocol";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import { PasswordHasherBusy } from "../auth/passwords.ts";

/** An error a caller can act on: becomes `{ error: { code, message } }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, "bad_request", message);
export const unauthorized = (message = "Your session has ended. Please sign in again.") =>
  new HttpError(401, "unauthorized", message);

/**
 * For a `.catch` around work that checks a password: the checks are all busy
 * (PasswordHasherBusy) becomes 503 with Retry-After; anything else goes on up.
 */
export function passwordsBusyAs503(reply: FastifyReply) {
  return (err: unknown): never => {
    if (!(err instanceof PasswordHasherBusy)) throw err;
    reply.header("retry-after", "5");
    throw new HttpError(
      503,
      "unavailable",
      "Too many sign-ins are being checked right now. Try again in a few seconds.",
    );
  };
}

/** Parses input with a protocol schema; a mismatch is a 400 naming each bad field. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what = "body",
): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const details = r.error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
  throw badRequest(`Invalid request ${what}: ${details}`);
}
