import { z } from "zod";
import { DECK_SLOTS } from "./constants.ts";
import type { StateMessageSchema } from "./state-messages.ts";
import { line } from "./text.ts";

/**
 * Friends, challenges and rematches (issue 24; docs/protocol.md, "Friends",
 * and docs/realtime.md for the channel messages).
 */

export const FRIENDS = {
  /** At most this many friends each (a request or an accept past it is refused). */
  maxFriends: 200,
  /** A challenge not accepted within this is gone. */
  challengeMs: 60_000,
  /** Friend requests a player may send per hour. */
  requestsPerHour: 30,
  /** Challenges a player may send per minute. */
  challengesPerMinute: 10,
} as const;

/** A friend code: 16 characters of RFC 4648 base32 (80 random bits); case is ignored. */
export const FriendCode = line()
  .max(64)
  .transform((s) => s.trim().toUpperCase())
  .pipe(line().regex(/^[A-Z2-7]{16}$/, "A friend code is 16 letters and digits."));

const userId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** POST /api/friends/request: a friend code (typed, or the ?friend= link's). */
export const FriendRequestBody = z.strictObject({ code: FriendCode });
export type FriendRequestBody = z.infer<typeof FriendRequestBody>;

/** POST /api/friends/{accept,decline,remove,block,unblock}: the other player. */
export const FriendUserBody = z.strictObject({ user_id: userId });
export type FriendUserBody = z.infer<typeof FriendUserBody>;

export type FriendStatus = "online" | "in_battle" | "offline";

export interface FriendEntry {
  id: number;
  nickname: string;
  status: FriendStatus;
  /** The PvP game (ranked or friendly) the friend is playing, for watching. */
  game_id?: string;
}

export interface FriendPersonView {
  id: number;
  nickname: string;
  since: string;
}

/** GET /api/friends. */
export interface FriendsList {
  code: string;
  /** The path of the add-me link (`/?friend=CODE`). */
  link: string;
  friends: FriendEntry[];
  incoming: FriendPersonView[];
  outgoing: FriendPersonView[];
  blocked: FriendPersonView[];
  max_friends: number;
}

/** POST /api/friends/request: "requested", or "friends" when they had asked you first. */
export interface FriendRequestResult {
  result: "requested" | "friends";
  nickname: string;
}

// ---------------------------------------------------------------- challenges

const deck = z.number().int().min(1).max(DECK_SLOTS);

/** POST /api/challenges: a friend's id, or none for a link anyone may open. */
export const ChallengeBody = z.strictObject({
  friend_id: userId.optional(),
  deck,
});
export type ChallengeBody = z.infer<typeof ChallengeBody>;

/** An unguessable challenge id (128 random bits, base64url). */
export const ChallengeId = line().regex(/^[A-Za-z0-9_-]{22}$/, "No such challenge.");

/** /api/challenges/:id/... */
export const ChallengeParams = z.strictObject({ id: ChallengeId });

/** POST /api/challenges/:id/accept: the addressee's deck slot. */
export const AcceptChallengeBody = z.strictObject({ deck });
export type AcceptChallengeBody = z.infer<typeof AcceptChallengeBody>;

export interface ChallengeView {
  id: string;
  from: { id: number; nickname: string };
  /** null: a link challenge, for whoever opens it first. */
  to: { id: number; nickname: string } | null;
  /** ms since the epoch. */
  expires_at: number;
  /** The path of the challenge link (`/?challenge=ID`). */
  link: string;
}

/** POST /api/game/friendly/rematch. */
export const RematchBody = z.strictObject({
  game_id: line().regex(/^[0-9a-f-]{36}$/, "game_id must be a finished friendly game's"),
});
export type RematchBody = z.infer<typeof RematchBody>;

export type FriendlyStart = {
  result: "start_game";
  game_id: string;
  messages: z.infer<typeof StateMessageSchema>[];
};

export type RematchResult = FriendlyStart | { result: "waiting" };
