import {
  DeviceLoginBody,
  EmptyBody,
  LoginBody,
  MESSAGES,
  PartnerAuthBody,
  type SignedInUser,
} from "@cardrealm/protocol";
import type { FastifyInstance } from "fastify";
import type { KnownDevices } from "../../auth/known-devices.ts";
import type { PlayerService, SignedIn } from "../../services/player-service.ts";
import { HttpError, parseWith, passwordsBusyAs503, unauthorized } from "../http-error.ts";
import { devicesOf, rememberDevice } from "../known-device.ts";
import { type ManualThrottle, manualThrottle } from "../throttle.ts";

const withToken = (s: SignedIn, deviceCredential?: string): { data: SignedInUser } => ({
  data: {
    ...s.user,
    jwtToken: s.token,
    ...(s.deviceKey ? { device_key: s.deviceKey } : {}),
    ...(deviceCredential ? { device_credential: deviceCredential } : {}),
  },
});

const PARTNER_REFUSALS = {
  unsigned:
    "Sign-in needs the platform's signed launch parameters. Open the game from the platform.",
  bad_signature: "The platform's signature does not match. Open the game from the platform again.",
  stale: "This sign-in link has expired. Open the game from the platform again.",
  replayed: "This sign-in link was already used. Open the game from the platform again.",
} as const;

export interface AuthThrottles {
  /** Sign-in calls per address per minute (/api/login, /api/auth, /api/device-login). */
  loginsPerMinute: number;
  /** New players per address per hour (/api/play-new-player). */
  signupsPerHour: number;
  /**
   * Failed logins per login name in 15 minutes; from a device known to that
   * account (auth/known-devices.ts), per login name and device instead.
   */
  loginFailuresPerLogin: number;
}

/** Sign-in calls (no token): partner auth, login and password, device key, new guest. */
export function authRoutes(
  app: FastifyInstance,
  deps: { players: PlayerService; throttles: AuthThrottles; devices: KnownDevices },
): void {
  const { players, throttles, devices } = deps;
  const perAddress = {
    rateLimit: { max: throttles.loginsPerMinute, timeWindow: 60_000 },
  };
  const signups: ManualThrottle = manualThrottle(app, {
    max: throttles.signupsPerHour,
    timeWindowMs: 3_600_000,
    what: "new players from your address",
  });
  const loginFailures: ManualThrottle = manualThrottle(app, {
    max: throttles.loginFailuresPerLogin,
    timeWindowMs: 15 * 60_000,
    what: "failed sign-ins for this login",
  });

  app.post("/api/auth", { config: perAddress }, async (request) => {
    const body = parseWith(PartnerAuthBody, request.body);
    const r = await players.partnerAuth(body);
    if (!r.ok) throw unauthorized(PARTNER_REFUSALS[r.reason]);
    return withToken(r.signedIn);
  });

  app.post("/api/login", { config: perAddress }, async (request, reply) => {
    const body = parseWith(LoginBody, request.body);
    const name = body.login.trim().toLowerCase();
    // A device that signed in to this account before counts its own failures:
    // others' guesses never refuse the owner's right password. Any other
    // device shares the login's count (a lock holds even for the right
    // password there, so it tells a guesser nothing).
    const known = devicesOf(request, devices, body.device_credential);
    const owner = known.length > 0 ? await players.loginOwner(name) : null;
    const device = owner === null ? undefined : known.find((d) => d.accounts.includes(owner));
    const key = device ? `login:${name}:device:${device.id}` : `login:${name}`;
    await loginFailures.check(request, reply, key);
    const signed = await players.login(body.login, body.password).catch(passwordsBusyAs503(reply));
    if (!signed) {
      await loginFailures.take(request, reply, key);
      throw new HttpError(401, "incorrect_login", MESSAGES.incorrectLogin);
    }
    const mine = device ? [device, ...known] : known;
    return withToken(signed, rememberDevice(request, reply, devices, mine, signed.user.id));
  });

  app.post("/api/device-login", { config: perAddress }, async (request) => {
    const body = parseWith(DeviceLoginBody, request.body);
    const signed = await players.deviceLogin(body.device_key);
    if (!signed) throw unauthorized("This device's player is gone. Press Play to start anew.");
    return withToken(signed);
  });

  app.post("/api/play-new-player", async (request, reply) => {
    parseWith(EmptyBody, request.body);
    await signups.take(request, reply, `signup:${request.ip}`);
    return withToken(await players.playNewPlayer());
  });
}
