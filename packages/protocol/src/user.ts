import { z } from "zod";
import { RANKS } from "./constants.ts";

const CardAmount = z.object({ id: z.number().int(), amount: z.number().int().nonnegative() });

/** library and deck of product.md section 3: cards keyed by id plus totals. */
export const Library = z.object({
  cards: z.record(z.string(), CardAmount),
  total_amount: z.number().int().nonnegative(),
});
export const Deck = Library.extend({ sequence_number: z.number().int().min(1).max(3) });

export const DailyTask = z.object({
  id: z.number().int(),
  text: z.string(),
  /** JSON string {"done":n,"need":n} as product.md says. */
  progress: z.string(),
  /** JSON string {"gems":n}. */
  reward: z.string(),
});

export const SeasonProgress = z.object({
  currentLevel: z.number().int().nonnegative(),
  oldFreeLevel: z.number().int().nonnegative(),
  oldPaidLevel: z.number().int().nonnegative(),
  xp: z.number().int().nonnegative(),
  progress: z.object({
    free: z.record(z.string(), z.boolean()),
    paid: z.record(z.string(), z.boolean()),
  }),
});

export const UserSchema = z.object({
  id: z.number().int(),
  login: z.string().nullable(),
  nickname: z.string(),
  guest: z.boolean(),
  level: z.number().int().min(1),
  silver: z.number().int().nonnegative(),
  premium: z.boolean(),
  tutorial: z.object({ isActive: z.boolean(), step: z.string() }),
  maps: z.array(z.number().int()),
  library: Library,
  deck: Deck,
  decks: z.array(Deck),
  dailys: z.object({ active: z.record(z.string(), DailyTask), finished: z.array(DailyTask) }),
  rank: z.object({ rank: z.enum(RANKS), score: z.number().int(), total_score: z.number().int() }),
  rank_champions: z.array(z.string()),
  season_progress: SeasonProgress,
});
export type User = z.infer<typeof UserSchema>;

/** Sign-in answers carry the user and the bearer token. */
export const SignedInUser = UserSchema.extend({
  jwtToken: z.string(),
  /** Local play only, once, when the guest is created: the key that signs this device in again. */
  device_key: z.string().optional(),
  /**
   * After a login or a password set on this device: the device's signed
   * credential (also set as the `cr_device` cookie). Sent back as the login's
   * `device_credential`, a right password from this device is never refused
   * because of others' failed logins.
   */
  device_credential: z.string().optional(),
});
export type SignedInUser = z.infer<typeof SignedInUser>;

/** PUT /api/player/edit answers the user, or an `error` field shown to the player. */
export type PlayerEditResult =
  | { user: User; error?: undefined }
  | { error: string; user?: undefined };
