/** Opponent portraits, 256 x 256: the faction's night, scenery and the opponent as a comic figure. */

import type { SceneFigureKind } from "@cardrealm/content";
import { type FigureArt, type FigureColors, figureArt } from "../../comics/figures.ts";
import { type HumanOpts, human } from "../../comics/people.ts";
import { Rng } from "../../shared/rng.ts";
import { mix, NEBULA, type Palette, paletteOf } from "../palette.ts";
import { hasMoon, nearScenery, ridge } from "../scenery.ts";
import { el, num, stops, svgDoc } from "../svg.ts";
import type { Faction } from "../types.ts";
import { blurFilter, grainFilter, starDots, wobbleFilter } from "./common.ts";

/**
 * What an opponent's portrait shows, in the comics' figure style
 * (tools/comics/figures.ts, people.ts): a scene figure kind, or a person
 * built from options for the named ones. Other ids get a hooded person.
 */
type Sitter = { kind: SceneFigureKind } | { person: HumanOpts };

export const OPPONENT_FIGURES: Readonly<Record<number, Sitter>> = {
  2: { kind: "horde" },
  3: { kind: "necromancer" },
  4: { person: { head: "crown", robe: true, arms: "staff", cape: 1.3, eyes: true, bulk: 1.1 } },
  5: { kind: "earth" },
  6: { kind: "air" },
  7: { kind: "fire" },
  9: { kind: "rats" },
  10: { kind: "thieves" },
  11: { person: { head: "hood", arms: "dagger", cape: 1.1, hunch: 5, eyes: true } },
  12: { kind: "chimera" },
  13: { kind: "lamia" },
  14: { person: { head: "horns", robe: true, arms: "candle", cape: 0.8, eyes: true } },
  15: { kind: "wall" },
  16: { kind: "wall" },
  17: { kind: "mages" },
  18: { kind: "witches" },
  19: { person: { head: "witch", robe: true, arms: "staff", bulk: 0.95, eyes: true } },
  20: { kind: "demon" },
  21: { person: { head: "hood", cape: 1.6, arms: "raise", wings: true, eyes: true } },
  22: { person: { head: "ears", arms: "spear", hunch: 6, bulk: 1.15, banner: true, eyes: true } },
  23: { person: { head: "horns", arms: "club", bulk: 1.5, hunch: 4, eyes: true } },
  24: { kind: "troll" },
  28: { person: { head: "collar", cape: 2, arms: "raise", wings: true, eyes: true } },
  29: { person: { head: "hair", cape: 1.6, arms: "goblet", bulk: 0.9, eyes: true } },
  30: { kind: "vampires" },
};

/** Local units to pixels, and where the feet go, so the sitter fills the square. */
const SIT: Partial<Record<SceneFigureKind, { s: number; y: number }>> = {
  rats: { s: 4.2, y: 236 },
  chimera: { s: 2.4, y: 250 },
  wall: { s: 0.85, y: 236 },
  air: { s: 2.3, y: 262 },
  earth: { s: 2.5, y: 270 },
  fire: { s: 2.4, y: 268 },
  troll: { s: 2.2, y: 262 },
  lamia: { s: 2.5, y: 262 },
  horde: { s: 2.2, y: 262 },
  thieves: { s: 2.6, y: 290 },
  mages: { s: 2.4, y: 286 },
};

function sitterArt(
  sitter: Sitter,
  c: FigureColors,
  rng: Rng,
): { art: FigureArt; s: number; y: number } {
  if ("person" in sitter) {
    return { art: { ...human(sitter.person, c), scale: 3, place: "ground" }, s: 3, y: 318 };
  }
  const art = figureArt(sitter.kind, c, rng, { heroPose: "sword" });
  const at = SIT[sitter.kind] ?? { s: 3, y: 318 };
  return { art, ...at };
}

/** The portrait's gradients (sky, glow, the comics' halo, void, fire and beam) and filters. */
function portraitDefs(pal: Palette, id: number): string {
  return (
    el(
      "linearGradient",
      { id: "s", x2: "0", y2: "1" },
      stops([
        [0, pal.deep],
        [0.65, pal.mid],
        [1, pal.deep],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "g" },
      stops([
        [0, pal.glow, 0.75],
        [0.5, pal.glow, 0.2],
        [1, pal.glow, 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "halo" },
      stops([
        [0, pal.glow, 0.9],
        [0.35, pal.glow, 0.3],
        [1, pal.glow, 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "void" },
      stops([
        [0, "#000000"],
        [0.7, "#3a0a10"],
        [1, "#ff6a2a"],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "fire", x1: "0", y1: "1", x2: "0", y2: "0" },
      stops([
        [0, "#ff3a1a"],
        [0.55, "#ff8a2a"],
        [1, "#ffe08a"],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "beam", x1: "0", y1: "1", x2: "0", y2: "0" },
      stops([
        [0, pal.glow],
        [1, pal.glow, 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "u" },
      stops([
        [0, NEBULA, 0.5],
        [1, NEBULA, 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "v", r: ".72" },
      stops([
        [0.55, pal.deep, 0],
        [1, pal.deep, 0.95],
      ]),
    ) +
    blurFilter("b", 3) +
    grainFilter("n", 0.7, id) +
    wobbleFilter("w", 0.05, 5, id)
  );
}

/** A square 256 portrait: the faction's night, scenery and the sitter as a rim-lit comic figure. */
export function portraitSvg(id: number, name: string, faction: Faction): string {
  const S = 256;
  const pal = paletteOf(faction);
  const rng = new Rng(`opponent:${id}`);
  const near = nearScenery(faction, rng, S, S, 214, 34);
  const sitter = OPPONENT_FIGURES[id] ?? {
    person: { head: "hood", cape: 1, arms: "sword", eyes: true },
  };
  const colours: FigureColors = {
    glow: pal.glow,
    ink: mix(pal.deep, "#000000", 0.3),
    fire: "#ffd070",
  };
  const { art, s, y } = sitterArt(sitter, colours, rng.fork("figure"));
  const flip = rng.chance(0.5) ? -1 : 1;
  const moon = hasMoon(faction);
  const mx = flip > 0 ? 200 : 56;
  const rim = mix(pal.glow, "#ffffff", 0.35);
  const defs = portraitDefs(pal, id) + el("g", { id: "p" }, art.body);
  const t = `translate(${S / 2} ${y}) scale(${num(s * flip, 2)} ${num(s, 2)})`;
  const body =
    el("rect", { width: S, height: S, fill: "url(#s)" }) +
    el("ellipse", { cx: num(S - mx), cy: "40", rx: "120", ry: "70", fill: "url(#u)" }) +
    el("path", {
      d: starDots(rng, 18, S, 150),
      stroke: pal.light,
      "stroke-width": "1.3",
      "stroke-linecap": "round",
      opacity: ".55",
    }) +
    (moon
      ? el("circle", { cx: mx, cy: "50", r: "40", fill: "url(#g)" }) +
        el("circle", { cx: mx, cy: "50", r: "17", fill: pal.light, opacity: ".85" })
      : "") +
    el("path", { d: ridge(rng, S, S, 190, 40, 6), fill: pal.shade, opacity: ".55" }) +
    el("ellipse", { cx: "128", cy: "118", rx: "120", ry: "110", fill: "url(#g)" }) +
    el("path", { d: near.d, fill: pal.land, filter: "url(#w)" }) +
    (near.lights ? el("path", { d: near.lights, fill: pal.glow, opacity: ".8" }) : "") +
    el(
      "g",
      { transform: t, "stroke-linecap": "round", "stroke-linejoin": "round" },
      el("use", {
        href: "#p",
        fill: rim,
        stroke: rim,
        x: num(flip * 1.4, 1),
        y: "-.8",
        filter: "url(#b)",
        opacity: ".8",
      }) +
        el("use", { href: "#p", fill: rim, stroke: rim, x: num(flip * 0.9, 1), y: "-.5" }) +
        el("use", { href: "#p", fill: colours.ink, stroke: colours.ink }) +
        art.glow,
    ) +
    el("rect", { width: S, height: S, filter: "url(#n)", opacity: ".18" }) +
    el("rect", { width: S, height: S, fill: "url(#v)" });
  return svgDoc(S, S, el("defs", {}, defs) + body, name);
}
