import { z } from "zod";
import { LIMITS } from "./constants.ts";

const login = z
  .string()
  .trim()
  .min(LIMITS.loginMin, `login must be at least ${LIMITS.loginMin} characters`)
  .max(LIMITS.loginMax, `login must be at most ${LIMITS.loginMax} characters`)
  .regex(/^[A-Za-z0-9_.@-]+$/, "login may use letters, digits and _ . @ - only");
const password = z
  .string()
  .min(LIMITS.passwordMin, `password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `password must be at most ${LIMITS.passwordMax} characters`);

/** POST /api/auth: a partner platform player (partner id and nickname). */
export const PartnerAuthBody = z.strictObject({
  partner_id: z.union([
    z.string().trim().min(1).max(LIMITS.partnerIdMax),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  ]),
  nickname: z.string().trim().min(1).max(LIMITS.nicknameMax),
});
export type PartnerAuthBody = z.infer<typeof PartnerAuthBody>;

/** POST /api/login. Password length is not checked here so a wrong one gets the catalogue text. */
export const LoginBody = z.strictObject({
  login: z.string().trim().min(1, "login is required").max(LIMITS.loginMax),
  password: z.string().min(1, "password is required").max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** PUT /api/player/edit: gives a guest a login and password. */
export const PlayerEditBody = z.strictObject({ login, password });
export type PlayerEditBody = z.infer<typeof PlayerEditBody>;

/** POST /api/play-new-player takes no body (an empty object is accepted). */
export const EmptyBody = z.union([z.strictObject({}), z.undefined(), z.null()]);

/** POST /api/player/events: one analytics event. */
export const PlayerEventBody = z.strictObject({
  event: z.strictObject({
    name: z
      .string()
      .min(1)
      .max(LIMITS.eventNameMax)
      .regex(/^[a-z0-9_.:-]+$/i, "event name may use letters, digits and _ . : - only"),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type PlayerEventBody = z.infer<typeof PlayerEventBody>;
