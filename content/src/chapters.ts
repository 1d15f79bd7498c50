/**
 * Story chapters (product.md section 2, "Story chapters"). The map icon of a
 * chapter follows the order product.md lists the icons in: elf, gabby, kailis,
 * kailis part 2, tower, tower part 2, troll, vampires match chapters 1 to 8,
 * and promo is the level 9 "Sea adventures" teaser (see content/README.md).
 */
import type { Faction } from "@cardrealm/engine";

export const MAP_ICONS = [
  "promo",
  "elf",
  "gabby",
  "kailis",
  "kailis2",
  "tower",
  "tower2",
  "troll",
  "vampires",
] as const;
export type MapIcon = (typeof MAP_ICONS)[number];

export interface ChapterDef {
  /** Chapter level; the user level needed to open it. */
  level: number;
  name: string;
  /** Two sentences for the boss window. */
  description: string;
  /** The faction the chapter's cards and opponents come from (none for promo). */
  faction: Faction | null;
  /** Opponent ids in story order; cpu3 is the chapter's boss. Null for promo. */
  cpu1: number | null;
  cpu2: number | null;
  cpu3: number | null;
  /** [cpu1, cpu2, cpu3], or empty for the promo chapter. */
  opponents: readonly number[];
  /** The promo chapter is shown as COMING SOON and has no opponents. */
  isPromo: boolean;
  /** Art key of the world-map icon. */
  icon: MapIcon;
}

function chapter(
  level: number,
  name: string,
  icon: MapIcon,
  faction: Faction,
  ids: readonly [number, number, number],
  description: string,
): ChapterDef {
  const [cpu1, cpu2, cpu3] = ids;
  return {
    level,
    name,
    description,
    faction,
    cpu1,
    cpu2,
    cpu3,
    opponents: ids,
    isPromo: false,
    icon,
  };
}

export const CHAPTERS: readonly ChapterDef[] = [
  chapter(
    1,
    "Elven Wisdom",
    "elf",
    "elf",
    [6, 5, 7],
    "Deep in the violet wood, the elves have bound wind, stone and flame into living guardians. Prove you are worthy of their wisdom, or be scattered like autumn leaves.",
  ),
  chapter(
    2,
    "The Zombie Chapter",
    "gabby",
    "undead",
    [2, 3, 4],
    "Something has been digging in the lowland graveyards, and the dead have stopped staying buried. Follow the stench of the horde to the sorcerer who keeps it marching.",
  ),
  chapter(
    3,
    "Master Thief",
    "kailis",
    "thief",
    [9, 10, 11],
    "In the harbour city of Saltmire every purse has two owners and every alley has a price. Chase the rats from the docks to the guild hall, where the Master Thief is counting your gems.",
  ),
  chapter(
    4,
    "Heretic",
    "kailis2",
    "heretic",
    [12, 13, 14],
    "Beneath the ruined cathedral a banned order sings hymns to serpents. Chimeras guard the stair, and lamias coil where the altar used to be.",
  ),
  chapter(
    5,
    "The Tower",
    "tower",
    "tower",
    [15, 16, 17],
    "Three walls ring the Mage Tower, each taller and crueller than the last. Break them stone by stone, because the mages inside will never open the door.",
  ),
  chapter(
    6,
    "Demon Hunter",
    "tower2",
    "demon",
    [18, 19, 20],
    "The witches of the ember fields have opened a gate that should have stayed shut. Hunt them down before the Demon Princess steps through and claims the realm as her dowry.",
  ),
  chapter(
    7,
    "Troll Queen",
    "troll",
    "troll",
    [22, 23, 24],
    "First came the goblins, then the orks, and now the ground shakes under something far larger. Fight your way up the mountain to the queen who sits on a flattened fortress.",
  ),
  chapter(
    8,
    "Vampires",
    "vampires",
    "vampire",
    [28, 29, 30],
    "A crimson moon has risen over the old castle, and the night court is holding its feast. Walk into the velvet dark and try to leave with your blood still your own.",
  ),
  {
    level: 9,
    name: "Sea Adventures",
    description:
      "Sails are being mended in the harbour and strange lights burn beyond the horizon. A new voyage is coming soon.",
    faction: null,
    cpu1: null,
    cpu2: null,
    cpu3: null,
    opponents: [],
    isPromo: true,
    icon: "promo",
  },
];

export function getChapter(level: number): ChapterDef | undefined {
  return CHAPTERS.find((c) => c.level === level);
}

/** The chapter an opponent belongs to (undefined for the arena bot). */
export function chapterOfOpponent(opponentId: number): ChapterDef | undefined {
  return CHAPTERS.find((c) => c.opponents.includes(opponentId));
}

/** The boss (cpu3) of each chapter: beating it raises the user level. */
export function isChapterBoss(opponentId: number): boolean {
  return CHAPTERS.some((c) => c.cpu3 === opponentId);
}
