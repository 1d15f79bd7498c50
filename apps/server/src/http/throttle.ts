import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { HttpError } from "./http-error.ts";

/** A throttle a route consults itself: `take` counts a call, `isSpent` only looks. */
export interface ManualThrottle {
  /** Counts one call under `key`; throws 429 (with Retry-After) when over the limit. */
  take(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>;
  /** Throws 429 (with Retry-After) when `key` has no calls left, without counting one. */
  check(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>;
}

const tooMany = (seconds: number, what: string) =>
  new HttpError(
    429,
    "rate_limited",
    `Too many ${what}. Try again in ${seconds <= 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`}.`,
  );

/**
 * @fastify/rate-limit, off by default (routes opt in with
 * `config.rateLimit`), counting in Redis when there is one so every process
 * of a cluster shares the count. A refusal is 429 in the usual error shape
 * with Retry-After. Must be registered before the routes it guards.
 */
export async function installThrottle(
  app: FastifyInstance,
  redis: Redis | undefined,
  /**
   * Redis keys' prefix: the deployment's (realtime/bus.ts busPrefix, from its
   * database), so two deployments or test databases sharing one Redis never
   * share a count (their user ids overlap: a throttle keyed by user 1 was
   * another database's user 1).
   */
  prefix = "cardrealm:",
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${prefix}throttle:` } : {}),
    // A store failure (Redis away) must not take sign-in down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      tooMany(Math.max(1, Math.ceil(context.ttl / 1000)), "attempts from your address"),
  });
}

/**
 * A throttle keyed by what the route says (a login name, an address), for
 * limits a plain per-route hook cannot express: counting only failures, or
 * one count shared by several routes.
 */
export function manualThrottle(
  app: FastifyInstance,
  opts: { max: number; timeWindowMs: number; what: string },
): ManualThrottle {
  // The key the route chose for this request (the limiter asks the request for it).
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.timeWindowMs,
    keyGenerator: (request) => keys.get(request) ?? request.ip,
  });
  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    increment: boolean,
  ): Promise<void> {
    keys.set(request, key);
    const r = await limiter(request, { increment });
    if (r.isAllowed) return;
    const spent = increment ? r.isExceeded : r.remaining <= 0;
    if (!spent) return;
    const seconds = Math.max(1, r.ttlInSeconds);
    reply.header("retry-after", String(seconds));
    throw tooMany(seconds, opts.what);
  }
  return {
    take: (request, reply, key) => run(request, reply, key, true),
    check: (request, reply, key) => run(request, reply, key, false),
  };
}
