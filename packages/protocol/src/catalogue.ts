import { CARD_SETS, CARD_TYPES, RARITIES } from "@cardrealm/engine";
import { z } from "zod";

/** A card as GET /api/cards answers it (product.md section 3, Card). */
export const ApiCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  type_card: z.enum(CARD_TYPES),
  cost: z.object({ fire: z.number().int(), diamond: z.number().int(), pow: z.number().int() }),
  ab_text: z.string(),
  attack: z.number().int().optional(),
  hp: z.number().int().optional(),
  rarity: z.enum(RARITIES),
  set: z.enum(CARD_SETS),
  faction: z.string(),
  flavor: z.string().optional(),
  ability: z.object({
    ab_name: z.string(),
    tae: z.string(),
    type_effect: z.string(),
    aim_target: z.string(),
    side_target: z.string(),
    need_select_target: z.union([z.literal(0), z.literal(1)]),
    full_text: z.string(),
  }),
});
export type ApiCard = z.infer<typeof ApiCardSchema>;

/** A card box of the offers screen (GET /api/boxes). */
export const BoxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  set: z.enum(CARD_SETS),
  description: z.string(),
  /**
   * Per card, shown before purchase: the chance that one given card of the
   * rarity is in the box (docs/decisions.md "The box window's Chance is per card").
   */
  odds: z.object({ rare: z.number(), uncommon: z.number(), common: z.number() }),
  /** How many cards of each rarity the box draws from. */
  pool: z.object({ rare: z.number().int(), uncommon: z.number().int(), common: z.number().int() }),
  slots: z.object({ rare: z.number().int(), uncommon: z.number().int(), common: z.number().int() }),
  cashback: z.object({
    rare: z.number().int(),
    uncommon: z.number().int(),
    common: z.number().int(),
  }),
});
export type Box = z.infer<typeof BoxSchema>;

/** GET /api/files: data[0] under /static/media/, data[1] under /img/. */
export const FilesSchema = z.tuple([z.array(z.string()), z.array(z.string())]);
export type Files = z.infer<typeof FilesSchema>;
