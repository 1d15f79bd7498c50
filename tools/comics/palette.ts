/**
 * Chapter palettes of the comics. Every slide sits on the house night (deep
 * purple, gold accents); a chapter tints the horizon and the light, and the
 * slide's sky (night, dusk, dawn, storm, blood) shifts both.
 */
import type { MapIcon, SceneSky } from "@cardrealm/content";
import { mix } from "./svg.ts";

export interface ChapterPalette {
  /** Top of the sky. */
  zenith: string;
  /** Middle of the sky. */
  sky: string;
  /** The glowing band at the horizon. */
  horizon: string;
  /** Moon, windows, magic. */
  glow: string;
  /** The darkest silhouettes (foreground). */
  ink: string;
  /** Fog and mist. */
  fog: string;
}

export const GOLD = "#f2c76b";
export const GOLD_LIGHT = "#ffe9a8";
export const GOLD_DARK = "#7a5216";
export const HOUSE_PURPLE = "#2c1250";
export const HOUSE_NIGHT = "#0b0416";

export const CHAPTER_PALETTES: Record<MapIcon, ChapterPalette> = {
  elf: {
    zenith: "#0c0824",
    sky: "#2a1a5e",
    horizon: "#6b5ab8",
    glow: "#c8ffe4",
    ink: "#07060f",
    fog: "#9fd8c8",
  },
  gabby: {
    zenith: "#0a0a14",
    sky: "#252b3a",
    horizon: "#6d8a5a",
    glow: "#e2f5a8",
    ink: "#06070a",
    fog: "#a9c29a",
  },
  kailis: {
    zenith: "#070a1c",
    sky: "#182a52",
    horizon: "#4a6a9c",
    glow: "#ffd89a",
    ink: "#05060e",
    fog: "#8aa4c8",
  },
  kailis2: {
    zenith: "#12061a",
    sky: "#3a1042",
    horizon: "#9a4480",
    glow: "#ffc0e0",
    ink: "#0a040c",
    fog: "#c890b8",
  },
  tower: {
    zenith: "#070a22",
    sky: "#1c2766",
    horizon: "#5670c0",
    glow: "#d4e6ff",
    ink: "#05060f",
    fog: "#9ab0e0",
  },
  tower2: {
    zenith: "#160608",
    sky: "#48120e",
    horizon: "#d0562a",
    glow: "#ffcf7a",
    ink: "#0c0406",
    fog: "#e0906a",
  },
  troll: {
    zenith: "#0e0c12",
    sky: "#2f2a3a",
    horizon: "#8a7464",
    glow: "#ffdca8",
    ink: "#07060a",
    fog: "#b8a898",
  },
  vampires: {
    zenith: "#10030c",
    sky: "#3c0a24",
    horizon: "#92203e",
    glow: "#ffd0d8",
    ink: "#0a0308",
    fog: "#c07088",
  },
  promo: {
    zenith: "#05101e",
    sky: "#123050",
    horizon: "#3a7aa0",
    glow: "#d0f4ff",
    ink: "#040810",
    fog: "#8ac0d8",
  },
};

/** The palette of one slide: the chapter's, shifted by the slide's sky. */
export function slidePalette(icon: MapIcon, sky: SceneSky): ChapterPalette & { moon: string } {
  const p = CHAPTER_PALETTES[icon];
  // Everything leans toward the house purple so all chapters share one night.
  const base = {
    ...p,
    zenith: mix(p.zenith, HOUSE_NIGHT, 0.2),
    sky: mix(p.sky, HOUSE_PURPLE, 0.25),
  };
  switch (sky) {
    case "dusk":
      return {
        ...base,
        sky: mix(base.sky, "#5a1f4a", 0.35),
        horizon: mix(p.horizon, "#f08a48", 0.55),
        glow: mix(p.glow, "#ffc27a", 0.6),
        fog: mix(p.fog, "#e8a070", 0.4),
        moon: "#ffb070",
      };
    case "dawn":
      return {
        ...base,
        zenith: mix(base.zenith, "#1c1446", 0.4),
        sky: mix(base.sky, "#6a4a8a", 0.45),
        horizon: mix(p.horizon, GOLD_LIGHT, 0.6),
        glow: GOLD_LIGHT,
        fog: mix(p.fog, "#ffe0b8", 0.5),
        moon: "#fff4d6",
      };
    case "storm":
      return {
        ...base,
        zenith: mix(base.zenith, "#000000", 0.3),
        sky: mix(base.sky, "#1a1a2a", 0.4),
        horizon: mix(p.horizon, "#3a3a5a", 0.45),
        fog: mix(p.fog, "#6a6a8a", 0.4),
        moon: mix(p.glow, "#ffffff", 0.4),
      };
    case "blood":
      return {
        ...base,
        sky: mix(base.sky, "#4a0a1e", 0.45),
        horizon: mix(p.horizon, "#c0283a", 0.55),
        glow: mix(p.glow, "#ff9090", 0.4),
        fog: mix(p.fog, "#b04058", 0.45),
        moon: "#e8303e",
      };
    default:
      return { ...base, moon: mix(p.glow, "#ffffff", 0.55) };
  }
}

/** A slide's colours: its chapter's, and the moon of its sky. */
export type SlidePalette = ChapterPalette & { moon: string };
