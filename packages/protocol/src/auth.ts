import { z } from "zod";
import { isServerFact } from "./analytics.ts";
import { LIMITS } from "./constants.ts";
import { line, TextJson, text } from "./text.ts";

const login = line()
  .trim()
  .min(LIMITS.loginMin, `login must be at least ${LIMITS.loginMin} characters`)
  .max(LIMITS.loginMax, `login must be at most ${LIMITS.loginMax} characters`)
  .regex(/^[A-Za-z0-9_.@-]+$/, "login may use letters, digits and _ . @ - only");
const password = text()
  .min(LIMITS.passwordMin, `password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `password must be at most ${LIMITS.passwordMax} characters`);

/**
 * POST /api/auth: a partner platform player, as the platform launched the
 * game: partner id, nickname, `ts` (Unix seconds when the platform signed)
 * and `sign`, the platform's HMAC-SHA256 of the other fields (hex; see
 * docs/protocol.md "Partner signatures").
 */
export const PartnerAuthBody = z.strictObject({
  partner_id: z.union([
    line().trim().min(1).max(LIMITS.partnerIdMax),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  ]),
  nickname: line().trim().min(1).max(LIMITS.nicknameMax),
  // Optional on the wire so an unsigned call gets the 401 of a bad signature, not a 400.
  ts: z.coerce
    .number({ message: "ts must be the launch time in Unix seconds" })
    .int("ts must be whole seconds")
    .min(0)
    .max(2 ** 40)
    .optional(),
  sign: line().max(128).optional(),
});
export type PartnerAuthBody = z.infer<typeof PartnerAuthBody>;

/**
 * POST /api/login. Password length is not checked here so a wrong one gets
 * the catalogue text. `device_credential`: what an earlier sign-in on this
 * device answered (for webviews that drop the `cr_device` cookie); one that
 * is not a string or too long is ignored, like a forged one: the device is
 * then simply not known (docs/decisions.md, issue 23 items 3 and 9).
 */
export const LoginBody = z.strictObject({
  login: line().trim().min(1, "login is required").max(LIMITS.loginMax),
  password: text().min(1, "password is required").max(LIMITS.passwordMax),
  device_credential: text().max(1024).optional().catch(undefined),
});
export type LoginBody = z.infer<typeof LoginBody>;

/**
 * PUT /api/player/edit: gives a guest a login and password, or changes them;
 * an account that has a password must send it as `current_password`.
 */
export const PlayerEditBody = z.strictObject({
  login,
  password,
  current_password: text().min(1).max(LIMITS.passwordMax).optional(),
});

/** POST /api/device-login: local play's server-issued device key (see docs/decisions.md). */
export const DeviceLoginBody = z.strictObject({
  device_key: line().regex(/^[A-Za-z0-9_-]{43}$/, "device_key must be the key the server gave"),
});
export type DeviceLoginBody = z.infer<typeof DeviceLoginBody>;
export type PlayerEditBody = z.infer<typeof PlayerEditBody>;

/** POST /api/play-new-player takes no body (an empty object is accepted). */
export const EmptyBody = z.union([z.strictObject({}), z.undefined(), z.null()]);

/** POST /api/player/events: one analytics event. */
export const PlayerEventBody = z.strictObject({
  event: z.strictObject({
    name: line()
      .min(1)
      .max(LIMITS.eventNameMax)
      .regex(/^[a-z0-9_.:-]+$/i, "event name may use letters, digits and _ . : - only")
      .refine((name) => !isServerFact(name.toLowerCase()), {
        message: "this event is recorded by the server (docs/analytics.md)",
      }),
    data: z.record(text(), TextJson).optional(),
  }),
});
export type PlayerEventBody = z.infer<typeof PlayerEventBody>;
