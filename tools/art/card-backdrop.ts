/**
 * The settings of a card's picture (docs/art.md "Settings"): each faction has
 * several, drawn from its own list by the card's seed, so a faction is not
 * one sky. `dusk` is the old sky (card-setting.ts `sky`); the others:
 *
 * - `day`: a pale sky, a sun, banks of cloud and hazy far ranges;
 * - `storm`: a low dark sky in bands, a lightning fork, rain;
 * - `hall`: inside: a stone wall in courses, an arched window on the
 *   faction's sky, pillars, torches in the light's colour, a banner;
 * - `cave`: rock all round, the mouth open on the sky behind the subject,
 *   teeth of rock at the top, glowing crystals;
 * - `forest`: trunks in three depths (the far ones lost in haze), a canopy,
 *   shafts of light.
 *
 * Each is back and middle layers; the foreground (`foreground`) is painted
 * over the subject, blurred, at the edge away from it.
 */

import type { Rng } from "../shared/rng.ts";
import { HH, type Light, sky, W } from "./card-setting.ts";
import { cave, forest, hall } from "./card-settings-closed.ts";
import { type Backdrop, type Draw, day, storm } from "./card-settings-open.ts";
import { mix, type Palette } from "./palette.ts";
import { path } from "./path.ts";
import { el } from "./svg.ts";
import type { CardDef, Faction } from "./types.ts";

export type { Backdrop };
export type Setting = "dusk" | "day" | "storm" | "hall" | "cave" | "forest";

/** The settings a faction's pictures are drawn in. */
export const FACTION_SETTINGS: Record<Faction, readonly Setting[]> = {
  elf: ["forest", "day", "dusk", "storm", "cave"],
  undead: ["dusk", "cave", "storm", "hall", "forest"],
  thief: ["hall", "dusk", "storm", "cave"],
  heretic: ["hall", "cave", "dusk", "storm"],
  tower: ["hall", "day", "storm", "dusk"],
  demon: ["cave", "dusk", "storm", "hall"],
  troll: ["day", "forest", "cave", "dusk"],
  vampire: ["hall", "dusk", "storm", "forest"],
  neutral: ["day", "forest", "dusk", "hall", "storm"],
};

export function settingOf(card: CardDef, rng: Rng): Setting {
  return rng.pick(FACTION_SETTINGS[card.faction]);
}

/**
 * Thieves, demons and vampires each get their own colours per setting (the
 * glow, the faction's tint, stays): without them their halls, caves and
 * skies all read as one dusk of the faction's colour. Only the sky's middle,
 * the deep edge, the land and the shade change.
 */
const SETTING_COLOURS: Partial<
  Record<Faction, Partial<Record<Setting, Pick<Palette, "deep" | "mid" | "land" | "shade">>>>
> = {
  thief: {
    hall: { deep: "#140c08", mid: "#5a3a1e", land: "#1e140c", shade: "#3a2614" },
    dusk: { deep: "#06121a", mid: "#1a4a5a", land: "#081820", shade: "#0e2a34" },
    storm: { deep: "#0c0e12", mid: "#3e4a52", land: "#101418", shade: "#222a30" },
    cave: { deep: "#08120e", mid: "#1e4a3a", land: "#0a1a14", shade: "#123228" },
  },
  demon: {
    cave: { deep: "#1a0602", mid: "#7a2a08", land: "#200804", shade: "#4a0f06" },
    dusk: { deep: "#140a22", mid: "#5a2a5e", land: "#180c1c", shade: "#3a1440" },
    storm: { deep: "#4e4416", mid: "#a8902c", land: "#1e1a08", shade: "#4a4214" },
    hall: { deep: "#08060c", mid: "#2a2030", land: "#0e0a12", shade: "#1e1626" },
  },
  vampire: {
    hall: { deep: "#14040a", mid: "#5a0c26", land: "#18040e", shade: "#3d0514" },
    dusk: { deep: "#080a22", mid: "#2a3a7a", land: "#0a0c24", shade: "#1a2050" },
    storm: { deep: "#0a0c10", mid: "#3e4a58", land: "#0e1016", shade: "#222a36" },
    forest: { deep: "#060e0a", mid: "#2a4a3a", land: "#0a140e", shade: "#18281e" },
  },
};

/** The faction's palette in one of its settings. */
export function settingPalette(pal: Palette, faction: Faction, setting: Setting): Palette {
  const over = SETTING_COLOURS[faction]?.[setting];
  return over ? { ...pal, ...over } : pal;
}

const DRAW: Record<Exclude<Setting, "dusk">, Draw> = { day, storm, hall, cave, forest };

/** The back and middle layers of a picture in its setting. */
export function backdrop(
  setting: Setting,
  card: CardDef,
  pal: Palette,
  lit: Light,
  rng: Rng,
  extra: Rng,
  max: boolean,
): Backdrop {
  return setting === "dusk"
    ? sky(card, pal, lit, rng, extra, max)
    : DRAW[setting](card, pal, lit, rng, extra, max);
}

/** The ground's colour in a setting. */
export function groundFill(setting: Setting, pal: Palette, lit: Light): string {
  if (setting === "day") return mix(pal.land, lit.light, 0.25);
  if (setting === "hall") return mix(pal.land, pal.mid, 0.3);
  return mix(pal.land, "#000000", 0.3);
}

/**
 * The foreground, over the subject: dark blurred shapes at the bottom corner
 * away from the subject (rocks, grass, a pillar's edge), for depth.
 */
export function foreground(setting: Setting, pal: Palette, lit: Light, rng: Rng): string {
  const x0 = lit.side > 0 ? 0 : W;
  const dir = lit.side > 0 ? 1 : -1;
  const p = path(1);
  if (setting === "hall") {
    p.M(x0, 0)
      .L(x0 + dir * rng.range(10, 16), 0)
      .L(x0 + dir * rng.range(10, 16), HH)
      .L(x0, HH)
      .Z();
  } else if (setting === "forest" || setting === "day" || setting === "dusk") {
    for (let i = 0; i < 14; i++) {
      const x = x0 + dir * rng.range(0, 50);
      const h = rng.range(14, 34);
      p.M(x - 2.5, HH)
        .Q(x + dir * 2, HH - h * 0.6, x + dir * rng.range(4, 12), HH - h)
        .Q(x + 1, HH - h * 0.5, x + 2.5, HH)
        .Z();
    }
  } else {
    for (let i = 0; i < 3; i++) {
      const x = x0 + dir * rng.range(0, 40);
      const r = rng.range(10, 22);
      p.M(x - r, HH + 4)
        .L(x - r * 0.6, HH - r * 0.8)
        .L(x + r * 0.2, HH - r)
        .L(x + r, HH - r * 0.3)
        .L(x + r * 1.1, HH + 4)
        .Z();
    }
  }
  return el("path", { d: p.toString(), fill: mix(pal.deep, "#000000", 0.5), filter: "url(#fgb)" });
}
