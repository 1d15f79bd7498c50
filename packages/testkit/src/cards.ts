/**
 * Test-only cards (ids 9001+). Together they use every keyword, trigger,
 * effect and target selector of the vocabulary, so rules tests read like
 * card text and never depend on the real catalogue in content/.
 */
import type {
  Ability,
  CardDef,
  Catalogue,
  Cost,
  Effect,
  Keywords,
  SelectRule,
  TargetSelector,
  Trigger,
} from "@cardrealm/engine";

function cost(fire = 0, diamond = 0, pow = 0): Cost {
  return { fire, diamond, pow };
}

function ab(
  trigger: Trigger,
  target: TargetSelector,
  effect: Effect,
  extra: Partial<Pick<Ability, "select" | "filter" | "double">> = {},
): Ability {
  return { trigger, target, effect, ...extra };
}

const pick = (aim: SelectRule["aim"], side: SelectRule["side"]): { select: SelectRule } => ({
  select: { aim, side },
});

function unit(
  id: number,
  name: string,
  c: Cost,
  attack: number,
  hp: number,
  opts: {
    keywords?: Keywords;
    abilities?: Ability[];
    faction?: CardDef["faction"];
    token?: true;
  } = {},
): CardDef {
  const def: CardDef = {
    id,
    name,
    level: 1,
    type: "unit",
    cost: c,
    attack,
    hp,
    rarity: "common",
    set: "base",
    faction: opts.faction ?? "neutral",
    abilities: opts.abilities ?? [],
  };
  if (opts.keywords) def.keywords = opts.keywords;
  if (opts.token) def.token = true;
  return def;
}

function spell(id: number, name: string, c: Cost, abilities: Ability[]): CardDef {
  return {
    id,
    name,
    level: 1,
    type: "spell",
    cost: c,
    rarity: "common",
    set: "base",
    faction: "neutral",
    abilities,
  };
}

/** Test card ids by name. */
export const T = {
  footman: 9001,
  stoneWall: 9002,
  duelist: 9003,
  leech: 9004,
  lancer: 9005,
  harpy: 9006,
  troll: 9007,
  viper: 9008,
  ogre: 9009,
  pacifist: 9010,
  bomber: 9011,
  priest: 9012,
  torchbearer: 9013,
  berserker: 9014,
  spiteful: 9015,
  banner: 9016,
  warlord: 9017,
  plagueBearer: 9018,
  necromancer: 9019,
  gravedigger: 9020,
  archer: 9021,
  frontliner: 9022,
  drummer: 9023,
  elfScout: 9024,
  elfLord: 9025,
  fireball: 9030,
  mend: 9031,
  blessing: 9032,
  battleCry: 9033,
  thunderclap: 9034,
  doom: 9035,
  fireRitual: 9036,
  growth: 9037,
  siphon: 9038,
  sap: 9039,
  insight: 9040,
  mindRot: 9041,
  raiseDead: 9042,
  banish: 9043,
  shuffle: 9044,
  chainSpark: 9045,
  earthquake: 9046,
  rejuvenate: 9047,
  meteor: 9048,
  sanctuary: 9049,
  skeleton: 9050,
  fortify: 9051,
  inferno: 9052,
  stoneSkin: 9053,
} as const;

export const TEST_CARDS: readonly CardDef[] = [
  // Keywords.
  unit(T.footman, "Footman", cost(1), 2, 3),
  unit(T.stoneWall, "Stone Wall", cost(0, 1), 1, 6, { keywords: { wall: true } }),
  unit(T.duelist, "Duelist", cost(2), 3, 2, { keywords: { first_strike: true } }),
  unit(T.leech, "Leech", cost(0, 0, 2), 2, 3, { keywords: { lifesteal: true } }),
  unit(T.lancer, "Lancer", cost(2), 4, 2, { keywords: { pierce: true } }),
  unit(T.harpy, "Harpy", cost(0, 2), 2, 2, { keywords: { flying: true } }),
  unit(T.troll, "Troll", cost(0, 0, 3), 3, 4, { keywords: { regenerate: 2 } }),
  unit(T.viper, "Viper", cost(0, 0, 1), 1, 3, { keywords: { poison: 2 } }),
  unit(T.ogre, "Ogre", cost(3, 1), 5, 6),
  unit(T.pacifist, "Pacifist", cost(), 0, 4),
  // Triggers.
  unit(T.bomber, "Bomber", cost(1), 1, 1, {
    abilities: [ab("on_death", "enemy_castle", { kind: "damage", amount: 2 })],
  }),
  unit(T.priest, "Priest", cost(0, 1), 1, 3, {
    abilities: [ab("turn_start", "all_own", { kind: "heal", amount: 1 })],
  }),
  unit(T.torchbearer, "Torchbearer", cost(1), 1, 2, {
    abilities: [ab("turn_end", "enemy_castle", { kind: "damage", amount: 1 })],
  }),
  unit(T.berserker, "Berserker", cost(2), 2, 3, {
    abilities: [ab("on_attack", "self", { kind: "buff", attack: 1, hp: 0 })],
  }),
  unit(T.spiteful, "Spiteful Imp", cost(1), 1, 4, {
    abilities: [ab("on_damaged", "facing_unit", { kind: "damage", amount: 1 })],
  }),
  unit(T.banner, "Banner Bearer", cost(0, 1), 0, 3, {
    abilities: [ab("aura", "adjacent_own", { kind: "buff", attack: 1, hp: 1 })],
  }),
  unit(T.warlord, "Warlord", cost(2, 1), 2, 2, {
    abilities: [ab("aura", "all_own", { kind: "buff", attack: 1, hp: 0 })],
  }),
  unit(T.plagueBearer, "Plague Bearer", cost(0, 0, 2), 1, 2, {
    abilities: [ab("aura", "all_enemy", { kind: "buff", attack: 0, hp: -1 })],
  }),
  unit(T.necromancer, "Necromancer", cost(0, 0, 2), 1, 2, {
    abilities: [ab("on_play", "own_castle", { kind: "summon", cardId: T.skeleton })],
  }),
  unit(T.gravedigger, "Gravedigger", cost(1), 1, 1, {
    abilities: [ab("on_death", "own_castle", { kind: "summon", cardId: T.skeleton })],
  }),
  unit(T.archer, "Archer", cost(1, 1), 2, 2, {
    abilities: [ab("on_play", "selected", { kind: "damage", amount: 2 }, pick("unit", "cpu"))],
  }),
  unit(T.frontliner, "Frontliner", cost(2), 2, 3, {
    abilities: [ab("on_play", "facing_unit", { kind: "damage", amount: 2 })],
  }),
  unit(T.drummer, "Drummer", cost(1), 1, 2, {
    abilities: [ab("on_play", "adjacent_own", { kind: "buff", attack: 1, hp: 1 })],
  }),
  unit(T.elfScout, "Elf Scout", cost(0, 1), 2, 2, { faction: "elf" }),
  unit(T.elfLord, "Elf Lord", cost(0, 2), 1, 3, {
    faction: "elf",
    abilities: [
      ab("aura", "all_own", { kind: "buff", attack: 1, hp: 1 }, { filter: { faction: "elf" } }),
    ],
  }),
  unit(T.skeleton, "Skeleton", cost(), 1, 1, { token: true }),
  // Effects (spells).
  spell(T.fireball, "Fireball", cost(2), [
    ab("on_play", "selected", { kind: "damage", amount: 3 }, pick("unit_castle", "cpu")),
  ]),
  spell(T.mend, "Mend", cost(0, 1), [
    ab("on_play", "selected", { kind: "heal", amount: 4 }, pick("unit_castle", "player")),
  ]),
  spell(T.blessing, "Blessing", cost(0, 2), [
    ab("on_play", "selected", { kind: "buff", attack: 2, hp: 2 }, pick("unit", "player")),
  ]),
  spell(T.battleCry, "Battle Cry", cost(1), [
    ab("on_play", "all_own", { kind: "buff", attack: 2, hp: 0, temporary: true }),
  ]),
  spell(T.thunderclap, "Thunderclap", cost(0, 0, 2), [
    ab("on_play", "selected", { kind: "stun", turns: 2 }, pick("unit", "cpu")),
  ]),
  spell(T.doom, "Doom", cost(0, 0, 4), [
    ab("on_play", "selected", { kind: "destroy" }, pick("unit", "cpu")),
  ]),
  spell(T.fireRitual, "Fire Ritual", cost(), [
    ab("on_play", "own_castle", { kind: "gain_resource", resource: "fire", amount: 3 }),
  ]),
  spell(T.growth, "Growth", cost(), [
    ab("on_play", "own_castle", { kind: "gain_inc", resource: "diamond", amount: 1 }),
  ]),
  spell(T.siphon, "Siphon", cost(0, 0, 1), [
    ab("on_play", "enemy_castle", { kind: "drain_resource", resource: "pow", amount: 3 }),
  ]),
  spell(T.sap, "Sap", cost(0, 0, 2), [
    ab("on_play", "enemy_castle", { kind: "drain_inc", resource: "fire", amount: 1 }),
  ]),
  spell(T.insight, "Insight", cost(0, 1), [
    ab("on_play", "own_castle", { kind: "draw", amount: 2 }),
  ]),
  spell(T.mindRot, "Mind Rot", cost(0, 0, 2), [
    ab("on_play", "enemy_castle", { kind: "discard", amount: 2 }),
  ]),
  spell(T.raiseDead, "Raise Dead", cost(0, 0, 2), [
    ab("on_play", "own_castle", { kind: "summon", cardId: T.skeleton }, { double: true }),
  ]),
  spell(T.banish, "Banish", cost(0, 2), [
    ab("on_play", "selected", { kind: "return_to_hand" }, pick("unit", "cpu")),
  ]),
  spell(T.shuffle, "Shuffle", cost(0, 1), [
    ab("on_play", "selected", { kind: "swap_cells" }, pick("unit", "cpu")),
  ]),
  spell(T.chainSpark, "Chain Spark", cost(1), [
    ab("on_play", "random_enemy", { kind: "damage", amount: 1 }, { double: true }),
  ]),
  spell(T.earthquake, "Earthquake", cost(3), [
    ab("on_play", "all_units", { kind: "damage", amount: 2 }),
  ]),
  spell(T.rejuvenate, "Rejuvenate", cost(0, 1), [
    ab("on_play", "all_own", { kind: "heal", amount: 2 }),
  ]),
  spell(T.meteor, "Meteor", cost(4), [
    ab("on_play", "enemy_castle", { kind: "damage", amount: 5 }),
  ]),
  spell(T.sanctuary, "Sanctuary", cost(0, 2), [
    ab("on_play", "own_castle", { kind: "heal", amount: 5 }),
  ]),
  spell(T.fortify, "Fortify", cost(0, 1), [
    ab("on_play", "all_own", { kind: "buff", attack: 0, hp: 3 }, { filter: { type: "wall" } }),
  ]),
  spell(T.stoneSkin, "Stone Skin", cost(0, 1), [
    ab(
      "on_play",
      "selected",
      { kind: "buff", attack: 0, hp: 3, temporary: true },
      pick("unit", "player"),
    ),
  ]),
  spell(T.inferno, "Inferno", cost(2), [ab("on_play", "all_enemy", { kind: "damage", amount: 1 })]),
];

export const testCatalogue: Catalogue = new Map(TEST_CARDS.map((c) => [c.id, c]));

/** Every non-token test card: what random decks draw from. */
export const DECKABLE_TEST_CARDS: readonly number[] = TEST_CARDS.filter((c) => !c.token).map(
  (c) => c.id,
);
