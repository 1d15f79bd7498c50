import { z } from "zod";
import { SocialChannelData } from "./social.ts";
import { type StateMessageSchema, StateMessagesSchema } from "./state-messages.ts";
import { line } from "./text.ts";

/**
 * The PvP arena and the realtime channel (product.md sections 3, 4 and 7;
 * docs/realtime.md tells the whole protocol).
 */

const gameId = line().regex(/^[0-9a-f-]{36}$/, "game_id must be the id the start call answered");

/** Numbers of the arena, shared by client and server. */
export const PVP = {
  /** A turn, and the enemy timer (rules.md section 1). */
  turnMs: 50_000,
  /** The opening turn of a game. */
  openingTurnMs: 25_000,
  /**
   * Added to the opening turn only: the first player to confirm a match learns
   * that the game started at its next confirm poll, up to 5 s later.
   */
  startAllowanceMs: 5_000,
  /** A dropped player may reconnect within this window; then the game is lost. */
  reconnectMs: 60_000,
  /** Both players must confirm a match within this time, or it is cancelled. */
  matchConfirmMs: 20_000,
  /** The client polls confirm-start-game this often. */
  confirmPollMs: 5_000,
  /** Arena unlock level; below it the arena answers MESSAGES.arenaLocked. */
  arenaLevel: 3,
  /** The bot fallback wait, drawn by the client (product.md section 9). */
  botWaitMinMs: 20_000,
  botWaitMaxMs: 70_000,
  /** The arena bot's opponent id (content ARENA_BOT). */
  botCpuId: 21,
  /** Channel: an unconfirmed message is sent again after this long. */
  resendMs: 2_000,
  /** Channel: close code for a socket without a valid token. */
  closeUnauthorized: 4401,
  /** Channel: close code for a register whose user_id is not the token's. */
  closeForbidden: 4403,
  /** Channel: close code for a socket replaced by a newer one of the same player. */
  closeReplaced: 4409,
  /**
   * Channel: close code of a socket whose session ended (a password change,
   * an operator's end-sessions or suspension): the client shows "signed out"
   * and does not reconnect.
   */
  closeSignedOut: 4410,
  /**
   * Channel: close code of a server going away on purpose (a deploy, SIGTERM;
   * RFC 6455's "Service Restart"): the client reconnects at once, and through
   * a proxy lands on another process.
   */
  closeRestart: 1012,
} as const;

/** POST /api/game/pvp/queue: the client's version (product.md section 7). */
export const PvpQueueBody = z.strictObject({
  version: z.union([line().max(32), z.number()]),
});
export type PvpQueueBody = z.infer<typeof PvpQueueBody>;

/**
 * POST /api/game/pvp/confirm-start-game: `players` is the opaque match id the
 * confirm_start_game channel message carried.
 */
export const ConfirmStartGameBody = z.strictObject({
  players: line().regex(/^[0-9a-f-]{36}$/, "players must be the id confirm_start_game sent"),
});
export type ConfirmStartGameBody = z.infer<typeof ConfirmStartGameBody>;

/** POST /api/game/pvp/warning: the caller's enemy timer ran out. */
export const WarningBody = z.strictObject({ game_id: gameId });
export type WarningBody = z.infer<typeof WarningBody>;

/** Answer of queue and cancel-queue. */
export interface QueueStatus {
  in_queue: boolean;
  /** When the player joined (ms since the epoch), while in the queue. */
  since?: number;
}

export type ConfirmStartGameResult =
  | {
      result: "start_game";
      game_id: string;
      /** The opening state list, from the caller's view. */
      messages: z.infer<typeof StateMessageSchema>[];
    }
  | { result: "waiting" }
  | { result: "opponent_leave" };

// ---------------------------------------------------------------- channel

/** register: sent on open (product.md section 4). */
export const ChannelRegister = z.strictObject({
  action: z.literal("register"),
  version: z.union([line().max(32), z.number()]).optional(),
  clear_state: z.boolean().optional(),
  data: z.strictObject({
    user_id: z.number().int().positive(),
    /** The bearer token, when the socket URL did not carry ?token=. */
    token: line().max(2048).optional(),
  }),
});

/** confirm: one per received message, naming its hash. */
export const ChannelConfirm = z.strictObject({
  action: z.literal("confirm"),
  version: z.union([line().max(32), z.number()]).optional(),
  data: z.strictObject({
    user_id: z.number().int().positive(),
    hash: line().min(1).max(64),
  }),
});

export const ChannelClientMessage = z.discriminatedUnion("action", [
  ChannelRegister,
  ChannelConfirm,
]);
export type ChannelClientMessage = z.infer<typeof ChannelClientMessage>;

const StateList = StateMessagesSchema;

/** Everything the server sends is `{ hash, data }`; data.type says which. */
export const ChannelData = z.discriminatedUnion("type", [
  z.object({ type: z.literal("registered"), user_id: z.number(), server_time: z.number() }),
  z.object({
    type: z.literal("confirm_start_game"),
    players: z.string(),
    opponent: z.object({ nickname: z.string(), rank: z.string() }),
  }),
  /**
   * The other player left the match being confirmed (cancelled the queue, or
   * started a bot game): this match will not start.
   */
  z.object({ type: z.literal("opponent_leave"), players: z.string() }),
  /**
   * Redis lost the match being confirmed (it restarted empty): this match
   * will not start, and the player is out of the queue ("The queue was
   * reset: press Fight again").
   */
  z.object({ type: z.literal("queue_reset"), players: z.string() }),
  z.object({
    type: z.literal("start_game"),
    players: z.string(),
    game_id: z.string(),
    seq: z.number(),
    messages: StateList,
  }),
  z.object({
    type: z.literal("state"),
    game_id: z.string(),
    /** The game_data.version of the list's closing snapshot: apply only if newer. */
    seq: z.number(),
    /** True for the snapshot sent on register (a resume), false for a move. */
    resume: z.boolean(),
    messages: StateList,
    /** When the active side's turn ends (ms since the epoch). */
    turn_deadline: z.number().optional(),
  }),
  z.object({
    type: z.literal("opponent_drop"),
    game_id: z.string(),
    /** The opponent loses if not back by then (ms since the epoch). */
    reconnect_until: z.number(),
  }),
  z.object({ type: z.literal("opponent_back"), game_id: z.string() }),
  z.object({
    type: z.literal("cancel_warning"),
    game_id: z.string(),
    /** Turns in a row this player's timer has ended (3 forfeit). */
    idle_turns: z.number(),
  }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
  // Friends (issue 24): refresh GET /api/friends.
  z.object({
    type: z.literal("friends_changed"),
    /** request: a new friend request came in; accepted: it was accepted; removed. */
    reason: z.enum(["request", "accepted", "removed"]),
    nickname: z.string().optional(),
  }),
  /** A friend challenges you (only its addressee hears it). */
  z.object({
    type: z.literal("challenge"),
    id: z.string(),
    from: z.object({ id: z.number(), nickname: z.string() }),
    expires_at: z.number(),
  }),
  /** A challenge went away unplayed: declined, cancelled by its sender, or expired. */
  z.object({
    type: z.literal("challenge_closed"),
    id: z.string(),
    reason: z.enum(["declined", "cancelled", "expired"]),
  }),
  /** The other player of a finished friendly game pressed Rematch. */
  z.object({ type: z.literal("rematch"), game_id: z.string() }),
  ...SocialChannelData,
]);
export type ChannelData = z.infer<typeof ChannelData>;

export const ChannelServerMessage = z.object({ hash: z.string(), data: ChannelData });
export type ChannelServerMessage = z.infer<typeof ChannelServerMessage>;
