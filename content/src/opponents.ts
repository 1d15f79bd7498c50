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
  opponent(6, "Air Elemental", 1, 30, "easy", [
    [1001, 4],
    [1003, 5],
    [1005, 3],
    [1006, 4],
    [1010, 3],
    [1042, 4],
    [1043, 4],
    [1097, 4],
    [1098, 3],
    [1100, 3],
    [1101, 3],
  ]),
  opponent(5, "Earth Elemental", 1, 34, "easy", [
    [1001, 4],
    [1002, 4],
    [1004, 4],
    [1005, 3],
    [1007, 3],
    [1014, 2],
    [1043, 5],
    [1044, 3],
    [1097, 3],
    [1098, 4],
    [1100, 2],
    [1102, 3],
  ]),
  opponent(7, "Fire Elemental", 1, 35, "boss", [
    [1001, 2],
    [1002, 2],
    [1003, 2],
    [1005, 1],
    [1006, 2],
    [1008, 4],
    [1009, 2],
    [1012, 1],
    [1013, 4],
    [1042, 6],
    [1043, 6],
    [1044, 4],
    [1101, 3],
    [1138, 1],
  ]),
  // Chapter 2, Zombie chapter (2, 3, 4).
  opponent(2, "Zombie Horde", 2, 35, "normal", [
    [1015, 5],
    [1016, 4],
    [1017, 3],
    [1018, 4],
    [1020, 5],
    [1043, 5],
    [1044, 5],
    [1097, 5],
    [1098, 3],
    [1139, 1],
  ]),
  opponent(3, "Zombie Wizard", 2, 36, "normal", [
    [1015, 5],
    [1016, 5],
    [1018, 3],
    [1021, 2],
    [1022, 2],
    [1024, 3],
    [1028, 2],
    [1043, 6],
    [1044, 6],
    [1098, 1],
    [1100, 2],
    [1101, 3],
  ]),
  opponent(4, "Morvath the Gravelord", 2, 45, "boss", [
    [1016, 4],
    [1017, 5],
    [1018, 3],
    [1019, 2],
    [1020, 1],
    [1022, 3],
    [1025, 1],
    [1042, 3],
    [1043, 7],
    [1044, 6],
    [1100, 4],
    [1140, 1],
  ]),
  // Chapter 3, Master Thief (9, 10, 11).
  opponent(9, "Port Rats", 3, 31, "normal", [
    [1029, 5],
    [1030, 4],
    [1031, 4],
    [1032, 2],
    [1033, 5],
    [1034, 4],
    [1040, 1],
    [1043, 5],
    [1044, 3],
    [1098, 3],
    [1099, 3],
    [1141, 1],
  ]),
  opponent(10, "The Thieves", 3, 30, "normal", [
    [1030, 4],
    [1031, 4],
    [1032, 3],
    [1034, 3],
    [1035, 3],
    [1036, 3],
    [1038, 3],
    [1039, 2],
    [1040, 4],
    [1043, 5],
    [1044, 5],
    [1105, 1],
  ]),
  opponent(11, "Silkhand, the Master Thief", 3, 46, "boss", [
    [1029, 4],
    [1030, 3],
    [1031, 5],
    [1034, 3],
    [1035, 2],
    [1036, 1],
    [1038, 2],
    [1040, 2],
    [1041, 1],
    [1042, 2],
    [1043, 7],
    [1044, 7],
    [1142, 1],
  ]),
  // Chapter 4, Heretic (12, 13, 14).
  opponent(12, "Chimera", 4, 37, "normal", [
    [1042, 7],
    [1044, 5],
    [1045, 4],
    [1046, 3],
    [1048, 5],
    [1049, 4],
    [1053, 3],
    [1056, 3],
    [1098, 2],
    [1106, 3],
    [1143, 1],
  ]),
  opponent(13, "Lamia", 4, 48, "hard", [
    [1042, 8],
    [1044, 8],
    [1045, 1],
    [1046, 5],
    [1047, 2],
    [1049, 3],
    [1053, 4],
    [1054, 2],
    [1056, 3],
    [1098, 2],
    [1107, 2],
  ]),
  opponent(14, "Heresiarch Vexilla", 4, 49, "boss", [
    [1042, 8],
    [1044, 8],
    [1045, 3],
    [1046, 3],
    [1047, 2],
    [1049, 2],
    [1050, 1],
    [1053, 3],
    [1054, 3],
    [1055, 2],
    [1056, 3],
    [1057, 1],
    [1144, 1],
  ]),
  // Chapter 5, Tower (15, 16, 17).
  opponent(15, "First Wall", 5, 46, "normal", [
    [1043, 7],
    [1058, 4],
    [1060, 1],
    [1061, 4],
    [1062, 4],
    [1063, 2],
    [1065, 4],
    [1066, 3],
    [1104, 1],
    [1145, 4],
    [1146, 3],
    [1154, 1],
    [1155, 2],
  ]),
  opponent(16, "Second Wall", 5, 45, "hard", [
    [1042, 1],
    [1043, 7],
    [1058, 4],
    [1059, 1],
    [1060, 2],
    [1061, 5],
    [1062, 4],
    [1065, 4],
    [1066, 2],
    [1098, 1],
    [1145, 4],
    [1146, 3],
    [1155, 2],
  ]),
  opponent(17, "Third Wall", 5, 51, "boss", [
    [1042, 8],
    [1043, 8],
    [1058, 4],
    [1060, 2],
    [1061, 5],
    [1062, 4],
    [1065, 4],
    [1109, 1],
    [1110, 2],
    [1146, 2],
  ]),
  // Chapter 6, Demon Hunter (18, 19, 20).
  opponent(18, "Fire Witch", 6, 47, "hard", [
    [1042, 8],
    [1043, 2],
    [1071, 5],
    [1072, 4],
    [1074, 4],
    [1076, 4],
    [1077, 1],
    [1080, 3],
    [1101, 3],
    [1104, 1],
    [1106, 2],
    [1148, 3],
  ]),
  opponent(19, "Earth Witch", 6, 57, "hard", [
    [1042, 7],
    [1043, 5],
    [1071, 4],
    [1072, 3],
    [1073, 3],
    [1076, 3],
    [1077, 4],
    [1079, 2],
    [1080, 3],
    [1082, 2],
    [1102, 1],
    [1148, 3],
  ]),
  opponent(20, "Ysolde, the Demon Princess", 6, 70, "boss", [
    [1042, 9],
    [1044, 7],
    [1071, 3],
    [1072, 3],
    [1073, 3],
    [1074, 3],
    [1075, 2],
    [1078, 2],
    [1080, 3],
    [1082, 1],
    [1083, 1],
    [1148, 3],
  ]),
  // Chapter 7, Troll Queen (22, 23, 24).
  opponent(22, "Goblin Lord", 7, 66, "hard", [
    [1042, 4],
    [1044, 4],
    [1084, 3],
    [1085, 5],
    [1086, 3],
    [1087, 1],
    [1088, 3],
    [1089, 5],
    [1090, 1],
    [1094, 3],
    [1096, 3],
    [1104, 1],
    [1150, 4],
  ]),
  opponent(23, "Ork Lord", 7, 62, "hard", [
    [1043, 8],
    [1044, 7],
    [1085, 3],
    [1086, 5],
    [1087, 2],
    [1088, 3],
    [1090, 3],
    [1094, 4],
    [1095, 3],
    [1104, 2],
  ]),
  opponent(24, "Grumhild, the Troll Queen", 7, 71, "boss", [
    [1043, 8],
    [1044, 8],
    [1084, 5],
    [1085, 2],
    [1086, 2],
    [1087, 1],
    [1088, 3],
    [1093, 1],
    [1094, 3],
    [1095, 3],
    [1104, 2],
    [1110, 1],
    [1149, 1],
  ]),
  // Chapter 8, Vampires (28, 29, 30): always the vampire background.
  opponent(
    28,
    "Nocturne, the Blood Herald",
    8,
    58,
    "hard",
    [
      [1042, 5],
      [1044, 5],
      [1111, 4],
      [1112, 4],
      [1114, 5],
      [1115, 4],
      [1116, 5],
      [1120, 2],
      [1123, 1],
      [1151, 2],
      [1152, 3],
    ],
    "vampireBG",
  ),
  opponent(
    29,
    "Mirela, the Velvet Countess",
    8,
    72,
    "hard",
    [
      [1042, 3],
      [1044, 5],
      [1111, 1],
      [1114, 4],
      [1115, 3],
      [1116, 4],
      [1118, 3],
      [1119, 3],
      [1122, 1],
      [1123, 3],
      [1124, 1],
      [1151, 3],
      [1152, 4],
      [1155, 2],
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
      [1042, 7],
      [1043, 4],
      [1044, 7],
      [1111, 4],
      [1113, 2],
      [1115, 2],
      [1117, 3],
      [1118, 2],
      [1119, 2],
      [1120, 1],
      [1122, 2],
      [1124, 2],
      [1128, 1],
      [1151, 1],
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
