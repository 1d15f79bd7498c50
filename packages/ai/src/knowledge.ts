/**
 * What the AI knows about each card, derived once per catalogue from the card
 * data (architecture.md principle 10: AI hints come from the effect data,
 * never from a parallel table). Cached by catalogue in a WeakMap.
 */
import {
  type Ability,
  type CardDef,
  type Catalogue,
  KEYWORDS,
  type KeywordName,
} from "@cardrealm/engine";

export interface CardKnowledge {
  id: number;
  isUnit: boolean;
  wall: boolean;
  flying: boolean;
  firstStrike: boolean;
  lifesteal: boolean;
  pierce: boolean;
  poison: number;
  regenerate: number;
  /** fire + diamond + pow. */
  costTotal: number;
  fire: number;
  diamond: number;
  pow: number;
  /** Raises its owner's income (the resource spells). */
  incomeSpell: boolean;
  /** Names a target when played (need_select_target = 1). */
  selects: boolean;
  /**
   * Worth of the unit's lasting abilities while it stays on the table
   * (recurring triggers, auras, on_death, on_damaged, on_attack), in the same
   * unit as one point of attack. on_play effects are not counted: the search
   * sees them happen.
   */
  abilityBonus: number;
  /** Printed attack and hp (0 for spells). */
  attack: number;
  hp: number;
}

export interface Knowledge {
  /** Dense by card id when ids are small, else null. */
  dense: (CardKnowledge | undefined)[];
  byId: Map<number, CardKnowledge>;
}

const cache = new WeakMap<Catalogue, Knowledge>();

/** Rough worth of one firing of an effect, in points of unit attack. */
function effectWorth(ability: Ability): number {
  const e = ability.effect;
  const times = ability.double ? 2 : 1;
  let w = 0;
  switch (e.kind) {
    case "damage":
      w =
        ability.target === "all_enemy"
          ? 1.6 * e.amount
          : ability.target === "all_units"
            ? 0.4 * e.amount
            : ability.target === "own_castle"
              ? -0.8 * e.amount
              : 1.0 * e.amount;
      break;
    case "heal":
      w = ability.target === "all_own" ? 0.8 * e.amount : 0.5 * e.amount;
      break;
    case "buff":
      w = (e.attack + 0.5 * e.hp) * (ability.target === "all_own" ? 1.5 : 1);
      break;
    case "stun":
      w = 1.2 * e.turns;
      break;
    case "destroy":
      w = 4;
      break;
    case "gain_resource":
    case "drain_resource":
      w = 0.6 * e.amount;
      break;
    case "gain_inc":
    case "drain_inc":
      w = 2 * e.amount;
      break;
    case "draw":
      w = 1.5 * e.amount;
      break;
    case "discard":
      w = 1.2 * e.amount;
      break;
    case "summon":
      w = 2;
      break;
    case "return_to_hand":
      w = 1;
      break;
    case "swap_cells":
      w = 0.2;
      break;
    default: {
      // Every effect kind is listed above: a new one is a type error here, not
      // silently worth 0.
      const unhandled: never = e;
      return unhandled;
    }
  }
  return w * times;
}

function abilityBonus(def: CardDef): number {
  let bonus = 0;
  for (const ability of def.abilities) {
    const worth = effectWorth(ability);
    switch (ability.trigger) {
      case "turn_start":
      case "turn_end":
        // Fires every turn the unit lives: worth a few firings.
        bonus += 2.2 * worth;
        break;
      case "aura":
        // An aura buff of the other own units: about two of them benefit.
        if (ability.effect.kind === "buff") {
          const reach =
            ability.target === "all_own" ? 2 : ability.target === "adjacent_own" ? 1.4 : 1;
          bonus += reach * (ability.effect.attack * 1.2 + ability.effect.hp * 0.6);
        }
        break;
      case "on_death":
        bonus += 0.8 * worth;
        break;
      case "on_damaged":
      case "on_attack":
        bonus += 1.2 * worth;
        break;
      case "on_play":
        // Not a lasting ability: the search sees the effect happen when played.
        break;
      default: {
        // Every trigger is listed above: a new one is a type error here.
        const unhandled: never = ability.trigger;
        return unhandled;
      }
    }
  }
  return bonus;
}

/**
 * What each keyword tells the AI, given its strength (1 for a plain flag):
 * the CardKnowledge field it sets, which evaluate.ts and attack.ts read.
 * Keyed by every keyword: a new keyword is a type error here until the AI
 * knows it.
 */
const KEYWORD_KNOWLEDGE: {
  readonly [K in KeywordName]: (known: CardKnowledge, n: number) => void;
} = {
  wall(known) {
    known.wall = true;
  },
  first_strike(known) {
    known.firstStrike = true;
  },
  flying(known) {
    known.flying = true;
  },
  pierce(known) {
    known.pierce = true;
  },
  lifesteal(known) {
    known.lifesteal = true;
  },
  regenerate(known, n) {
    known.regenerate = n;
  },
  poison(known, n) {
    known.poison = n;
  },
};

function learn(def: CardDef): CardKnowledge {
  const incomeSpell =
    def.type === "spell" &&
    def.abilities.some((a) => a.trigger === "on_play" && a.effect.kind === "gain_inc");
  const known: CardKnowledge = {
    id: def.id,
    isUnit: def.type === "unit",
    wall: false,
    flying: false,
    firstStrike: false,
    lifesteal: false,
    pierce: false,
    poison: 0,
    regenerate: 0,
    costTotal: def.cost.fire + def.cost.diamond + def.cost.pow,
    fire: def.cost.fire,
    diamond: def.cost.diamond,
    pow: def.cost.pow,
    incomeSpell,
    selects: def.abilities.some((a) => a.trigger === "on_play" && a.target === "selected"),
    abilityBonus: def.type === "unit" ? abilityBonus(def) : 0,
    attack: def.attack ?? 0,
    hp: def.hp ?? 0,
  };
  const keywords = def.keywords ?? {};
  for (const k of KEYWORDS) {
    const value = keywords[k];
    if (value !== undefined) KEYWORD_KNOWLEDGE[k](known, value === true ? 1 : value);
  }
  return known;
}

export function knowledge(catalogue: Catalogue): Knowledge {
  let known = cache.get(catalogue);
  if (!known) {
    const byId = new Map<number, CardKnowledge>();
    const dense: (CardKnowledge | undefined)[] = [];
    for (const def of catalogue.values()) {
      const k = learn(def);
      byId.set(def.id, k);
      if (Number.isInteger(def.id) && def.id >= 0 && def.id < 1_000_000) dense[def.id] = k;
    }
    known = { dense, byId };
    cache.set(catalogue, known);
  }
  return known;
}

const UNKNOWN: CardKnowledge = {
  id: -1,
  isUnit: false,
  wall: false,
  flying: false,
  firstStrike: false,
  lifesteal: false,
  pierce: false,
  poison: 0,
  regenerate: 0,
  costTotal: 0,
  fire: 0,
  diamond: 0,
  pow: 0,
  incomeSpell: false,
  selects: false,
  abilityBonus: 0,
  attack: 0,
  hp: 0,
};

/** The knowledge of a card id (a neutral blank for an id the catalogue lacks). */
export function know(k: Knowledge, id: number): CardKnowledge {
  return k.dense[id] ?? k.byId.get(id) ?? UNKNOWN;
}
