import { LIMITS, MESSAGES, PlayerEditBody, PlayerEventBody } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { PlayerService } from "../../services/player-service.ts";
import { HttpError, parseWith, unauthorized } from "../http-error.ts";

const GONE = "This player no longer exists. Please sign in again.";

/** The signed-in player's own calls (bearer token). */
export function playerRoutes(
  app: FastifyInstance,
  deps: {
    players: PlayerService;
    auth: preHandlerAsyncHookHandler;
    eventLimiter: { take(key: string): boolean };
  },
): void {
  const { players, auth } = deps;

  app.get("/api/player-details", { preHandler: auth }, async (request) => {
    const user = await players.details(request.userId);
    if (!user) throw unauthorized(GONE);
    return { data: user };
  });

  app.put("/api/player/edit", { preHandler: auth }, async (request) => {
    const body = parseWith(PlayerEditBody, request.body);
    const r = await players.editCredentials(request.userId, body.login, body.password);
    if (!r.ok && r.reason === "gone") throw unauthorized(GONE);
    if (!r.ok) throw new HttpError(409, "login_taken", MESSAGES.loginTaken);
    return { data: r.user };
  });

  app.post("/api/player/events", { preHandler: auth }, async (request) => {
    const body = parseWith(PlayerEventBody, request.body);
    const data = body.event.data ?? {};
    if (JSON.stringify(data).length > LIMITS.eventPayloadMaxBytes) {
      throw new HttpError(
        413,
        "bad_request",
        `Event data must be at most ${LIMITS.eventPayloadMaxBytes} bytes.`,
      );
    }
    if (!deps.eventLimiter.take(String(request.userId))) {
      throw new HttpError(
        429,
        "rate_limited",
        "Too many events; slow down and try again in a minute.",
      );
    }
    if (!(await players.recordEvent(request.userId, body.event.name, data)))
      throw unauthorized(GONE);
    return { data: { ok: true } };
  });
}
