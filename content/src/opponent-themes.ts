/**
 * What each story opponent's deck plays (issue 26, "themed decks"): its
 * theme's cards and the three resource spells, nothing else. For most
 * opponents the theme is the chapter's faction (the undead play undead, the
 * thieves thieves); the chapter 1 elementals each play their own element,
 * a few elven cards and, where the forest has nothing of that element,
 * neutrals that are plainly of it (Cinder Dart and Dragon Whelp for fire,
 * Stormcaller for air, Mountain Ogre for earth). catalogue.test.ts holds
 * every deck to it.
 */
import type { Faction } from "@cardrealm/engine";

export interface DeckTheme {
  /** What a player would call the deck: "air", "undead", ... */
  name: string;
  /** The faction whose cards all belong (every card of it, tokens aside). */
  faction?: Faction;
  /** Or exactly these cards. */
  cards?: readonly number[];
}

const faction = (f: Faction): DeckTheme => ({ name: f, faction: f });

/** Opponent id to theme. */
export const OPPONENT_THEMES: ReadonlyMap<number, DeckTheme> = new Map<number, DeckTheme>([
  // Air: wind and wings (Breeze Dancer, Gale Slash, Air Elemental, Stormwing
  // Roc, Stormcaller), the will-o'-wisps and rain that ride it.
  [6, { name: "air", cards: [1003, 1005, 1006, 1008, 1010, 1013, 1137, 1105, 1108] }],
  // Earth: moss, thorn, bark, seed and stone.
  [5, { name: "earth", cards: [1001, 1002, 1004, 1005, 1007, 1009, 1011, 1014, 1138, 1104] }],
  // Fire: the Fire Elemental, lanterns, cinders, ash-seeds, drakes, and the
  // wind that feeds a blaze.
  [7, { name: "fire", cards: [1006, 1008, 1009, 1012, 1013, 1101, 1106, 1109] }],
  [2, faction("undead")],
  [3, faction("undead")],
  [4, faction("undead")],
  [9, faction("thief")],
  [10, faction("thief")],
  [11, faction("thief")],
  [12, faction("heretic")],
  [13, faction("heretic")],
  [14, faction("heretic")],
  [15, faction("tower")],
  [16, faction("tower")],
  [17, faction("tower")],
  [18, faction("demon")],
  [19, faction("demon")],
  [20, faction("demon")],
  [22, faction("troll")],
  [23, faction("troll")],
  [24, faction("troll")],
  [28, faction("vampire")],
  [29, faction("vampire")],
  [30, faction("vampire")],
]);
