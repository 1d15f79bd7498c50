/**
 * Computer opponents (rules.md section 2): the story opponents of
 * product.md's chapter table and the arena bot 21. Each deck is a fixed list
 * of 40 ids built from its chapter's faction, neutrals and resource spells;
 * the third opponent of each chapter is its boss and carries rares.
 */
import { type CardAmount, expandDeck } from "./catalogue.ts";

export type OpponentStrength = "easy" | "normal" | "hard" | "boss";
export type BattleBackground = "defaultBG" | "vampireBG";

export interface OpponentDef {
  id: number;
  name: string;
  /** Chapter level (1-8); the arena bot carries the arena's unlock level, 3. */
  level: number;
  /** Art key of the portrait, resolved by the client's asset manifest. */
  portrait: string;
  /** Starting castle hit points. */
  hp: number;
  /** 40 card ids (copies repeated), in no particular order: the battle shuffles. */
  deck: readonly number[];
  strength: OpponentStrength;
  /** Fixed battle background; absent means the client picks either. */
  background?: BattleBackground;
  /** True for the arena bot 21 (plays with human-like waits). */
  isBot?: true;
}

type DeckList = ReadonlyArray<readonly [id: number, amount: number]>;

function deck(list: DeckList): number[] {
  const entries: CardAmount[] = list.map(([id, amount]) => ({ id, amount }));
  return expandDeck(entries);
}

function opponent(
  id: number,
  name: string,
  level: number,
  hp: number,
  strength: OpponentStrength,
  list: DeckList,
  background?: BattleBackground,
): OpponentDef {
  const def: OpponentDef = {
    id,
    name,
    level,
    portrait: `opponent-${id}`,
    hp,
    deck: deck(list),
    strength,
  };
  if (background) def.background = background;
  return def;
}

/** The 24 story opponents, in chapter order. */
export const STORY_OPPONENTS: readonly OpponentDef[] = [
  // Chapter 1, Elven wisdom (6, 5, 7).
  opponent(6, "Air Elemental", 1, 30, "normal", [
    [1003, 5],
    [1005, 5],
    [1006, 3],
    [1008, 5],
    [1010, 3],
    [1013, 5],
    [1042, 4],
    [1043, 6],
    [1044, 3],
    [1108, 1],
  ]),
  opponent(5, "Earth Elemental", 1, 18, "normal", [
    [1001, 5],
    [1002, 5],
    [1005, 5],
    [1007, 1],
    [1009, 5],
    [1011, 1],
    [1014, 5],
    [1043, 10],
    [1104, 3],
  ]),
  opponent(7, "Fire Elemental", 1, 32, "boss", [
    [1006, 5],
    [1008, 3],
    [1009, 5],
    [1012, 1],
    [1013, 5],
    [1042, 4],
    [1043, 3],
    [1044, 4],
    [1101, 5],
    [1106, 3],
    [1109, 2],
  ]),
  // Chapter 2, Zombie chapter (2, 3, 4).
  opponent(2, "Zombie Horde", 2, 33, "hard", [
    [1015, 5],
    [1016, 5],
    [1017, 5],
    [1018, 5],
    [1019, 2],
    [1020, 5],
    [1022, 5],
    [1023, 1],
    [1024, 3],
    [1044, 4],
  ]),
  opponent(3, "Zombie Wizard", 2, 33, "normal", [
    [1015, 4],
    [1016, 5],
    [1017, 3],
    [1018, 5],
    [1020, 4],
    [1021, 3],
    [1022, 4],
    [1024, 4],
    [1026, 1],
    [1028, 2],
    [1044, 5],
  ]),
  opponent(4, "Morvath the Gravelord", 2, 34, "boss", [
    [1015, 5],
    [1016, 5],
    [1017, 5],
    [1018, 5],
    [1019, 4],
    [1020, 5],
    [1022, 5],
    [1023, 1],
    [1027, 1],
    [1044, 4],
  ]),
  // Chapter 3, Master Thief (9, 10, 11).
  opponent(9, "Port Rats", 3, 24, "normal", [
    [1029, 5],
    [1030, 5],
    [1031, 5],
    [1032, 5],
    [1033, 5],
    [1034, 4],
    [1035, 2],
    [1040, 4],
    [1043, 2],
    [1044, 2],
    [1141, 1],
  ]),
  opponent(10, "The Thieves", 3, 22, "normal", [
    [1030, 5],
    [1031, 5],
    [1032, 5],
    [1034, 2],
    [1035, 3],
    [1036, 3],
    [1038, 3],
    [1039, 3],
    [1040, 5],
    [1043, 3],
    [1044, 2],
    [1141, 1],
  ]),
  opponent(11, "Silkhand, the Master Thief", 3, 35, "boss", [
    [1029, 5],
    [1030, 5],
    [1031, 3],
    [1033, 2],
    [1034, 5],
    [1035, 2],
    [1038, 5],
    [1039, 5],
    [1040, 3],
    [1043, 3],
    [1141, 1],
    [1142, 1],
  ]),
  // Chapter 4, Heretic (12, 13, 14).
  opponent(12, "Chimera", 4, 60, "hard", [
    [1042, 3],
    [1044, 3],
    [1045, 4],
    [1046, 5],
    [1047, 2],
    [1048, 5],
    [1049, 5],
    [1050, 3],
    [1052, 1],
    [1053, 4],
    [1056, 3],
    [1143, 2],
  ]),
  opponent(13, "Lamia", 4, 60, "hard", [
    [1042, 3],
    [1044, 3],
    [1045, 4],
    [1046, 5],
    [1047, 1],
    [1049, 5],
    [1050, 5],
    [1051, 1],
    [1053, 4],
    [1054, 5],
    [1143, 4],
  ]),
  opponent(14, "Heresiarch Vexilla", 4, 62, "boss", [
    [1042, 2],
    [1044, 2],
    [1045, 5],
    [1046, 5],
    [1048, 5],
    [1049, 4],
    [1050, 4],
    [1051, 1],
    [1053, 4],
    [1055, 4],
    [1056, 3],
    [1057, 1],
  ]),
  // Chapter 5, Tower (15, 16, 17).
  opponent(15, "First Wall", 5, 40, "normal", [
    [1043, 5],
    [1058, 5],
    [1059, 5],
    [1061, 5],
    [1062, 5],
    [1063, 2],
    [1064, 1],
    [1065, 5],
    [1066, 4],
    [1069, 2],
    [1145, 1],
  ]),
  opponent(16, "Second Wall", 5, 42, "normal", [
    [1043, 3],
    [1058, 5],
    [1059, 3],
    [1060, 3],
    [1061, 5],
    [1062, 5],
    [1063, 2],
    [1064, 1],
    [1065, 5],
    [1066, 3],
    [1068, 1],
    [1069, 4],
  ]),
  opponent(17, "Third Wall", 5, 63, "boss", [
    [1043, 4],
    [1058, 5],
    [1061, 5],
    [1062, 5],
    [1063, 5],
    [1065, 5],
    [1066, 5],
    [1068, 5],
    [1070, 1],
  ]),
  // Chapter 6, Demon Hunter (18, 19, 20).
  opponent(18, "Fire Witch", 6, 36, "normal", [
    [1042, 5],
    [1071, 5],
    [1072, 4],
    [1074, 5],
    [1076, 3],
    [1077, 4],
    [1079, 2],
    [1080, 4],
    [1081, 3],
    [1082, 3],
    [1148, 2],
  ]),
  opponent(19, "Earth Witch", 6, 37, "normal", [
    [1042, 4],
    [1071, 5],
    [1072, 4],
    [1073, 4],
    [1074, 5],
    [1076, 3],
    [1077, 4],
    [1079, 3],
    [1080, 4],
    [1082, 3],
    [1148, 1],
  ]),
  opponent(20, "Ysolde, the Demon Princess", 6, 64, "boss", [
    [1042, 6],
    [1072, 4],
    [1073, 5],
    [1074, 5],
    [1075, 1],
    [1076, 5],
    [1077, 3],
    [1079, 2],
    [1080, 3],
    [1082, 5],
    [1083, 1],
  ]),
  // Chapter 7, Troll Queen (22, 23, 24).
  opponent(22, "Goblin Lord", 7, 66, "hard", [
    [1044, 3],
    [1084, 5],
    [1085, 5],
    [1087, 2],
    [1088, 4],
    [1089, 4],
    [1090, 4],
    [1091, 2],
    [1094, 4],
    [1095, 3],
    [1096, 4],
  ]),
  opponent(23, "Ork Lord", 7, 64, "normal", [
    [1044, 4],
    [1084, 4],
    [1085, 4],
    [1086, 4],
    [1087, 3],
    [1088, 4],
    [1090, 4],
    [1091, 1],
    [1094, 4],
    [1095, 4],
    [1096, 4],
  ]),
  opponent(24, "Grumhild, the Troll Queen", 7, 67, "boss", [
    [1044, 4],
    [1084, 5],
    [1085, 5],
    [1086, 5],
    [1089, 5],
    [1090, 5],
    [1093, 1],
    [1094, 5],
    [1096, 5],
  ]),
  // Chapter 8, Vampires (28, 29, 30): always the vampire background.
  opponent(
    28,
    "Nocturne, the Blood Herald",
    8,
    62,
    "normal",
    [
      [1042, 4],
      [1044, 3],
      [1111, 3],
      [1112, 5],
      [1113, 2],
      [1114, 5],
      [1115, 3],
      [1116, 5],
      [1117, 5],
      [1120, 2],
      [1151, 1],
      [1152, 2],
    ],
    "vampireBG",
  ),
  opponent(
    29,
    "Mirela, the Velvet Countess",
    8,
    54,
    "normal",
    [
      [1042, 2],
      [1044, 1],
      [1111, 5],
      [1113, 4],
      [1114, 4],
      [1115, 4],
      [1116, 5],
      [1117, 5],
      [1118, 3],
      [1119, 3],
      [1122, 2],
      [1124, 1],
      [1126, 1],
    ],
    "vampireBG",
  ),
  opponent(
    30,
    "Orlav, the Sanguine King",
    8,
    75,
    "boss",
    [
      [1042, 3],
      [1044, 4],
      [1111, 5],
      [1112, 5],
      [1113, 5],
      [1114, 2],
      [1115, 5],
      [1117, 5],
      [1118, 5],
      [1128, 1],
    ],
    "vampireBG",
  ),
];

/**
 * The arena bot (21): played when PvP matchmaking finds nobody. Its name looks
 * like a player's (the client strips the text after the at sign); its deck is
 * a mid-strength mix of the base set.
 */
export const ARENA_BOT: OpponentDef = {
  ...opponent(21, "Ravenmoth@arena", 3, 50, "normal", [
    [1097, 3],
    [1098, 3],
    [1100, 2],
    [1101, 3],
    [1104, 1],
    [1105, 2],
    [1106, 2],
    [1107, 2],
    [1108, 1],
    [1007, 2],
    [1010, 2],
    [1021, 2],
    [1031, 3],
    [1062, 2],
    [1086, 2],
    [1042, 2],
    [1043, 2],
    [1099, 2],
    [1102, 1],
    [1005, 1],
  ]),
  isBot: true,
};

/** Every computer opponent: the story opponents and the arena bot. */
export const OPPONENTS: readonly OpponentDef[] = [...STORY_OPPONENTS, ARENA_BOT];

const BY_ID = new Map(OPPONENTS.map((o) => [o.id, o]));

export function getOpponent(id: number): OpponentDef | undefined {
  return BY_ID.get(id);
}
