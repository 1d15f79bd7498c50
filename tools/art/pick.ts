/**
 * Which game-icons icon stands for a card. In order:
 *  1. ICON_BY_ID: a hand-picked icon for one card id (wins over everything);
 *  2. PHRASES: two adjacent words such as "fire elemental";
 *  3. WORDS: the words of the name, the part before " of " first, each part
 *     from its last word to its first (the head noun of "Elven Archer" is
 *     "archer", of "Lich of the Hollow Crown" is "lich"); plurals are tried
 *     as singulars; words in WEAK_WORDS (titles and roles such as "lord",
 *     "sentinel") only count when no other word matched;
 *  4. a map word inside a compound ("Stormcaller" holds "storm");
 *  5. spells: the icon list of the first ability's effect kind (EFFECT_ICONS);
 *  6. units: the faction's list (FACTION_ICONS).
 * Each rule gives a short list; a card takes the first icon of that list that
 * no earlier card (lower id) took, so neighbours in a set look different, and
 * shares a seeded pick of that list when all are taken.
 */
import { Rng } from "../shared/rng.ts";
import { BEING_WORDS, PHRASES, WEAK_WORDS } from "./pick-words.ts";
import type { CardDef, Effect, Faction } from "./types.ts";

export const ICON_BY_ID: Readonly<Record<number, string>> = {};

/** Objects and deeds: name word to icon candidates. */
const THING_WORDS: Readonly<Record<string, readonly string[]>> = {
  shield: ["magic-shield", "shield", "round-shield"],
  ward: ["energy-shield", "magic-shield"],
  barrier: ["energy-shield", "lightning-dome"],
  protection: ["vibrating-shield", "magic-shield"],
  armor: ["armor-upgrade", "chest-armor"],
  armour: ["armor-upgrade", "chest-armor"],
  sword: ["broadsword", "rune-sword", "shining-sword"],
  blade: ["shining-sword", "sword-spin"],
  axe: ["battle-axe", "crossed-axes"],
  hammer: ["flat-hammer", "hammer-drop"],
  mace: ["spiked-mace", "flanged-mace"],
  spear: ["barbed-spear", "spears"],
  bow: ["bow-arrow", "pocket-bow"],
  arrow: ["arrow-flights", "winged-arrow", "arrow-cluster"],
  arrows: ["arrow-cluster", "arrow-flights"],
  volley: ["arrow-cluster"],
  whip: ["whip", "vine-whip"],
  scythe: ["scythe", "reaper-scythe"],
  staff: ["wizard-staff", "crescent-staff"],
  wand: ["crystal-wand", "fairy-wand"],
  orb: ["concentration-orb", "frozen-orb"],
  torch: ["torch", "primitive-torch"],
  banner: ["knight-banner", "tower-flag"],
  crown: ["crown", "imperial-crown"],
  king: ["crown", "imperial-crown"],
  queen: ["queen-crown"],
  lord: ["crown", "imperial-crown"],
  royal: ["imperial-crown", "crowned-heart"],
  heal: ["healing", "heart-plus"],
  healing: ["healing", "health-potion"],
  mend: ["heart-plus", "hand-bandage"],
  cure: ["health-potion", "healing"],
  remedy: ["health-potion"],
  potion: ["health-potion", "magic-potion", "round-potion"],
  elixir: ["magic-potion", "round-potion"],
  blessing: ["angel-wings", "sunbeams"],
  prayer: ["sun-priest", "sunbeams"],
  holy: ["holy-water", "sunbeams"],
  regeneration: ["regeneration"],
  growth: ["tree-growth", "upgrade"],
  rage: ["enrage", "screaming"],
  fury: ["enrage", "fire-punch"],
  frenzy: ["enrage", "triple-scratches"],
  strength: ["muscle-up", "biceps"],
  might: ["mighty-force", "biceps"],
  power: ["mighty-force", "power-lightning"],
  haste: ["winged-leg", "wingfoot"],
  speed: ["wingfoot"],
  stun: ["knocked-out-stars", "knockout"],
  daze: ["knocked-out-stars"],
  sleep: ["night-sleep"],
  chain: ["crossed-chains"],
  chains: ["crossed-chains"],
  bind: ["crossed-chains"],
  claw: ["claw-slashes", "triple-scratches"],
  claws: ["claws", "claw-slashes"],
  strike: ["sword-clash", "fist"],
  slash: ["serrated-slash", "claw-slashes"],
  smash: ["hammer-drop", "fist"],
  crush: ["hammer-drop", "earth-crack"],
  punch: ["fire-punch", "fist"],
  fist: ["fist", "mailed-fist"],
  hand: ["magic-palm", "evil-hand"],
  eye: ["all-seeing-eye", "third-eye", "evil-eyes"],
  eyes: ["evil-eyes", "angry-eyes"],
  vision: ["third-eye", "crystal-ball"],
  book: ["spell-book", "open-book", "book-aura"],
  tome: ["spell-book", "evil-book"],
  scroll: ["scroll-unfurled", "tied-scroll"],
  wisdom: ["book-aura", "gift-of-knowledge"],
  knowledge: ["gift-of-knowledge", "open-book"],
  lore: ["open-book", "book-aura"],
  secret: ["secret-book"],
  rune: ["rune-stone"],
  portal: ["magic-portal", "magic-gate"],
  summon: ["magic-portal", "magic-gate"],
  summoning: ["magic-portal"],
  call: ["magic-portal"],
  gem: ["gems", "fire-gem"],
  gems: ["gems"],
  crystal: ["crystal-cluster", "crystal-growth", "floating-crystal"],
  diamond: ["cut-diamond", "crystal-shine"],
  mana: ["floating-crystal", "crystal-growth"],
  ruby: ["fire-gem"],
  heart: ["glass-heart", "heart-organ"],
  soul: ["spectre", "inner-self"],
  mind: ["psychic-waves", "brain"],
  madness: ["potion-of-madness", "brain-tentacle"],
  fear: ["screaming", "despair"],
  terror: ["screaming", "despair"],
  despair: ["despair"],
  drain: ["leeching-worm", "despair"],
  theft: ["robber-hand"],
  steal: ["robber-hand"],
  swap: ["card-exchange", "cycle"],
  recall: ["return-arrow", "cycle"],
  retreat: ["return-arrow"],
  return: ["return-arrow"],
  feast: ["chewed-heart", "bone-gnawer"],
  bomb: ["fire-bomb", "ice-bomb"],
  explosion: ["crowned-explosion", "implosion"],
  blast: ["crowned-explosion", "fire-ray"],
  ray: ["fire-ray", "sunbeams"],
  beam: ["sunbeams", "fire-ray"],
  nova: ["sun-radiations", "crowned-explosion"],
};

/** Every single word with its icon candidates (pick-words.ts holds the beings). */
export const WORDS: Readonly<Record<string, readonly string[]>> = {
  ...BEING_WORDS,
  ...THING_WORDS,
};

export const EFFECT_ICONS: Readonly<Record<Effect["kind"], readonly string[]>> = {
  damage: ["fireball", "lightning-branches", "fire-ray", "ice-bolt", "focused-lightning"],
  heal: ["healing", "health-potion", "heart-plus"],
  buff: ["upgrade", "muscle-up", "mighty-force", "armor-upgrade"],
  stun: ["knocked-out-stars", "lightning-arc"],
  destroy: ["skull-crack", "death-skull", "disintegrate"],
  gain_resource: ["crystal-growth", "gems", "fire-gem"],
  gain_inc: ["crystal-cluster", "floating-crystal", "crystal-shine"],
  drain_resource: ["despair", "leeching-worm"],
  drain_inc: ["evil-hand", "despair"],
  draw: ["spell-book", "open-book", "book-aura"],
  discard: ["burning-book", "evil-book"],
  summon: ["magic-portal", "magic-gate"],
  return_to_hand: ["return-arrow", "magic-swirl"],
  swap_cells: ["card-exchange", "cycle"],
};

export const FACTION_ICONS: Readonly<Record<Faction, readonly string[]>> = {
  elf: ["woman-elf-face", "elf-helmet", "archer", "fairy", "tree-face"],
  undead: ["shambling-zombie", "death-skull", "ghost", "skeleton", "spectre"],
  thief: ["hooded-assassin", "robber-mask", "cloak-dagger", "rat", "pirate-captain"],
  heretic: ["cultist", "warlock-hood", "snake", "hooded-figure", "medusa-head"],
  tower: ["stone-tower", "black-knight-helm", "stone-wall", "wizard-staff", "spartan-helmet"],
  demon: ["devil-mask", "daemon-skull", "fire-silhouette", "witch-face", "imp-laugh"],
  troll: ["troll", "goblin-head", "orc-head", "ogre", "giant"],
  vampire: ["vampire-dracula", "female-vampire", "evil-bat", "bat-mask", "fangs"],
  neutral: ["swordman", "crossed-swords", "crown", "wizard-face", "spartan-helmet"],
};

/** Words of a name, lower case, with a naive singular form after each plural. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/['\u2019]s\b/g, "")
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0);
}

function wordCandidates(word: string): readonly string[] | undefined {
  const forms = [word];
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("ves")) forms.push(`${word.slice(0, -3)}f`);
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("s")) forms.push(word.slice(0, -1));
  for (const f of forms) {
    const hit = WORDS[f];
    if (hit) return hit;
  }
  return undefined;
}

/** Words in the order they are tried: the part before " of " first, each part from its end. */
export function headFirst(words: readonly string[]): string[] {
  const of = words.indexOf("of");
  if (of < 0) return [...words].reverse();
  return [...words.slice(0, of).reverse(), ...words.slice(of + 1).reverse()];
}

/** The candidate list for a card and the rule that gave it (for the README table). */
export function iconCandidates(card: CardDef): { rule: string; icons: readonly string[] } {
  const byId = ICON_BY_ID[card.id];
  if (byId) return { rule: "id", icons: [byId] };
  const words = nameWords(card.name);
  for (let i = words.length - 2; i >= 0; i--) {
    const phrase = `${words[i]} ${words[i + 1]}`;
    const hit = PHRASES[phrase] ?? PHRASES[phrase.replace(/s$/, "")];
    if (hit) return { rule: `phrase "${phrase}"`, icons: hit };
  }
  const ordered = headFirst(words);
  for (const weak of [false, true]) {
    for (const w of ordered) {
      if (WEAK_WORDS.has(w) !== weak) continue;
      const hit = wordCandidates(w);
      if (hit) return { rule: `word "${w}"`, icons: hit };
    }
  }
  for (const w of ordered) {
    const key = Object.keys(WORDS)
      .filter((k) => k.length >= 4 && w.includes(k))
      .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0];
    const hit = key === undefined ? undefined : WORDS[key];
    if (hit) return { rule: `part "${key}" of "${w}"`, icons: hit };
  }
  const effect = card.abilities[0]?.effect.kind;
  if (card.type === "spell" && effect)
    return { rule: `effect ${effect}`, icons: EFFECT_ICONS[effect] };
  return { rule: `faction ${card.faction}`, icons: FACTION_ICONS[card.faction] };
}

/**
 * Assigns an icon to every card of a catalogue (ids ascending). A card's icon
 * depends only on itself and cards with lower ids.
 */
export function assignIcons(cards: readonly CardDef[]): Map<number, string> {
  const used = new Set<string>();
  const out = new Map<number, string>();
  for (const card of [...cards].sort((a, b) => a.id - b.id)) {
    const { icons } = iconCandidates(card);
    let icon = icons.find((i) => !used.has(i));
    // Everything in the list is taken: share one (the name matters more than
    // uniqueness; palette and scenery still tell the two cards apart).
    icon ??= new Rng(`icon:${card.id}`).pick(icons);
    if (!icon) throw new Error(`no icon for card ${card.id}`);
    used.add(icon);
    out.set(card.id, icon);
  }
  return out;
}
