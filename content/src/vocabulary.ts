/**
 * The closed card vocabulary as runtime lists, so the catalogue lint can check
 * that every member is used. `allOf` refuses a list that misses a member of
 * the engine's union, so a new trigger, keyword, effect or target added to
 * card-types.ts fails the type check here until it is listed (and used).
 */
import type { EffectKind, Faction, KeywordName, TargetSelector, Trigger } from "@cardrealm/engine";

type Covers<T, L extends readonly T[]> = [Exclude<T, L[number]>] extends [never] ? unknown : never;

function allOf<T>() {
  return <const L extends readonly T[]>(list: L & Covers<T, L>): L => list;
}

export const TRIGGERS = allOf<Trigger>()([
  "on_play",
  "turn_start",
  "turn_end",
  "on_attack",
  "on_damaged",
  "on_death",
  "aura",
]);

/** Display order of keywords in generated text. */
export const KEYWORD_NAMES = allOf<KeywordName>()([
  "wall",
  "first_strike",
  "flying",
  "pierce",
  "lifesteal",
  "regenerate",
  "poison",
]);

export const EFFECT_KINDS = allOf<EffectKind>()([
  "damage",
  "heal",
  "buff",
  "stun",
  "destroy",
  "gain_resource",
  "gain_inc",
  "drain_resource",
  "drain_inc",
  "draw",
  "discard",
  "summon",
  "return_to_hand",
  "swap_cells",
]);

export const TARGET_SELECTORS = allOf<TargetSelector>()([
  "selected",
  "self",
  "facing_unit",
  "adjacent_own",
  "all_own",
  "all_enemy",
  "all_units",
  "random_enemy",
  "own_castle",
  "enemy_castle",
]);

/** The factions, as a runtime list local to content (mirrors the engine's FACTIONS). */
export const CARD_FACTIONS = allOf<Faction>()([
  "elf",
  "undead",
  "thief",
  "heretic",
  "tower",
  "demon",
  "troll",
  "vampire",
  "neutral",
]);
