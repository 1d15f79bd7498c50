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

export type CardType = "unit" | "spell";
export type Rarity = "common" | "uncommon" | "rare";
export type CardSet = "base" | "vampire";

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
export type KeywordName = keyof Keywords;

export type Trigger =
  | "on_play"
  | "turn_start"
  | "turn_end"
  | "on_attack"
  | "on_damaged"
  | "on_death"
  | "aura";

/**
 * Who an effect lands on. "selected" means the player names a target when the
 * card is played (need_select_target = 1); `select` on the ability says which
 * targets are allowed.
 */
export type TargetSelector =
  | "selected"
  | "self"
  | "facing_unit"
  | "adjacent_own"
  | "all_own"
  | "all_enemy"
  | "all_units"
  | "random_enemy"
  | "own_castle"
  | "enemy_castle";

/** aim_target and side_target of product.md section 3. side is from the card owner's view. */
export interface SelectRule {
  aim: "unit" | "castle" | "unit_castle";
  side: "player" | "cpu";
}

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
export type EffectKind = Effect["kind"];

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
