/**
 * Story scripts of the campaign (product.md section 2, "Story layer"): per
 * chapter an intro comic, a win comic and the short dialogues around each
 * battle. Data only. The comic generator (tools/comics) paints each slide from
 * its scene; the client shows the painted slide and reads its caption aloud
 * to assistive technology.
 */
import type { MapIcon } from "../chapters.ts";

/** Where a slide takes place: decides the far landscape and its landmark. */
export type SceneSetting =
  | "forest"
  | "graveyard"
  | "harbour"
  | "cathedral"
  | "tower"
  | "ember"
  | "mountain"
  | "castle";

/** The light of a slide. */
export type SceneSky = "night" | "dusk" | "dawn" | "storm" | "blood";

/** Figures and props the generator can paint as silhouettes. */
export type SceneFigureKind =
  | "hero"
  | "elves"
  | "air"
  | "earth"
  | "fire"
  | "well"
  | "horde"
  | "necromancer"
  | "rats"
  | "thieves"
  | "chimera"
  | "lamia"
  | "heretics"
  | "wall"
  | "mages"
  | "witches"
  | "demon"
  | "portal"
  | "goblins"
  | "troll"
  | "vampires"
  | "carriage"
  | "ship"
  | "bats"
  | "crows"
  | "cards"
  | "key"
  | "flower"
  | "bonfire";

export interface SceneFigure {
  kind: SceneFigureKind;
  /** Horizontal centre, 0 (left edge) to 1 (right edge). */
  x: number;
  /** Size relative to the figure's natural size (1 when omitted). */
  size?: number;
  /** Mirror the figure (face left instead of right). */
  flip?: boolean;
}

export interface SceneSpec {
  /** What the picture shows, in words: the painter's brief and the slide's alt text. */
  description: string;
  setting: SceneSetting;
  sky: SceneSky;
  /** Horizontal place of the setting's landmark (0-1), or omitted for none. */
  landmark?: number;
  /** Foreground figures, painted back to front in this order. */
  figures: readonly SceneFigure[];
}

export interface ComicSlide {
  /** The narration printed in the slide's caption box. */
  caption: string;
  scene: SceneSpec;
}

export type Speaker = "opponent" | "hero" | "narrator";

export interface DialogueLine {
  speaker: Speaker;
  text: string;
}

/** The dialogues around one opponent's battle. */
export interface OpponentStory {
  /** Before the battle (the first opponent's intro comic plays instead the first time). */
  before: readonly DialogueLine[];
  /** After the player won. */
  afterWin: readonly DialogueLine[];
  /** After the player lost (or drew). */
  afterLoss: readonly DialogueLine[];
}

export interface ChapterStory {
  /** The chapter's map icon: the comics live in /comics/{icon}/. */
  icon: MapIcon;
  level: number;
  /** Played before the first opponent: 3-5 slides. */
  intro: readonly ComicSlide[];
  /** Played after the chapter's boss falls: 2-3 slides. */
  win: readonly ComicSlide[];
  /** Keyed by opponent id: one entry for each of cpu1, cpu2, cpu3. */
  opponents: Readonly<Record<number, OpponentStory>>;
}
