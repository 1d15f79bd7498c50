/**
 * Card presentation fields (product.md section 3, "Card") generated from the
 * ability data. Nothing here is hand-written per card: change the data and
 * the text follows, which the catalogue test checks.
 */
import type {
  Ability,
  CardDef,
  Cost,
  Effect,
  Faction,
  KeywordName,
  Keywords,
  Rarity,
  SelectRule,
  TargetSelector,
} from "@cardrealm/engine";
import { getCard } from "./catalogue.ts";
import { KEYWORD_NAMES } from "./vocabulary.ts";

export interface CardPresentation {
  /** A short name for the card's main ability ("Harm", "Wall", "Flying"). */
  ab_name: string;
  /**
   * Timing of the main ability: its trigger (on_play, turn_start, ...),
   * "passive" when the card only has keywords, "none" when it has neither.
   */
  tae: string;
  /** "wall" for walls; otherwise the main effect kind or keyword; "none" for plain units. */
  type_effect: string;
  aim_target: SelectRule["aim"];
  side_target: SelectRule["side"];
  need_select_target: 0 | 1;
  /** Short card-face text (at most AB_TEXT_MAX characters). */
  ab_text: string;
  /** Every keyword and ability, in full sentences (large card view). */
  full_text: string;
}

/** The Card shape of product.md section 3 (as sent by the cards call). */
export interface ApiCardShape {
  id: number;
  name: string;
  level: number;
  type_card: "unit" | "spell";
  cost: Cost;
  ab_text: string;
  attack?: number;
  hp?: number;
  rarity: Rarity;
  set: CardDef["set"];
  faction: Faction;
  ability: Omit<CardPresentation, "ab_text">;
  flavor: string;
}

export const AB_TEXT_MAX = 60;

const FACTION_NAMES: Record<Faction, string> = {
  elf: "Elf",
  undead: "Undead",
  thief: "Thief",
  heretic: "Heretic",
  tower: "Tower",
  demon: "Demon",
  troll: "Troll",
  vampire: "Vampire",
  neutral: "Neutral",
};

const EFFECT_NAMES: Record<Effect["kind"], string> = {
  damage: "Harm",
  heal: "Mend",
  buff: "Empower",
  stun: "Stun",
  destroy: "Annihilate",
  gain_resource: "Harvest",
  gain_inc: "Growth",
  drain_resource: "Plunder",
  drain_inc: "Blight",
  draw: "Insight",
  discard: "Dread",
  summon: "Summon",
  return_to_hand: "Recall",
  swap_cells: "Shift",
};

const KEYWORD_TITLES: Record<keyof Keywords, string> = {
  wall: "Wall",
  first_strike: "First strike",
  flying: "Flying",
  pierce: "Pierce",
  lifesteal: "Lifesteal",
  regenerate: "Regenerate",
  poison: "Poison",
};

type Style = "full" | "short";

const TRIGGER_PREFIX: Record<Style, Record<Ability["trigger"], string>> = {
  full: {
    on_play: "When played, ",
    turn_start: "At the start of your turn, ",
    turn_end: "At the end of your turn, ",
    on_attack: "When it attacks, ",
    on_damaged: "When it takes damage, ",
    on_death: "When it dies, ",
    aura: "While on the table, ",
  },
  short: {
    on_play: "On play: ",
    turn_start: "Turn start: ",
    turn_end: "Turn end: ",
    on_attack: "On attack: ",
    on_damaged: "When hit: ",
    on_death: "On death: ",
    aura: "Aura: ",
  },
};

function plural(n: number, word: string): string {
  return n === 1 ? `${n} ${word}` : `${n} ${word}s`;
}

function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function pluralName(name: string): string {
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/** "a" or "an" before a spoken number such as "8/8" or "11/2". */
function articleForNumber(n: number): string {
  return n === 8 || n === 11 || n === 18 || (n >= 80 && n < 90) ? "an" : "a";
}

function selectPhrase(select: SelectRule | undefined, style: Style): string {
  const aim = select?.aim ?? "unit";
  const enemy = (select?.side ?? "cpu") === "cpu";
  if (aim === "unit") return enemy ? "an enemy unit" : "one of your units";
  if (aim === "castle") return enemy ? "the enemy castle" : "your castle";
  if (style === "short") return enemy ? "an enemy unit or castle" : "your unit or castle";
  return enemy ? "an enemy unit or the enemy castle" : "one of your units or your castle";
}

/** Auras cover the OTHER own units (engine stats.ts); triggered effects include the source. */
function allOwnPhrase(ability: Ability, group: string, style: Style): string {
  if (ability.trigger === "aura")
    return style === "short" ? `other ${group}` : `all your other ${group}`;
  return style === "short" ? `your ${group}` : `all your ${group}`;
}

/** The noun phrase for an ability's target. */
function targetPhrase(ability: Ability, style: Style): string {
  const f = ability.filter;
  const kind = f?.type === "wall" ? "walls" : "units";
  const group = f?.faction ? `${FACTION_NAMES[f.faction]} ${kind}` : kind;
  const phrases: Record<TargetSelector, string> = {
    selected: selectPhrase(ability.select, style),
    self: "this unit",
    facing_unit: "the facing enemy unit",
    adjacent_own: `adjacent own ${group}`,
    all_own: allOwnPhrase(ability, group, style),
    all_enemy: `all enemy ${group}`,
    all_units: ability.trigger === "aura" ? `all other ${group}` : `all ${group}`,
    random_enemy: "a random enemy unit",
    own_castle: "your castle",
    enemy_castle: "the enemy castle",
  };
  return phrases[ability.target];
}

function summonPhrase(ability: Ability, cardId: number, style: Style): string {
  const token = getCard(cardId);
  const name = token?.name ?? `card ${cardId}`;
  const stats = token?.attack !== undefined ? `${token.attack}/${token.hp ?? 0} ` : "";
  const two = ability.double === true;
  const what = two
    ? `two ${stats}${pluralName(name)}`
    : `${token?.attack !== undefined ? articleForNumber(token.attack) : "a"} ${stats}${name}`;
  if (style === "short") return `Summon ${what}.`;
  const kw = token?.keywords ? keywordList(token.keywords).map((k) => lowerFirst(k)) : [];
  const withKw = kw.length > 0 ? ` with ${kw.join(" and ")}` : "";
  // Engine: summon ignores the target selector and uses the empty own cell
  // nearest the source.
  const where = two ? " into empty own cells" : " into an empty own cell";
  return `Summon ${what}${withKw}${where}.`;
}

/** One ability as a sentence (without the trigger prefix). */
function effectSentence(ability: Ability, style: Style): string {
  const e = ability.effect;
  const t = targetPhrase(ability, style);
  const twice = ability.double ? ", twice" : "";
  switch (e.kind) {
    case "damage":
      return `Deal ${e.amount} damage to ${t}${twice}.`;
    case "heal":
      return `Restore ${e.amount} hp to ${t}${twice}.`;
    case "buff": {
      const stats = `${signed(e.attack)}/${signed(e.hp)}`;
      const until = e.temporary ? " until your next turn" : "";
      if (ability.trigger === "aura")
        return style === "short" ? `${capitalise(t)} ${stats}.` : `${capitalise(t)} have ${stats}.`;
      if (ability.target === "self") return `It gains ${stats}${until}${twice}.`;
      return `Give ${t} ${stats}${until}${twice}.`;
    }
    case "stun":
      return `Stun ${t} for ${plural(e.turns, "turn")}${twice}.`;
    case "destroy":
      return `Destroy ${t}.`;
    case "gain_resource":
      return `Gain ${e.amount} ${e.resource}${twice}.`;
    case "gain_inc":
      return `Raise your ${e.resource} income by ${e.amount}${twice}.`;
    case "drain_resource":
      return `The enemy loses ${e.amount} ${e.resource}${twice}.`;
    case "drain_inc":
      if (style === "short") return `Enemy ${e.resource} income -${e.amount}${twice}.`;
      return `Lower the enemy's ${e.resource} income by ${e.amount}${twice}.`;
    case "draw":
      return `Draw ${plural(e.amount, "card")}${twice}.`;
    case "discard":
      return `The enemy discards ${plural(e.amount, "random card")}${twice}.`;
    case "summon":
      return summonPhrase(ability, e.cardId, style);
    case "return_to_hand":
      return `Return ${t} to its owner's hand.`;
    case "swap_cells":
      // Engine: trades places with the next cell to the right (cell 4 with cell 0).
      if (style === "short") return `Move ${t} one cell to the right.`;
      return `Move ${t} one cell to the right, swapping with whatever is there (the last cell wraps to the first).`;
  }
}

/**
 * Abilities as sentences. A unit's consecutive abilities with the same
 * trigger share one prefix ("When played, the enemy loses 1 diamond; gain 1
 * diamond."); a spell's on-play abilities need no prefix at all.
 */
function abilitySentences(card: CardDef, abilities: readonly Ability[], style: Style): string[] {
  const out: string[] = [];
  let prev: Ability | undefined;
  for (const ability of abilities) {
    const sentence = effectSentence(ability, style);
    if (ability.trigger === "on_play" && card.type === "spell") {
      out.push(sentence);
    } else if (prev && prev.trigger === ability.trigger && out.length > 0) {
      const last = out.pop() ?? "";
      out.push(`${last.slice(0, -1)}; ${lowerFirst(sentence)}`);
    } else {
      out.push(TRIGGER_PREFIX[style][ability.trigger] + lowerFirst(sentence));
    }
    prev = ability;
  }
  return out;
}

/** Keyword short names in display order ("Flying", "Regenerate 2"). */
function keywordList(keywords: Keywords): string[] {
  const out: string[] = [];
  for (const k of KEYWORD_NAMES) {
    const v = keywords[k];
    if (v === undefined) continue;
    out.push(typeof v === "number" ? `${KEYWORD_TITLES[k]} ${v}` : KEYWORD_TITLES[k]);
  }
  return out;
}

/**
 * Each keyword's full-text sentence, given its strength (1 for a plain flag).
 * Keyed by every keyword: a new keyword without a sentence does not compile.
 */
const KEYWORD_SENTENCES: { readonly [K in KeywordName]: (card: CardDef, n: number) => string } = {
  wall: (card) =>
    (card.attack ?? 0) > 0 ? "Wall: never attacks, but strikes back." : "Wall: never attacks.",
  first_strike: () => "First strike: hits before its foe can strike back.",
  flying: () => "Flying: strikes the enemy castle even past a unit.",
  pierce: () => "Pierce: damage beyond the defender's hp hits the castle.",
  lifesteal: () => "Lifesteal: damage it deals heals your castle.",
  regenerate: (_card, n) => `Regenerate ${n}: heals ${n} hp at the start of your turn.`,
  poison: (_card, n) => `Poison ${n}: a unit it damages loses ${n} hp at each of its turn starts.`,
};

function keywordSentences(card: CardDef): string[] {
  const kw = card.keywords;
  if (!kw) return [];
  const out: string[] = [];
  for (const k of KEYWORD_NAMES) {
    const value = kw[k];
    if (value === undefined) continue;
    out.push(KEYWORD_SENTENCES[k](card, value === true ? 1 : value));
  }
  return out;
}

/** The ability that names the card: the targeted one if any, else the first. */
function mainAbility(card: CardDef): Ability | undefined {
  return card.abilities.find((a) => a.target === "selected") ?? card.abilities[0];
}

function aimOf(ability: Ability | undefined): SelectRule {
  if (!ability) return { aim: "unit", side: "cpu" };
  if (ability.target === "selected" && ability.select) return ability.select;
  switch (ability.target) {
    case "self":
    case "adjacent_own":
    case "all_own":
      return { aim: "unit", side: "player" };
    case "own_castle":
      return { aim: "castle", side: "player" };
    case "enemy_castle":
      return { aim: "castle", side: "cpu" };
    default:
      return { aim: "unit", side: "cpu" };
  }
}

function abilityName(card: CardDef, main: Ability | undefined): string {
  if (card.keywords?.wall) return KEYWORD_TITLES.wall;
  if (main) {
    const e = main.effect;
    if (e.kind === "buff" && (e.attack < 0 || e.hp < 0)) return "Weaken";
    if (e.kind === "buff" && e.temporary) return "Frenzy";
    return EFFECT_NAMES[e.kind];
  }
  const first = keywordList(card.keywords ?? {})[0];
  return first ?? "";
}

/** Joins sentences up to `max` characters; the first always goes in. */
function fit(parts: readonly string[], max: number): string {
  let out = "";
  for (const p of parts) {
    const next = out ? `${out} ${p}` : p;
    if (out && next.length > max) break;
    out = next;
  }
  return out;
}

export function cardPresentation(card: CardDef): CardPresentation {
  const main = mainAbility(card);
  const keywords = keywordList(card.keywords ?? {});
  const firstKeyword = KEYWORD_NAMES.find((k) => card.keywords?.[k] !== undefined);
  const type_effect = card.keywords?.wall ? "wall" : (main?.effect.kind ?? firstKeyword ?? "none");
  const tae = main ? main.trigger : keywords.length > 0 ? "passive" : "none";
  const { aim, side } = aimOf(main);
  const need = card.abilities.some((a) => a.target === "selected") ? 1 : 0;

  // Short face text: keywords, then the main ability, then the rest; if the
  // keywords crowd the main ability out, the main ability goes first.
  const ordered = main ? [main, ...card.abilities.filter((a) => a !== main)] : [];
  const kwShort =
    keywords.length > 0
      ? `${keywords.map((k, i) => (i === 0 ? k : lowerFirst(k))).join(", ")}.`
      : "";
  const shortAbilities = abilitySentences(card, ordered, "short");
  let ab_text = fit([kwShort, ...shortAbilities].filter(Boolean), AB_TEXT_MAX);
  const mainShort = shortAbilities[0];
  if (mainShort && !ab_text.includes(mainShort)) {
    ab_text = fit([mainShort, kwShort, ...shortAbilities.slice(1)].filter(Boolean), AB_TEXT_MAX);
  }
  const fullParts = [...keywordSentences(card), ...abilitySentences(card, card.abilities, "full")];
  return {
    ab_name: abilityName(card, main),
    tae,
    type_effect,
    aim_target: aim,
    side_target: side,
    need_select_target: need,
    ab_text,
    full_text: fullParts.length > 0 ? fullParts.join(" ") : "No special ability.",
  };
}

export function toApiCard(card: CardDef): ApiCardShape {
  const p = cardPresentation(card);
  const { ab_text, ...ability } = p;
  return {
    id: card.id,
    name: card.name,
    level: card.level,
    type_card: card.type,
    cost: { fire: card.cost.fire, diamond: card.cost.diamond, pow: card.cost.pow },
    ab_text,
    ...(card.type === "unit" ? { attack: card.attack ?? 0, hp: card.hp ?? 0 } : {}),
    rarity: card.rarity,
    set: card.set,
    faction: card.faction,
    ability,
    flavor: card.flavor ?? "",
  };
}
