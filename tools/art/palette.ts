/**
 * Faction colours. Every piece of art sits on the same dark purple night with
 * gold accents; a faction only shifts the light (glow) and the ink (icon).
 */
import type { Faction } from "./types.ts";

export interface Palette {
  /** Deep background at the edges. */
  deep: string;
  /** Mid background behind the subject. */
  mid: string;
  /** The glow colour around the subject. */
  glow: string;
  /** Light end of the subject gradient. */
  light: string;
  /** Main colour of the subject. */
  ink: string;
  /** Dark end of the subject gradient and outlines. */
  shade: string;
  /** Silhouette colour of the scenery. */
  land: string;
  /** Frame tint used by the card component (kept in sync with card-frame.css). */
  frame: string;
}

export const GOLD = "#e8c068";
export const GOLD_LIGHT = "#fff0c0";
export const GOLD_DARK = "#8a6424";
export const NIGHT = "#140a22";
export const NIGHT_DEEP = "#0a0512";
/** The house purple that glows in a corner of every picture. */
export const NEBULA = "#7a3ed0";

/** The light's colour by the element a card costs most of. */
export const ELEMENT_LIGHT = { fire: "#ffa04a", diamond: "#8adcff", pow: "#c99cff" } as const;

/** Blends two #rrggbb colours; t = 0 gives a. */
export function mix(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  let out = "#";
  for (const shift of [16, 8, 0]) {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    out += Math.round(ca + (cb - ca) * t)
      .toString(16)
      .padStart(2, "0");
  }
  return out;
}

export const PALETTES: Record<Faction, Palette> = {
  elf: {
    deep: "#0b1420",
    mid: "#1d3a3a",
    glow: "#7dffc0",
    light: "#e6fff0",
    ink: "#5fd39a",
    shade: "#0f3b2c",
    land: "#0a1f1c",
    frame: "#3f9f78",
  },
  undead: {
    deep: "#0c0f14",
    mid: "#28323a",
    glow: "#b6f08a",
    light: "#f1f6de",
    ink: "#a9c28e",
    shade: "#28321e",
    land: "#11151a",
    frame: "#7d8f6a",
  },
  thief: {
    deep: "#0b0d18",
    mid: "#22304a",
    glow: "#ffc86a",
    light: "#fff1d6",
    ink: "#d9a55a",
    shade: "#3a2614",
    land: "#0d1222",
    frame: "#b08850",
  },
  heretic: {
    deep: "#160812",
    mid: "#4a1836",
    glow: "#ff6ab0",
    light: "#ffe3f1",
    ink: "#e2578f",
    shade: "#420f2a",
    land: "#1c0a18",
    frame: "#b8467a",
  },
  tower: {
    deep: "#0a0c1c",
    mid: "#253066",
    glow: "#8ac4ff",
    light: "#e8f3ff",
    ink: "#7fa6e6",
    shade: "#1a2550",
    land: "#0d1028",
    frame: "#5a7fc4",
  },
  demon: {
    deep: "#180806",
    mid: "#55160c",
    glow: "#ff8a3a",
    light: "#fff0c8",
    ink: "#ff7038",
    shade: "#4a0f06",
    land: "#1c0806",
    frame: "#c8502a",
  },
  troll: {
    deep: "#12100a",
    mid: "#3b3418",
    glow: "#e8d070",
    light: "#fbf4d4",
    ink: "#b8a258",
    shade: "#352c12",
    land: "#17140b",
    frame: "#97853e",
  },
  vampire: {
    deep: "#12040c",
    mid: "#4a0a22",
    glow: "#ff3a5a",
    light: "#ffe0e6",
    ink: "#d8243e",
    shade: "#3d0514",
    land: "#16040e",
    frame: "#a0183a",
  },
  neutral: {
    deep: NIGHT_DEEP,
    mid: "#3a2268",
    glow: "#c9a0ff",
    light: "#f4eaff",
    ink: "#b48ae8",
    shade: "#2c1650",
    land: "#120a22",
    frame: "#8a62c8",
  },
};

export const RARITY_COLOURS = {
  common: "#c8ccd8",
  uncommon: "#4aa8ff",
  rare: "#ffc83a",
} as const;

export function paletteOf(faction: string): Palette {
  return faction in PALETTES ? PALETTES[faction as Faction] : PALETTES.neutral;
}
