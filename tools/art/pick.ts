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
import type { CardDef, Effect, Faction } from "./types.ts";

export const ICON_BY_ID: Readonly<Record<number, string>> = {};

export const PHRASES: Readonly<Record<string, readonly string[]>> = {
  "air elemental": ["whirlwind", "tornado"],
  "earth elemental": ["rock-golem", "golem-head"],
  "fire elemental": ["fire-silhouette", "flame"],
  "water elemental": ["big-wave", "water-splash"],
  "ice elemental": ["ice-golem"],
  "zombie wizard": ["raise-zombie"],
  "port rat": ["rat"],
  "demon princess": ["female-vampire", "devil-mask"],
  "troll queen": ["queen-crown", "troll"],
  "fire witch": ["witch-flight", "witch-face"],
  "earth witch": ["witch-face"],
  "goblin lord": ["goblin-head"],
  "ork lord": ["orc-head"],
  "orc lord": ["orc-head"],
  "vampire lord": ["vampire-dracula"],
  "blood moon": ["evil-moon", "moon-bats"],
  "dark ritual": ["star-altar", "sacrificial-dagger"],
  "gale slash": ["wind-slap"],
  "headed chimera": ["hydra"],
  "demon hunter": ["crossbow"],
  "goblin horde": ["goblin-camp"],
  "goblin bomber": ["dynamite", "goblin"],
  "goblin saboteur": ["powder-bag", "goblin"],
  "sanguine king": ["vampire-dracula"],
  "shield bearer": ["shield", "round-shield"],
  "black market": ["shiny-purse"],
  "war drum": ["drum"],
  "bat swarm": ["moon-bats", "evil-bat"],
  "rat swarm": ["rat"],
};

/** Titles and roles: they name a card only when nothing else in its name does. */
export const WEAK_WORDS: ReadonlySet<string> = new Set([
  "lord",
  "king",
  "queen",
  "crown",
  "leader",
  "pack",
  "sentinel",
  "guard",
  "guardian",
  "hunter",
  "scout",
  "master",
  "prodigy",
  "rider",
  "whelp",
  "gate",
  "door",
  "servant",
  "walker",
  "carrier",
  "caller",
  "bearer",
  "circle",
  "ring",
]);

export const WORDS: Readonly<Record<string, readonly string[]>> = {
  // names of this catalogue that no generic word covers
  mossling: ["sprout", "ground-sprout"],
  sapling: ["seedling", "sprout"],
  seed: ["seedling", "sprout-disc"],
  scout: ["spyglass"],
  breeze: ["feathered-wing", "wind-slap"],
  dancer: ["fairy-wings", "feathered-wing"],
  briar: ["thorny-vine"],
  hedge: ["thorny-vine", "spiked-fence"],
  spring: ["water-fountain", "fountain"],
  gale: ["wind-slap", "whirlwind"],
  wisp: ["lantern-flame", "spark-spirit"],
  lantern: ["lantern-flame", "old-lantern"],
  rattler: ["skeleton", "raise-skeleton"],
  gravedigger: ["hasty-grave", "graveyard"],
  carrier: ["plague-doctor-profile"],
  raise: ["raise-skeleton", "raise-zombie"],
  fallen: ["raise-skeleton", "hasty-grave"],
  chill: ["frozen-orb", "ice-spell-cast"],
  harvest: ["reaper-scythe", "scythe"],
  cutpurse: ["robber-hand", "shiny-purse"],
  knifer: ["switchblade", "bowie-knife"],
  fence: ["shiny-purse", "coins-pile"],
  dart: ["dart", "rope-dart"],
  hearth: ["campfire", "fireplace"],
  vein: ["crystal-growth", "gems"],
  drum: ["drum"],
  initiate: ["cultist", "hood"],
  hatchling: ["snake-egg"],
  pyre: ["fire-zone", "campfire"],
  rite: ["candle-skull", "star-altar"],
  matriarch: ["medusa-head", "snake-tongue"],
  zealot: ["burning-eye", "cowled"],
  switch: ["card-exchange", "snake-spiral"],
  gorgon: ["medusa-head"],
  heresiarch: ["warlock-eye", "pope-crown"],
  archmage: ["wizard-staff", "crystal-wand"],
  colossus: ["golem-head", "giant"],
  citadel: ["castle", "guarded-tower"],
  teleport: ["teleport", "magic-portal"],
  sigil: ["rune-stone", "star-formation"],
  banishing: ["magic-gate", "implosion"],
  mason: ["trowel"],
  hellfire: ["fire-zone", "hell-crosses"],
  brimstone: ["fire-zone"],
  duelist: ["fencer", "sword-clash"],
  pact: ["scroll-quill", "shaking-hands"],
  scrapper: ["goblin-head", "goblin"],
  warcry: ["shouting", "sonic-shout"],
  warlord: ["orc-head", "horned-helm"],
  toss: ["earth-spit"],
  squire: ["knight-banner", "swordman"],
  sellsword: ["two-handed-sword", "swordman"],
  brawler: ["beer-stein", "fist"],
  medic: ["hand-bandage", "health-potion"],
  cinder: ["fluffy-flame", "small-fire"],
  bearer: ["shield", "round-shield"],
  cache: ["locked-chest", "crossroad"],
  crossroads: ["crossroad"],
  stormcaller: ["lightning-storm", "lightning-shout"],
  acolyte: ["hooded-figure", "cowled"],
  fanged: ["fangs", "bestial-fangs"],
  stalker: ["bat-mask", "fangs"],
  kiss: ["lips", "heart-drop"],
  mist: ["fog"],
  gravewine: ["pouring-chalice", "jeweled-chalice"],
  shroud: ["vampire-cape", "cloak"],
  hemomancer: ["bleeding-heart", "blood"],
  exsanguinate: ["chalice-drops", "blood"],
  eclipse: ["eclipse", "spiky-eclipse"],
  wings: ["bat-wing", "moon-bats"],
  elderbark: ["tree-face", "evil-tree"],
  // elves and the wild
  elf: ["woman-elf-face", "elf-helmet", "elf-ear"],
  elven: ["elf-helmet", "woman-elf-face", "elven-castle"],
  archer: ["archer", "bowman", "bow-arrow"],
  bowman: ["bowman", "archer"],
  ranger: ["bowman", "archer", "arrow-flights"],
  hunter: ["bowman", "hunter-eyes", "wolf-trap"],
  druid: ["tree-face", "oak-leaf", "deku-tree"],
  dryad: ["fairy", "tree-face"],
  fairy: ["fairy", "fairy-wings", "fairy-wand"],
  sprite: ["fairy", "spark-spirit"],
  pixie: ["fairy-wings", "fairy"],
  treant: ["tree-face", "evil-tree"],
  tree: ["tree-face", "willow-tree", "evil-tree"],
  forest: ["forest", "circle-forest", "forest-entrance"],
  grove: ["forest", "circle-forest"],
  leaf: ["oak-leaf", "leaf-swirl"],
  vine: ["vine-whip", "vine-leaf"],
  thorn: ["crown-of-thorns", "vine-whip"],
  root: ["tree-roots"],
  wolf: ["wolf-head", "direwolf", "wolf-howl"],
  bear: ["bear-head", "bear-face"],
  owl: ["owl", "barn-owl"],
  unicorn: ["unicorn"],
  stag: ["stag-head", "deer-head"],
  deer: ["deer-head", "stag-head"],
  centaur: ["centaur"],
  pegasus: ["pegasus"],
  eagle: ["eagle-head", "eagle-emblem"],
  hawk: ["hawk-emblem"],
  falcon: ["falcon-moon", "hawk-emblem"],
  raven: ["raven", "crow-dive"],
  crow: ["crow-dive", "raven"],
  boar: ["boar", "boar-tusks"],
  spider: ["spider-face", "hanging-spider", "masked-spider"],
  scorpion: ["scorpion", "scorpion-tail"],
  beetle: ["scarab-beetle", "flying-beetle"],
  frog: ["frog"],
  toad: ["toad-teeth", "frog"],
  mushroom: ["mushrooms-cluster", "mushroom"],
  swamp: ["swamp"],
  // elements
  air: ["whirlwind", "tornado"],
  wind: ["wind-slap", "whirlwind", "tornado"],
  gust: ["wind-slap", "whirlwind"],
  tornado: ["tornado", "stomp-tornado"],
  storm: ["lightning-storm", "tornado"],
  thunder: ["lightning-storm", "thor-fist"],
  lightning: ["lightning-branches", "focused-lightning", "lightning-storm"],
  bolt: ["focused-lightning", "lightning-branches"],
  spark: ["spark-spirit", "lightning-arc"],
  shock: ["lightning-arc", "sonic-lightning"],
  earth: ["earth-crack", "rock-golem"],
  quake: ["earth-crack", "earth-spit"],
  stone: ["rock-golem", "rune-stone"],
  rock: ["rock-golem", "earth-spit"],
  boulder: ["earth-spit", "rock-golem"],
  fire: ["fire", "flame", "fire-zone"],
  flame: ["flame", "fluffy-flame", "candle-flame"],
  blaze: ["fire-zone", "wildfires"],
  inferno: ["fire-zone", "wildfires", "fire-ring"],
  burn: ["fire-wave", "burning-skull"],
  fireball: ["fireball", "fire-ray"],
  ember: ["fluffy-flame", "small-fire"],
  lava: ["lava", "smoking-volcano"],
  volcano: ["smoking-volcano", "volcano"],
  meteor: ["burning-meteor", "meteor-impact"],
  comet: ["evil-comet", "comet-spark"],
  ice: ["ice-bolt", "ice-spell-cast", "icebergs"],
  frost: ["frostfire", "ice-bolt", "snowflake-1"],
  freeze: ["ice-spell-cast", "frozen-orb"],
  frozen: ["frozen-orb", "ice-cube"],
  snow: ["snowflake-2", "snowing"],
  water: ["water-splash", "big-wave", "water-drop"],
  wave: ["big-wave", "wave-crest"],
  tide: ["high-tide", "big-wave"],
  rain: ["water-drop", "fluffy-cloud"],
  cloud: ["fluffy-cloud", "poison-cloud"],
  sun: ["sun", "sunbeams", "heraldic-sun"],
  dawn: ["sunrise", "sunbeams"],
  light: ["sunbeams", "sun-radiations", "candle-light"],
  moon: ["moon", "evil-moon", "moon-bats"],
  night: ["night-sky", "evil-moon"],
  star: ["falling-star", "north-star-shuriken", "star-swirl"],
  shadow: ["shadow-grasp", "two-shadows", "shadow-follower"],
  dark: ["shadow-grasp", "evil-eyes"],
  darkness: ["shadow-grasp", "evil-eyes"],
  void: ["magic-portal", "implosion"],
  // undead
  zombie: ["shambling-zombie", "raise-zombie"],
  ghoul: ["shambling-zombie", "bone-gnawer"],
  skeleton: ["skeleton", "raise-skeleton", "skull-crossed-bones"],
  bone: ["crossed-bones", "bone-mace", "skeletal-hand"],
  skull: ["death-skull", "horned-skull", "crowned-skull"],
  ghost: ["ghost", "floating-ghost", "spectre"],
  spirit: ["floating-ghost", "spark-spirit", "ghost"],
  spectre: ["spectre", "ghost"],
  specter: ["spectre", "ghost"],
  wraith: ["spectre", "floating-ghost"],
  phantom: ["spectre", "floating-ghost"],
  banshee: ["screaming", "spectre"],
  lich: ["crowned-skull", "skull-staff"],
  necromancer: ["skull-staff", "raise-zombie"],
  reaper: ["reaper-scythe", "scythe"],
  grave: ["tombstone", "hasty-grave", "graveyard"],
  tomb: ["tombstone", "crypt-entrance"],
  crypt: ["crypt-entrance", "tombstone"],
  graveyard: ["graveyard", "tombstone"],
  corpse: ["shambling-zombie", "hasty-grave"],
  plague: ["poison-gas", "death-juice"],
  rot: ["poison-gas", "goo-skull"],
  horde: ["raise-zombie", "shambling-zombie"],
  dead: ["death-skull", "raise-zombie"],
  death: ["death-skull", "reaper-scythe"],
  // thieves and the port
  thief: ["robber-mask", "robber-hand", "cloak-dagger"],
  rogue: ["cloak-dagger", "hooded-assassin"],
  assassin: ["hooded-assassin", "ninja-mask"],
  bandit: ["robber-mask", "crossed-pistols"],
  pickpocket: ["robber-hand", "wallet"],
  smuggler: ["barrel", "robber-mask"],
  spy: ["domino-mask", "spy"],
  rat: ["rat"],
  pirate: ["pirate-captain", "pirate-hat", "pirate-skull"],
  captain: ["pirate-captain"],
  sailor: ["pirate-hat", "drakkar-dragon"],
  port: ["drakkar-dragon", "pirate-flag"],
  ship: ["drakkar-dragon", "battleship"],
  cannon: ["pirate-cannon"],
  dagger: ["plain-dagger", "broad-dagger", "flying-dagger"],
  daggers: ["thrown-daggers", "daggers"],
  knife: ["bowie-knife", "switchblade"],
  poison: ["poison-bottle", "poison", "death-juice"],
  venom: ["snake-bite", "poison-bottle"],
  gold: ["gold-stack", "coins-pile"],
  coin: ["two-coins", "coins"],
  treasure: ["open-treasure-chest", "locked-chest"],
  loot: ["open-chest", "coins-pile"],
  chest: ["locked-chest", "open-treasure-chest"],
  trap: ["wolf-trap", "mimic-chest"],
  mask: ["domino-mask", "robber-mask"],
  lockpick: ["skeleton-key"],
  key: ["skeleton-key"],
  // heretics and beasts
  chimera: ["griffin-symbol", "hydra"],
  lamia: ["medusa-head", "snake-tongue"],
  medusa: ["medusa-head"],
  naga: ["sea-serpent", "snake-tongue"],
  snake: ["snake", "rattlesnake", "sand-snake"],
  serpent: ["sea-serpent", "snake-spiral"],
  viper: ["rattlesnake", "snake-bite"],
  hydra: ["hydra", "hydra-shot"],
  harpy: ["harpy"],
  siren: ["siren", "mermaid"],
  gargoyle: ["gargoyle"],
  minotaur: ["minotaur"],
  griffin: ["griffin-symbol", "griffin-shield"],
  gryphon: ["griffin-symbol"],
  heretic: ["cultist", "cowled", "warlock-hood"],
  cultist: ["cultist", "cowled"],
  cult: ["cultist", "star-altar"],
  priest: ["sun-priest", "cowled"],
  priestess: ["tarot-02-the-high-priestess", "cowled"],
  monk: ["monk-face", "cowled"],
  nun: ["nun-face"],
  prophet: ["third-eye", "cowled"],
  oracle: ["crystal-ball", "third-eye"],
  seer: ["crystal-ball", "all-seeing-eye"],
  ritual: ["star-altar", "sacrificial-dagger"],
  altar: ["star-altar", "sword-altar"],
  sacrifice: ["sacrificial-dagger", "bleeding-heart"],
  idol: ["snake-totem", "totem-mask"],
  // the tower
  tower: ["stone-tower", "white-tower", "evil-tower"],
  wall: ["stone-wall", "brick-wall", "defensive-wall"],
  rampart: ["spiked-wall", "defensive-wall"],
  gate: ["magic-gate", "castle"],
  keep: ["castle", "guarded-tower"],
  fortress: ["castle", "guarded-tower"],
  castle: ["castle", "elven-castle"],
  bastion: ["guarded-tower", "defensive-wall"],
  barricade: ["spiked-wall", "brick-wall"],
  palisade: ["spiked-wall"],
  watchtower: ["watchtower"],
  golem: ["rock-golem", "metal-golem-head", "golem-head"],
  construct: ["robot-golem", "metal-golem-head"],
  guard: ["guards", "spartan-helmet"],
  guardian: ["spartan-helmet", "guarded-tower"],
  sentinel: ["watchtower", "spartan-helmet"],
  sentry: ["watchtower", "guards"],
  defender: ["round-shield", "spartan-helmet"],
  knight: ["black-knight-helm", "mounted-knight", "knight-banner"],
  paladin: ["templar-shield", "black-knight-helm"],
  templar: ["templar-shield", "templar-eye"],
  soldier: ["spartan-helmet", "swordman"],
  warrior: ["swordman", "brutal-helm"],
  swordsman: ["swordman"],
  swordmaster: ["swordman", "sword-spin"],
  spearman: ["pikeman", "spears"],
  pikeman: ["pikeman"],
  catapult: ["catapult"],
  siege: ["siege-tower", "catapult"],
  ballista: ["catapult"],
  mage: ["wizard-face", "wizard-staff", "crystal-wand"],
  wizard: ["wizard-face", "wizard-staff"],
  sorcerer: ["wizard-staff", "warlock-hood"],
  sorceress: ["witch-face", "crystal-wand"],
  magus: ["wizard-face"],
  warlock: ["warlock-hood", "warlock-eye"],
  apprentice: ["magic-hat", "spell-book"],
  alchemist: ["bubbling-bowl", "round-potion"],
  // demons and witches
  demon: ["devil-mask", "daemon-skull", "horned-skull"],
  devil: ["devil-mask"],
  imp: ["imp", "imp-laugh"],
  fiend: ["daemon-skull", "imp-laugh"],
  hellhound: ["hound", "wolf-head"],
  hound: ["hound", "wolf-head"],
  succubus: ["female-vampire", "heart-wings"],
  princess: ["tiara", "queen-crown"],
  witch: ["witch-face", "witch-flight"],
  hex: ["cursed-star", "evil-eyes"],
  curse: ["cursed-star", "despair"],
  cursed: ["cursed-star", "despair"],
  doom: ["evil-comet", "death-skull"],
  hell: ["hell-crosses", "fire-zone"],
  horn: ["horned-helm", "bull-horns"],
  // trolls and greenskins
  troll: ["troll"],
  goblin: ["goblin-head", "goblin"],
  orc: ["orc-head"],
  ork: ["orc-head"],
  ogre: ["ogre"],
  giant: ["giant"],
  cyclops: ["one-eyed"],
  shaman: ["totem-mask", "tribal-mask"],
  totem: ["snake-totem", "totem-mask"],
  brute: ["brutal-helm", "fist"],
  berserker: ["enrage", "battle-axe"],
  wolfrider: ["direwolf"],
  club: ["spiked-bat", "bone-mace"],
  camp: ["goblin-camp", "forest-camp"],
  // vampires
  vampire: ["vampire-dracula", "female-vampire", "resting-vampire"],
  vampiress: ["female-vampire"],
  count: ["vampire-dracula", "vampire-cape"],
  countess: ["female-vampire"],
  bat: ["bat", "evil-bat", "swamp-bat"],
  bats: ["moon-bats", "evil-bat"],
  blood: ["blood", "bleeding-heart", "chalice-drops"],
  fang: ["fangs", "bestial-fangs"],
  fangs: ["fangs", "fangs-circle"],
  bite: ["fangs", "snake-bite"],
  thrall: ["cowled", "hood"],
  servant: ["cowled", "hood"],
  coffin: ["coffin"],
  werewolf: ["werewolf"],
  cape: ["vampire-cape", "cloak"],
  chalice: ["jeweled-chalice", "chalice-drops"],
  // dragons and legends
  dragon: ["dragon-head", "spiked-dragon-head", "double-dragon"],
  drake: ["spiked-dragon-head", "dragon-head"],
  wyrm: ["dragon-spiral", "sea-dragon"],
  wyvern: ["wyvern"],
  angel: ["angel-wings", "angel-outfit"],
  kraken: ["giant-squid"],
  squid: ["giant-squid"],
  horse: ["horse-head"],
  steed: ["horse-head", "pegasus"],
  // objects and deeds
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
