/**
 * The card data vocabulary (rules.md section 1 "Abilities", section 3).
 * A card is data over this closed, typed vocabulary: a new card is new data,
 * new code is only needed for a new primitive (and that primitive gets its own
 * test). Presentation (art, sounds, timings) is keyed by card id elsewhere.
 */

export const RESOURCES = ["fire", "diamond", "pow"] as const;
export type Resource = (typeof RESOURCES)[number];

export interface Cost {
  fire: number;
  diamond: number;
  pow: number;
}

export const CARD_TYPES = ["unit", "spell"] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const RARITIES = ["common", "uncommon", "rare"] as const;
export type Rarity = (typeof RARITIES)[number];
export const CARD_SETS = ["base", "vampire"] as const;
export type CardSet = (typeof CARD_SETS)[number];

/** Factions follow the story chapters; neutral cards belong to none. */
export const FACTIONS = [
  "elf",
  "undead",
  "thief",
  "heretic",
  "tower",
  "demon",
  "troll",
  "vampire",
  "neutral",
] as const;
export type Faction = (typeof FACTIONS)[number];

/**
 * The passive keywords, in the order card text lists them. Each has its rule
 * in keywords.ts (`KEYWORD_RULES`, a record keyed by this list).
 */
export const KEYWORDS = [
  "wall",
  "first_strike",
  "flying",
  "pierce",
  "lifesteal",
  "regenerate",
  "poison",
] as const;
export type KeywordName = (typeof KEYWORDS)[number];

/** Passive keywords. Numbers are the keyword's strength (regenerate 2, poison 1). */
export interface Keywords {
  wall?: true;
  first_strike?: true;
  lifesteal?: true;
  pierce?: true;
  flying?: true;
  regenerate?: number;
  poison?: number;
}

export const TRIGGERS = [
  "on_play",
  "turn_start",
  "turn_end",
  "on_attack",
  "on_damaged",
  "on_death",
  "aura",
] as const;
export type Trigger = (typeof TRIGGERS)[number];

/**
 * Who an effect lands on. "selected" means the player names a target when the
 * card is played (need_select_target = 1); `select` on the ability says which
 * targets are allowed.
 */
export const TARGET_SELECTORS = [
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
] as const;
export type TargetSelector = (typeof TARGET_SELECTORS)[number];

/** aim_target and side_target of product.md section 3. side is from the card owner's view. */
export interface SelectRule {
  aim: "unit" | "castle" | "unit_castle";
  side: "player" | "cpu";
}

/**
 * The effect kinds. Each has its handler in effects.ts (`EFFECT_HANDLERS`, a
 * record keyed by this list) and its parameters in `Effect` below.
 */
export const EFFECT_KINDS = [
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
] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

export type Effect =
  | { kind: "damage"; amount: number }
  | { kind: "heal"; amount: number }
  | { kind: "buff"; attack: number; hp: number; temporary?: true }
  | { kind: "stun"; turns: number }
  | { kind: "destroy" }
  | { kind: "gain_resource"; resource: Resource; amount: number }
  | { kind: "gain_inc"; resource: Resource; amount: number }
  | { kind: "drain_resource"; resource: Resource; amount: number }
  | { kind: "drain_inc"; resource: Resource; amount: number }
  | { kind: "draw"; amount: number }
  | { kind: "discard"; amount: number }
  | { kind: "summon"; cardId: number }
  | { kind: "return_to_hand" }
  | { kind: "swap_cells" };
/** The effect of one kind, with its parameters. */
export type EffectOf<K extends EffectKind> = Extract<Effect, { kind: K }>;

export interface Ability {
  trigger: Trigger;
  target: TargetSelector;
  effect: Effect;
  /** Required when target is "selected". */
  select?: SelectRule;
  /** Optional filter on the affected units, e.g. only units of a faction. */
  filter?: { faction?: Faction; type?: "wall" };
  /** When true the effect fires twice (reported as double_state). */
  double?: true;
}

export interface CardDef {
  /** 1001 and up. */
  id: number;
  name: string;
  /** Chapter level the card belongs to (1-8), used for ordering and rewards. */
  level: number;
  type: CardType;
  cost: Cost;
  /** Units only. */
  attack?: number;
  /** Units only. */
  hp?: number;
  rarity: Rarity;
  set: CardSet;
  faction: Faction;
  keywords?: Keywords;
  abilities: Ability[];
  /** Tokens exist only to be summoned; they are never in boxes or decks. */
  token?: true;
  /** A short flavour line, shown on the large card view. Not rules text. */
  flavor?: string;
}

/** The catalogue the engine is parameterised with (tests pass test cards). */
export type Catalogue = ReadonlyMap<number, CardDef>;

// Type-level checks: the runtime lists above name exactly the members of the
// shapes they go with (a kind in one and not the other fails the build).
type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;
function sameMembers<_T extends true>(): void {}
sameMembers<Same<Effect["kind"], EffectKind>>();
sameMembers<Same<keyof Keywords, KeywordName>>();
