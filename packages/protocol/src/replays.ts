import { z } from "zod";
import { StateMessagesSchema } from "./state-messages.ts";
import { line } from "./text.ts";

/**
 * Replays and deck challenges (issue 16; docs/replays.md tells the whole
 * feature). A replay is what one seat received during a finished battle,
 * rebuilt by the server from the stored seed and actions: the other side's
 * hand, deck order and the seed never leave the server.
 */

/** How many finished battles GET /api/replays lists (newest first). */
export const REPLAY_LIST_LIMIT = 30;

/** The battle's id (the game_id its start answered). */
const battleId = line().regex(
  /^[0-9a-f-]{36}$/,
  "the replay id must be a battle's id from GET /api/replays",
);

/** An unguessable share id: 22 base64url characters (128 random bits). */
export const ReplayShareIdSchema = line().regex(
  /^[A-Za-z0-9_-]{22}$/,
  "that is not a replay share id",
);

/** GET /api/replays/:id, POST /api/replays/:id/share */
export const ReplayIdParams = z.strictObject({ id: battleId });
export type ReplayIdParams = z.infer<typeof ReplayIdParams>;

/** GET /api/replays/shared/:share_id */
export const ReplayShareParams = z.strictObject({ share_id: ReplayShareIdSchema });
export type ReplayShareParams = z.infer<typeof ReplayShareParams>;

/** story: a campaign boss; arena: another player; bot: the arena bot; practice: a deck challenge. */
export const REPLAY_MODES = ["story", "arena", "bot", "practice", "friendly"] as const;
export const ReplayModeSchema = z.enum(REPLAY_MODES);
export type ReplayMode = z.infer<typeof ReplayModeSchema>;

/** The result from the replay seat's point of view. */
export const ReplayResultSchema = z.enum(["win", "loss", "draw"]);
export type ReplayResult = z.infer<typeof ReplayResultSchema>;

/** A side of a replay as the viewer sees it: a name and a portrait (the client's static path). */
export const ReplayPlayerSchema = z.object({
  name: z.string(),
  /** A computer opponent's id (story, bot, practice); null for a human player. */
  cpu_id: z.number().int().nullable(),
  /** The portrait path the battle screen shows for this side. */
  avatar: z.string(),
});
export type ReplayPlayer = z.infer<typeof ReplayPlayerSchema>;

/** One row of GET /api/replays. */
export const ReplaySummarySchema = z.object({
  id: battleId,
  mode: ReplayModeSchema,
  /** The seat the replay shows (the player who fetched it, or who shared it). */
  player: ReplayPlayerSchema,
  opponent: ReplayPlayerSchema,
  result: ReplayResultSchema,
  /** The battle's last turn number. */
  turns: z.number().int().nonnegative(),
  /** ISO time the battle finished. */
  finished_at: z.string(),
  /**
   * False when the battle was recorded by another engine or catalogue
   * version and no longer replays: listed as unavailable, never broken.
   */
  available: z.boolean(),
  /** The share id once the player shared it; null before. */
  share_id: ReplayShareIdSchema.nullable(),
});
export type ReplaySummary = z.infer<typeof ReplaySummarySchema>;

/** GET /api/replays: `{ data: ReplaySummary[] }`, newest first, at most REPLAY_LIST_LIMIT. */
export const ReplayListSchema = z.array(ReplaySummarySchema);

/** What one step of a replay was, from the seat's point of view. */
export const REPLAY_STEP_KINDS = ["start", "play_card", "end_turn", "give_up", "timeout"] as const;
export const ReplayStepKindSchema = z.enum(REPLAY_STEP_KINDS);

/**
 * One step: the start snapshot (kind start), or one action and the state
 * messages the seat received for it, exactly as during the battle.
 */
export const ReplayStepSchema = z.object({
  kind: ReplayStepKindSchema,
  /** Whose action it was: the replay's seat (player) or the other side (cpu). */
  by: z.enum(["player", "cpu"]),
  /** The battle turn this step belongs to (the turn marks a scrubber shows). */
  turn: z.number().int().nonnegative(),
  messages: StateMessagesSchema,
});
export type ReplayStep = z.infer<typeof ReplayStepSchema>;

/** GET /api/replays/:id and GET /api/replays/shared/:share_id: `{ data: Replay }`. */
export const ReplaySchema = ReplaySummarySchema.extend({
  /** The engine (ENGINE_VERSION) and catalogue version the battle was played with. */
  engine_version: z.string(),
  catalogue_version: z.string(),
  steps: z.array(ReplayStepSchema).min(1),
});
export type Replay = z.infer<typeof ReplaySchema>;

/** POST /api/replays/:id/share: `{ data: ReplayShare }` (the same id each time for one battle). */
export const ReplayShareSchema = z.object({
  share_id: ReplayShareIdSchema,
  /** The path a link carries: `/?replay=<share_id>`. */
  path: z.string(),
});
export type ReplayShare = z.infer<typeof ReplayShareSchema>;

/**
 * POST /api/game/practice/start: a deck challenge. The player plays the
 * shared deck as it is (cards need not be owned) against a computer
 * opponent they have met; no rewards, no season xp, no daily progress.
 * Answers the start's state messages like /api/game/cpu/start; the moves
 * go through the /api/game/cpu/* routes with its game_id.
 */
export const PracticeStartBody = z.strictObject({
  deck_code: line()
    .min(1, "deck_code is required")
    .max(400, "deck_code is too long")
    .regex(/^[A-Za-z0-9_-]+$/, "deck_code must be a Cardrealm deck code"),
  cpu_id: z.number().int().min(1).max(1000),
});
export type PracticeStartBody = z.infer<typeof PracticeStartBody>;

/** GET /api/game/practice/opponents: the computer opponents a player may challenge. */
export const PracticeOpponentSchema = z.object({
  cpu_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  /** The story chapter it comes from (its map), for grouping. */
  chapter: z.number().int().nonnegative(),
});
export const PracticeOpponentsSchema = z.array(PracticeOpponentSchema);
export type PracticeOpponent = z.infer<typeof PracticeOpponentSchema>;
