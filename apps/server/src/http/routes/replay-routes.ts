import { ReplayIdParams, ReplayShareParams } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { Replays } from "../../replays/replay-service.ts";
import { parseWith } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";
import { manualThrottle } from "../throttle.ts";

/**
 * Replays (issue 16, docs/replays.md): signed-in players only, guests
 * included. Every answer is `{ data }`; a battle the caller did not play
 * answers 404 "No such replay." exactly like a missing one. Looking up share
 * ids that do not exist is throttled per player and per address, so share
 * ids cannot be guessed by brute force (they are 128 random bits anyway).
 */
export function replayRoutes(
  app: FastifyInstance,
  deps: {
    auth: preHandlerAsyncHookHandler;
    replays: Replays;
    /** Unknown share ids one player, and one address, may ask for per hour. */
    shareMissesPerHour: number;
  },
): void {
  const { auth, replays } = deps;
  const misses = manualThrottle(app, {
    max: deps.shareMissesPerHour,
    timeWindowMs: 3_600_000,
    what: "unknown replay links",
  });

  app.get("/api/replays", { preHandler: auth }, async (request) => ({
    data: valueOrHttpError(await replays.list(request.userId)),
  }));

  app.get("/api/replays/shared/:share_id", { preHandler: auth }, async (request, reply) => {
    const { share_id } = parseWith(ReplayShareParams, request.params, "path");
    const keys = [`replay-miss:user:${request.userId}`, `replay-miss:ip:${request.ip}`];
    for (const key of keys) await misses.check(request, reply, key);
    const found = await replays.shared(share_id);
    if (!found.ok && found.refusal.kind === "not_found") {
      for (const key of keys) await misses.take(request, reply, key);
    }
    return { data: valueOrHttpError(found) };
  });

  app.get("/api/replays/:id", { preHandler: auth }, async (request) => {
    const { id } = parseWith(ReplayIdParams, request.params, "path");
    return { data: valueOrHttpError(await replays.get(request.userId, id)) };
  });

  app.post("/api/replays/:id/share", { preHandler: auth }, async (request) => {
    const { id } = parseWith(ReplayIdParams, request.params, "path");
    return { data: valueOrHttpError(await replays.share(request.userId, id)) };
  });
}
