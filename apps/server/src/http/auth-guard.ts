import type { FastifyRequest } from "fastify";
import type { TokenService } from "../auth/tokens.ts";
import { unauthorized } from "./http-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    userId: number;
  }
}

/** The token of an `Authorization: Bearer <token>` header (401 without one). */
export function bearerOf(header: string | undefined): string {
  if (!header) throw unauthorized("Sign in first: this call needs a bearer token.");
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized("The Authorization header must be 'Bearer <token>'.");
  return match[1];
}

/** A preHandler that admits only requests with a valid bearer token. */
export function requireUser(tokens: TokenService) {
  return async (request: FastifyRequest): Promise<void> => {
    const userId = await tokens.verify(bearerOf(request.headers.authorization));
    if (userId === null) throw unauthorized();
    request.userId = userId;
  };
}
