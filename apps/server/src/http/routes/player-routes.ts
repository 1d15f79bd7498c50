import { LIMITS, MESSAGES, PlayerEditBody, PlayerEventBody } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { KnownDevices } from "../../auth/known-devices.ts";
import type { EditResult, PlayerService } from "../../services/player-service.ts";
import { bearerOf } from "../auth-guard.ts";
import { HttpError, parseWith, passwordsBusyAs503, unauthorized } from "../http-error.ts";
import { devicesOf, rememberDevice } from "../known-device.ts";

type EditRefusal = Extract<EditResult, { ok: false }>["reason"];

const EDIT_REFUSALS: Record<EditRefusal, HttpError> = {
  login_taken: new HttpError(409, "login_taken", MESSAGES.loginTaken),
  current_password_required: new HttpError(
    400,
    "bad_request",
    "Enter your current password to change your login or password.",
  ),
  wrong_password: new HttpError(403, "forbidden", "Your current password is not right."),
  conflict: new HttpError(
    409,
    "conflict",
    "Your account was changed at the same moment elsewhere. Sign in again and retry.",
  ),
};

/** The signed-in player's own calls (bearer token). */
export function playerRoutes(
  app: FastifyInstance,
  deps: {
    players: PlayerService;
    auth: preHandlerAsyncHookHandler;
    eventsPerMinute: number;
    devices: KnownDevices;
    /** Every other session's open socket closes (realtime channel); `spareToken`'s goes on. */
    sessionsEnded?: (userId: number, spareToken: string) => void;
  },
): void {
  const { players, auth, devices } = deps;

  app.get("/api/player-details", { preHandler: auth }, async (request, reply) => {
    // The view's JSON text, kept while nothing it shows changed: sent as is.
    const user = await players.detailsJson(request.userId);
    if (!user) throw unauthorized("This player no longer exists. Please sign in again.");
    return reply.type("application/json; charset=utf-8").send(`{"data":${user}}`);
  });

  // Changing credentials checks a password: throttled per address like a login.
  app.put(
    "/api/player/edit",
    { preHandler: auth, config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
    async (request, reply) => {
      const body = parseWith(PlayerEditBody, request.body);
      const r = await players
        .editCredentials(request.userId, {
          login: body.login,
          password: body.password,
          currentPassword: body.current_password,
        })
        .catch(passwordsBusyAs503(reply));
      if (!r.ok) throw EDIT_REFUSALS[r.reason];
      // The password was set on this device: it is known to the account from now on.
      const known = devicesOf(request, devices, undefined);
      const deviceCredential = rememberDevice(request, reply, devices, known, r.user.id);
      // Every other session ended: this one goes on with the new token.
      deps.sessionsEnded?.(request.userId, bearerOf(request.headers.authorization));
      return { data: { ...r.user, jwtToken: r.token, device_credential: deviceCredential } };
    },
  );

  app.post(
    "/api/player/events",
    { preHandler: auth, config: { rateLimit: { max: deps.eventsPerMinute, timeWindow: 60_000 } } },
    async (request) => {
      const body = parseWith(PlayerEventBody, request.body);
      const data = body.event.data ?? {};
      if (JSON.stringify(data).length > LIMITS.eventPayloadMaxBytes) {
        throw new HttpError(
          413,
          "bad_request",
          `Event data must be at most ${LIMITS.eventPayloadMaxBytes} bytes.`,
        );
      }
      await players.recordEvent(request.userId, body.event.name, data);
      return { data: { ok: true } };
    },
  );
}
