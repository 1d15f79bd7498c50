/**
 * The campaign's story scripts: intro and win comics and the dialogues around
 * every story battle, for the eight playable chapters. The comic slides of a
 * chapter are numbered together, intro first: /comics/{icon}/1.svg is the
 * first intro slide and the win comic continues the numbering.
 */
import type { MapIcon } from "../chapters.ts";
import { ELF_STORY } from "./chapters/elf.ts";
import { GABBY_STORY } from "./chapters/gabby.ts";
import { KAILIS_STORY } from "./chapters/kailis.ts";
import { KAILIS2_STORY } from "./chapters/kailis2.ts";
import { TOWER_STORY } from "./chapters/tower.ts";
import { TOWER2_STORY } from "./chapters/tower2.ts";
import { TROLL_STORY } from "./chapters/troll.ts";
import { VAMPIRES_STORY } from "./chapters/vampires.ts";
import type { ChapterStory, ComicSlide, OpponentStory } from "./types.ts";

export type {
  ChapterStory,
  ComicSlide,
  DialogueLine,
  OpponentStory,
  SceneFigure,
  SceneFigureKind,
  SceneSetting,
  SceneSky,
  SceneSpec,
  Speaker,
} from "./types.ts";

/** The story of every playable chapter, in chapter order. */
export const STORIES: readonly ChapterStory[] = [
  ELF_STORY,
  GABBY_STORY,
  KAILIS_STORY,
  KAILIS2_STORY,
  TOWER_STORY,
  TOWER2_STORY,
  TROLL_STORY,
  VAMPIRES_STORY,
];

export type ComicKind = "intro" | "win";

/** Where a comic's slides live and which numbers it uses (product.md: "a path and slideNumber"). */
export interface ComicRef {
  /** Folder of the chapter's slides under the client's public root, e.g. "/comics/elf". */
  path: string;
  /** Number of the comic's first slide file. */
  first: number;
  /** How many slides the comic has. */
  slideNumber: number;
  slides: readonly ComicSlide[];
}

/** One numbered comic slide of a chapter (the generator writes `{n}.svg`). */
export interface NumberedSlide extends ComicSlide {
  n: number;
  comic: ComicKind;
}

export function getChapterStory(icon: MapIcon): ChapterStory | undefined {
  return STORIES.find((s) => s.icon === icon);
}

/** The story of the chapter an opponent belongs to. */
export function storyOfOpponent(opponentId: number): ChapterStory | undefined {
  return STORIES.find((s) => opponentId in s.opponents);
}

export function opponentStory(opponentId: number): OpponentStory | undefined {
  return storyOfOpponent(opponentId)?.opponents[opponentId];
}

export function comicOf(story: ChapterStory, kind: ComicKind): ComicRef {
  const first = kind === "intro" ? 1 : story.intro.length + 1;
  const slides = kind === "intro" ? story.intro : story.win;
  return { path: `/comics/${story.icon}`, first, slideNumber: slides.length, slides };
}

/** Every slide of a chapter with its file number: the intro comic, then the win comic. */
export function numberedSlides(story: ChapterStory): NumberedSlide[] {
  return [
    ...story.intro.map((s, i) => ({ ...s, n: i + 1, comic: "intro" as const })),
    ...story.win.map((s, i) => ({ ...s, n: story.intro.length + i + 1, comic: "win" as const })),
  ];
}
