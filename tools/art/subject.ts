/**
 * What a card's picture shows: a subject read from the card's own data (the
 * words of its name, its faction, keywords, first effect and cost), built by
 * figure.ts from parametric parts. Nothing here is per card id: a new card
 * gets a subject from the same rules (see `describeSubject` and
 * `npx tsx tools/art/build.ts --subjects`).
 */
import type { Rng } from "../shared/rng.ts";
import type { CardDef, Faction } from "./types.ts";

export type Body =
  | "humanoid"
  | "beast"
  | "serpent"
  | "bat"
  | "structure"
  | "elemental"
  | "spirit"
  | "plant";
export type Build = "slim" | "normal" | "bulky" | "small";
export type Head = "bare" | "crown" | "hood" | "horns" | "hat" | "helm" | "ears" | "skull" | "leaf";
export type Held =
  | "none"
  | "sword"
  | "staff"
  | "bow"
  | "dagger"
  | "axe"
  | "spear"
  | "club"
  | "book"
  | "lantern"
  | "orb"
  | "shovel"
  | "bomb"
  | "sack";
export type Pose = "stand" | "cast" | "lunge" | "guard" | "hunch" | "crouch" | "float" | "leap";
export type Beast = "rat" | "hound" | "chimera" | "dragon" | "griffin";
export type Structure = "wall" | "hedge" | "door" | "coffin" | "totem" | "rampart";
export type Element = "fire" | "air" | "earth";
export type Wings = "none" | "bat" | "feather";

export interface Subject {
  body: Body;
  build: Build;
  head: Head;
  held: Held;
  pose: Pose;
  robe: boolean;
  cape: boolean;
  hair: boolean;
  shield: boolean;
  wings: Wings;
  /** Lamia and gorgon: a snake's tail instead of legs. */
  tail: boolean;
  /** Bones showing (skeletons, bone wyverns). */
  bones: boolean;
  beast: Beast;
  heads: number;
  structure: Structure;
  element: Element;
  /** How many of it (swarms, hordes, bearers). */
  count: number;
  /** Lifted off the ground (flying). */
  flying: boolean;
  /** A flock of bats around it ("a Thousand Wings"). */
  flock: boolean;
}

type Part = Partial<Subject>;

/**
 * Name words to parts of the subject. A word matches a name word, a plural of
 * it, or a part of a compound ("Hellhound" holds "hound").
 */
export const SUBJECT_WORDS: Record<string, Part> = {
  // beasts
  rat: { body: "beast", beast: "rat", build: "small" },
  hound: { body: "beast", beast: "hound" },
  wolf: { body: "beast", beast: "hound" },
  chimera: { body: "beast", beast: "chimera" },
  dragon: { body: "beast", beast: "dragon", wings: "bat" },
  wyrm: { body: "beast", beast: "dragon", wings: "bat", build: "bulky" },
  wyvern: { body: "beast", beast: "dragon", wings: "bat", build: "slim" },
  griffin: { body: "beast", beast: "griffin", wings: "feather" },
  whelp: { build: "small" },
  hatchling: { build: "small" },
  bat: { body: "bat", wings: "bat", build: "small" },
  wings: { wings: "bat", cape: true },
  lamia: { body: "humanoid", tail: true, hair: true },
  serpent: { body: "humanoid", tail: true, hair: true },
  gorgon: { body: "humanoid", tail: true, hair: true, held: "spear" },
  imp: { body: "humanoid", build: "small", head: "horns", wings: "bat" },
  sprite: { body: "humanoid", build: "small", head: "ears", wings: "feather" },
  // elementals, spirits, plants
  elemental: { body: "elemental" },
  mist: { body: "spirit", pose: "float" },
  shroud: { body: "spirit", pose: "float" },
  wisp: { body: "spirit", pose: "float", held: "lantern" },
  treant: { body: "plant", build: "bulky" },
  elderbark: { body: "plant", build: "bulky" },
  sapling: { body: "plant", build: "small" },
  mossling: { body: "humanoid", build: "small", head: "leaf" },
  // structures
  wall: { body: "structure", structure: "wall" },
  hedge: { body: "structure", structure: "hedge" },
  door: { body: "structure", structure: "door" },
  gate: { body: "structure", structure: "coffin" },
  coffin: { body: "structure", structure: "coffin" },
  rampart: { body: "structure", structure: "rampart" },
  totem: { body: "structure", structure: "totem" },
  // the dead
  skeleton: { bones: true, build: "slim" },
  bone: { bones: true, build: "slim" },
  corpse: { pose: "hunch" },
  zombie: { pose: "hunch" },
  ghoul: { pose: "hunch", build: "slim" },
  thrall: { pose: "hunch" },
  carrier: { pose: "hunch", held: "sack", head: "hood" },
  lich: { robe: true, head: "skull", held: "staff", pose: "cast" },
  // big ones
  golem: { build: "bulky", head: "bare" },
  colossus: { build: "bulky", head: "helm", shield: true },
  giant: { build: "bulky", pose: "hunch" },
  ogre: { build: "bulky", held: "club" },
  troll: { build: "bulky", held: "club" },
  brute: { build: "bulky", held: "axe", head: "horns" },
  // casters
  mage: { robe: true, head: "hat", held: "staff", pose: "cast" },
  archmage: { robe: true, head: "hat", held: "orb", pose: "cast" },
  wizard: { robe: true, head: "hat", held: "staff", pose: "cast" },
  witch: { robe: true, head: "hat", hair: true, pose: "cast" },
  oracle: { robe: true, head: "hood", held: "orb" },
  priestess: { robe: true, hair: true, held: "staff" },
  acolyte: { robe: true, head: "hood", held: "book" },
  initiate: { robe: true, head: "hood", held: "dagger" },
  cult: { robe: true, head: "hood" },
  zealot: { robe: true, head: "hood", held: "club", pose: "lunge" },
  apostate: { robe: true, head: "hood", held: "book" },
  heresiarch: { robe: true, head: "horns", held: "staff", pose: "cast", cape: true },
  hemomancer: { robe: true, head: "hood", held: "orb", pose: "cast" },
  stormcaller: { robe: true, held: "staff", pose: "cast", cape: true },
  medic: { held: "lantern", head: "hood" },
  servant: { held: "lantern", pose: "hunch" },
  // fighters and rogues
  archer: { held: "bow", head: "hood" },
  hunter: { held: "bow", cape: true },
  scout: { held: "bow" },
  knifer: { held: "dagger", head: "hood", pose: "crouch" },
  assassin: { held: "dagger", head: "hood", pose: "lunge", cape: true },
  cutpurse: { held: "dagger", head: "hood", pose: "crouch" },
  thief: { held: "dagger", head: "hood", pose: "crouch", cape: true },
  stalker: { held: "dagger", pose: "crouch", cape: true },
  smuggler: { held: "sack" },
  fence: { held: "sack", build: "bulky" },
  prodigy: { held: "dagger", build: "slim", pose: "crouch" },
  saboteur: { held: "bomb", pose: "crouch" },
  bomber: { held: "bomb", pose: "leap" },
  brawler: { held: "club", build: "bulky", pose: "lunge" },
  scrapper: { held: "club", pose: "lunge" },
  grunt: { held: "club" },
  sellsword: { held: "sword", head: "helm" },
  squire: { held: "sword", head: "helm", shield: true },
  duelist: { held: "sword", pose: "lunge", cape: true },
  sentinel: { held: "spear", pose: "guard" },
  warlord: { held: "axe", head: "horns", cape: true, build: "bulky" },
  bearer: { shield: true, pose: "guard", count: 3, head: "helm" },
  gravedigger: { held: "shovel" },
  dancer: { pose: "leap", hair: true },
  rider: { head: "helm", held: "spear" },
  leader: { head: "crown", pose: "cast" },
  pack: { count: 3 },
  horde: { count: 4 },
  swarm: { count: 5 },
  // titles
  king: { head: "crown", cape: true, held: "sword", build: "bulky" },
  queen: { head: "crown", cape: true, hair: true, held: "club" },
  princess: { head: "crown", hair: true, wings: "bat" },
  lord: { head: "crown", cape: true },
  countess: { head: "crown", hair: true, robe: true },
  matriarch: { head: "crown", hair: true },
};

/** What a faction's units look like when no name word says otherwise. */
const FACTION_PARTS: Record<Faction, Part> = {
  elf: { head: "ears", held: "bow" },
  undead: { pose: "hunch", bones: true },
  thief: { head: "hood", held: "dagger" },
  heretic: { head: "hood", robe: true },
  tower: { robe: true, head: "hat", held: "staff" },
  demon: { head: "horns", held: "axe" },
  troll: { build: "bulky", held: "club" },
  vampire: { cape: true, hair: true },
  neutral: { held: "sword" },
};

/** Words of a card name, lower case, without punctuation. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[^a-z\s-]/g, " ")
    .split(/[\s-]+/)
    .filter((w) => w.length > 0);
}

/** The SUBJECT_WORDS keys a word matches: itself, its singular, or a key inside a compound. */
function matches(word: string): string[] {
  const found: string[] = [];
  const singular = word.endsWith("s") && word.length > 3 ? word.slice(0, -1) : word;
  for (const key of Object.keys(SUBJECT_WORDS)) {
    if (key === word || key === singular) found.push(key);
    else if (key.length >= 4 && word.length > key.length && word.includes(key)) found.push(key);
  }
  return found;
}

/** The number word of a name ("Three-Headed" gives 3 heads). */
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3 };

const DEFAULT: Subject = {
  body: "humanoid",
  build: "normal",
  head: "bare",
  held: "none",
  pose: "stand",
  robe: false,
  cape: false,
  hair: false,
  shield: false,
  wings: "none",
  tail: false,
  bones: false,
  beast: "hound",
  heads: 1,
  structure: "wall",
  element: "fire",
  count: 1,
  flying: false,
  flock: false,
};

/**
 * The subject of a unit card. The words are applied in name order and the
 * head noun (the last word before " of ", or the word before a comma's title)
 * last, so "Bone Wyvern" is a wyvern with bones showing.
 */
export function subjectOf(card: CardDef, rng: Rng): Subject {
  const s: Subject = { ...DEFAULT };
  let matched = false;
  const [main = "", ...rest] = card.name.split(/ of |, /);
  const words = [...nameWords(rest.join(" ")), ...nameWords(main)];
  if (words.includes("thousand")) s.flock = true;
  for (const w of words) {
    if (NUMBER_WORDS[w] && words.some((x) => x.includes("head"))) s.heads = NUMBER_WORDS[w] ?? 1;
    else if (NUMBER_WORDS[w]) s.count = NUMBER_WORDS[w] ?? 1;
    for (const key of matches(w)) {
      Object.assign(s, SUBJECT_WORDS[key]);
      matched = true;
    }
  }
  if (!matched) Object.assign(s, FACTION_PARTS[card.faction]);
  // elementals take their element from the name
  if (s.body === "elemental") {
    s.element = words.includes("air") ? "air" : words.includes("earth") ? "earth" : "fire";
  }
  const kw = card.keywords ?? {};
  if (kw.flying) {
    s.flying = true;
    if (s.wings === "none" && s.body !== "spirit" && s.body !== "elemental")
      s.wings =
        card.faction === "elf" || card.faction === "neutral" || card.faction === "tower"
          ? "feather"
          : "bat";
    if (s.body === "humanoid" && s.pose === "stand") s.pose = "leap";
  }
  if (kw.wall && s.body === "humanoid") {
    s.shield = true;
    s.pose = "guard";
  }
  if (kw.pierce && s.body === "humanoid" && s.held !== "bow") s.held = "spear";
  if (kw.first_strike && s.body === "humanoid" && s.pose === "stand") s.pose = "lunge";
  // a caster's pose for units whose first ability strikes from afar
  const first = card.abilities[0]?.effect.kind;
  if (s.body === "humanoid" && s.pose === "stand" && first === "damage" && s.held !== "bow")
    s.pose = "cast";
  // vampires of rank wear capes
  if (card.faction === "vampire" && s.body === "humanoid" && rng.chance(0.6)) s.cape = true;
  // a standing figure takes one of a few stances, so two alike in name differ in pose
  if (s.body === "humanoid" && s.pose === "stand" && !s.tail)
    s.pose = rng.pick(["stand", "stand", "guard", "cast", "leap"] as const);
  return s;
}

/** One line describing a subject, for `build.ts --subjects`. */
export function describeSubject(s: Subject): string {
  const bits: string[] = [s.body];
  if (s.body === "beast") bits.push(s.beast);
  if (s.body === "structure") bits.push(s.structure);
  if (s.body === "elemental") bits.push(s.element);
  if (s.build !== "normal") bits.push(s.build);
  if (s.head !== "bare") bits.push(s.head);
  if (s.held !== "none") bits.push(s.held);
  if (s.pose !== "stand") bits.push(s.pose);
  for (const k of ["robe", "cape", "hair", "shield", "tail", "bones", "flying"] as const)
    if (s[k]) bits.push(k);
  if (s.wings !== "none") bits.push(`${s.wings} wings`);
  if (s.heads > 1) bits.push(`${s.heads} heads`);
  if (s.count > 1) bits.push(`x${s.count}`);
  if (s.flock) bits.push("flock");
  return bits.join(" ");
}
