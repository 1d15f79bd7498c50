import { z } from "zod";
import { StateMessagesSchema } from "./state-messages.ts";
import { line } from "./text.ts";

/**
 * Watching a friend's arena game and the players' emotes (issue 24 items 4
 * and 5; docs/realtime.md "Spectating" and "Emotes").
 */

const gameId = line()
  .max(36)
  .regex(/^[0-9a-f-]{36}$/, "game_id must be an arena game's id");

export const SOCIAL = {
  /** Spectators one game may have at a time; the next one is refused (409). */
  maxWatchers: 20,
  /** The smallest gap between two emotes of one player (server enforced, every process). */
  emoteGapMs: 3_000,
  /** How long an emote's bubble shows by the portrait. */
  emoteBubbleMs: 2_500,
} as const;

/** The six fixed emotes, in the bar's order. */
export const EMOTES = ["greetings", "well_played", "thanks", "wow", "oops", "threaten"] as const;
export type EmoteId = (typeof EMOTES)[number];
export const EmoteIdSchema = z.enum(EMOTES);

/** What each emote says in its bubble. */
export const EMOTE_TEXT: Record<EmoteId, string> = {
  greetings: "Greetings!",
  well_played: "Well played.",
  thanks: "Thanks!",
  wow: "Wow!",
  oops: "Oops!",
  threaten: "Your end is near!",
};

/** POST /api/game/pvp/watch and /api/game/pvp/unwatch. */
export const WatchBody = z.strictObject({ game_id: gameId });
export type WatchBody = z.infer<typeof WatchBody>;

/** POST /api/game/pvp/emote. */
export const EmoteBody = z.strictObject({ game_id: gameId, emote: EmoteIdSchema });
export type EmoteBody = z.infer<typeof EmoteBody>;

/** One side of a watched game: the name shown on its portrait. */
export const WatchedSideSchema = z.object({ nickname: z.string().max(64) });

/**
 * What a spectator is shown: the public view of the game as its previous
 * turn began (both hands as counts, no deck order, no seed), or nothing yet
 * while the first turn runs. Sent as the watch call's answer and as the
 * `spectate` channel message each time the live game starts a turn.
 */
export const SpectateViewSchema = z.object({
  game_id: z.string(),
  /** The live game's turn. */
  live_turn: z.number(),
  /** The turn whose start is shown; 0 while nothing is released yet. */
  shown_turn: z.number(),
  /** Side 0 is shown as "player" (bottom), side 1 as "cpu" (top). */
  sides: z.tuple([WatchedSideSchema, WatchedSideSchema]),
  /** One public snapshot (empty while nothing is released). */
  messages: StateMessagesSchema,
  /** The game ended: the snapshot is its final state. */
  over: z.boolean(),
  /** When over: the winning side (0 or 1), or null for a draw. */
  winner: z.union([z.literal(0), z.literal(1), z.null()]).optional(),
  watchers: z.number(),
});
export type SpectateView = z.infer<typeof SpectateViewSchema>;

/** The social messages of the channel (pvp.ts's ChannelData takes them in). */
export const SocialChannelData = [
  z.object({ type: z.literal("spectate"), view: SpectateViewSchema }),
  /** To the players: how many are watching their game now. */
  z.object({ type: z.literal("watchers"), game_id: z.string(), count: z.number() }),
  /** The opponent's emote. */
  z.object({ type: z.literal("emote"), game_id: z.string(), emote: EmoteIdSchema }),
] as const;
