/**
 * The new player's collection (rules.md section 4): a starter library of base
 * set commons and uncommons from the first two chapters, neutrals and the
 * resource spells, and deck slot 1 filled to exactly 40 from it.
 */
import type { CardAmount } from "./catalogue.ts";

export const STARTER_LIBRARY: readonly CardAmount[] = [
  // Elves (chapter 1), diamond.
  { id: 1001, amount: 4 },
  { id: 1002, amount: 3 },
  { id: 1003, amount: 3 },
  { id: 1004, amount: 2 },
  { id: 1005, amount: 3 },
  { id: 1006, amount: 4 },
  { id: 1008, amount: 1 },
  { id: 1013, amount: 1 },
  // Undead (chapter 2), pow.
  { id: 1015, amount: 4 },
  { id: 1016, amount: 3 },
  { id: 1017, amount: 2 },
  { id: 1018, amount: 3 },
  { id: 1019, amount: 2 },
  { id: 1020, amount: 3 },
  { id: 1022, amount: 3 },
  // Neutral.
  { id: 1097, amount: 4 },
  { id: 1098, amount: 4 },
  { id: 1100, amount: 3 },
  { id: 1101, amount: 4 },
  { id: 1102, amount: 2 },
  // Dear neutrals (issue 15): what piled-up resources are for.
  { id: 1153, amount: 2 },
  { id: 1154, amount: 3 },
  { id: 1155, amount: 2 },
  // Resource spells.
  { id: 1042, amount: 3 },
  { id: 1043, amount: 4 },
  { id: 1044, amount: 4 },
];

/** Deck slot 1, active at the first login: 40 cards, every entry within the library. */
export const STARTER_DECK: readonly CardAmount[] = [
  { id: 1001, amount: 3 },
  { id: 1002, amount: 2 },
  { id: 1003, amount: 2 },
  { id: 1006, amount: 3 },
  { id: 1015, amount: 4 },
  { id: 1016, amount: 3 },
  { id: 1018, amount: 3 },
  { id: 1020, amount: 2 },
  { id: 1022, amount: 2 },
  { id: 1098, amount: 3 },
  { id: 1101, amount: 3 },
  { id: 1153, amount: 2 },
  { id: 1154, amount: 3 },
  { id: 1155, amount: 2 },
  { id: 1043, amount: 1 },
  { id: 1044, amount: 2 },
];

/** The deck slot the starter deck fills (and makes active). */
export const STARTER_DECK_SLOT = 1;
