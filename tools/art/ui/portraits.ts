/** Opponent portraits, 256 x 256: the faction's night, scenery and a painted icon. */

import { Rng } from "../../shared/rng.ts";
import { paintIcon } from "../paint.ts";
import { NEBULA, paletteOf } from "../palette.ts";
import { hasMoon, nearScenery, ridge } from "../scenery.ts";
import { el, num, stops, svgDoc } from "../svg.ts";
import type { Faction } from "../types.ts";
import { blurFilter, grainFilter, starDots, wobbleFilter } from "./common.ts";

/** Opponent portrait icons by opponent id; other ids go through the card keyword map. */
export const OPPONENT_ICONS: Readonly<Record<number, string>> = {
  2: "shambling-zombie",
  3: "raise-zombie",
  4: "crowned-skull",
  5: "rock-golem",
  6: "whirlwind",
  7: "fire-silhouette",
  9: "rat",
  10: "robber-mask",
  11: "hooded-assassin",
  12: "hydra",
  13: "medusa-head",
  14: "warlock-hood",
  15: "brick-wall",
  16: "defensive-wall",
  17: "white-tower",
  18: "witch-flight",
  19: "witch-face",
  20: "female-vampire",
  21: "raven",
  22: "goblin-head",
  23: "orc-head",
  24: "troll",
  28: "bat-mask",
  29: "female-vampire",
  30: "vampire-dracula",
};

/** A square 256 portrait: the faction's night, scenery and the painted icon. */
export function portraitSvg(id: number, name: string, icon: string, faction: Faction): string {
  const S = 256;
  const k = S / 200;
  const pal = paletteOf(faction);
  const rng = new Rng(`opponent:${id}`);
  const near = nearScenery(faction, rng, S, S, 214, 34);
  const painted = paintIcon({
    id: "p",
    icon,
    cx: S / 2,
    cy: 126,
    size: 196,
    pal,
    k,
    blur: "b",
    step: 1,
    line: 2.2,
    mirror: rng.chance(0.5),
  });
  const moon = hasMoon(faction);
  const mx = rng.pick([46, 210]);
  const defs =
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
    blurFilter("b", 4) +
    grainFilter("n", 0.7, id) +
    wobbleFilter("w", 0.05, 5, id) +
    painted.defs;
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
    el("ellipse", { cx: "128", cy: "128", rx: "120", ry: "110", fill: "url(#g)" }) +
    el("path", { d: near.d, fill: pal.land, filter: "url(#w)" }) +
    (near.lights ? el("path", { d: near.lights, fill: pal.glow, opacity: ".8" }) : "") +
    painted.body +
    el("rect", { width: S, height: S, filter: "url(#n)", opacity: ".18" }) +
    el("rect", { width: S, height: S, fill: "url(#v)" });
  return svgDoc(S, S, el("defs", {}, defs) + body, name);
}
