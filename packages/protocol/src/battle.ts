import { TARGET_KEYS, VIEW_SIDES } from "@cardrealm/engine";
import { z } from "zod";
import { line } from "./text.ts";

const gameId = line().regex(/^[0-9a-f-]{36}$/, "game_id must be the id the start call answered");
/**
 * The game_data.version the move was made against: required on every move
 * (a missing or stale one is refused with 409 and nothing is applied, so a
 * double click ends one turn, not two).
 */
const version = z.number().int().nonnegative().max(1_000_000);

/** POST /api/game/cpu/start */
export const CpuStartBody = z.strictObject({
  cpu_id: z.number().int().min(1).max(1000),
});
export type CpuStartBody = z.infer<typeof CpuStartBody>;

/**
 * POST /api/game/{cpu,pvp}/play-card: hand_key, game_id, and for a unit or a
 * targeted spell the target key, value and side (product.md section 7). A unit
 * names its cell with key table_key, value = cell, side player.
 */
export const PlayCardBody = z.strictObject({
  game_id: gameId,
  hand_key: z.number().int().nonnegative().max(1_000_000),
  key: z.enum(TARGET_KEYS).optional(),
  value: z.number().int().min(0).max(4).optional(),
  side: z.enum(VIEW_SIDES).optional(),
  /**
   * Our addition: a unit whose entry ability names a target sends its cell
   * here and the target in key/value/side (the spec's body has room for one).
   */
  cell: z.number().int().min(0).max(4).optional(),
  version,
});
export type PlayCardBody = z.infer<typeof PlayCardBody>;

/** POST /api/game/{cpu,pvp}/end-turn: the five attack flags (1/true = attack). */
export const EndTurnBody = z.strictObject({
  game_id: gameId,
  player_attack: z
    .array(z.union([z.boolean(), z.literal(0), z.literal(1)]))
    .length(5, "player_attack must have 5 flags, one per cell"),
  discard_card: z.number().int().nonnegative().max(1_000_000).optional(),
  version,
});
export type EndTurnBody = z.infer<typeof EndTurnBody>;

/**
 * POST /api/game/{cpu,pvp}/giveup. The version is optional here: giving up
 * means "end it now" whatever moved since, so it is checked only when sent.
 */
export const GiveUpBody = z.strictObject({ game_id: gameId, version: version.optional() });
export type GiveUpBody = z.infer<typeof GiveUpBody>;
