/**
 * The setting of a card's picture (card-art.ts): where the light is and what
 * colour, the sky's gradients, the sky itself (a house glow, stars, a moon or
 * a low sun, clouds, a far ridge, mist and the faction's scenery) and the
 * ground the subject stands on. Every function draws from the card's
 * generator in the order card-art.ts calls them.
 */

import type { Rng } from "../shared/rng.ts";
import { ELEMENT_LIGHT, mix, NEBULA, type Palette } from "./palette.ts";
import { path } from "./path.ts";
import { hasMoon, nearScenery, ridge } from "./scenery.ts";
import { el, num, stops } from "./svg.ts";
import type { CardDef } from "./types.ts";

/** The picture's width and height in its own units (max draws it at three times). */
export const W = 200;
export const HH = 150;

/** The element a card costs most of, or none when it costs nothing or ties. */
export function mainElement(card: CardDef): keyof typeof ELEMENT_LIGHT | undefined {
  const { fire, diamond, pow } = card.cost;
  const top = Math.max(fire, diamond, pow);
  if (top === 0) return undefined;
  const winners = (["fire", "diamond", "pow"] as const).filter((r) => card.cost[r] === top);
  return winners.length === 1 ? winners[0] : undefined;
}

/** Where the light is and its colour. */
export interface Light {
  /** The light's colour: the faction's glow graded towards the main element. */
  light: string;
  /** The sky's middle colour. */
  mid: string;
  /** 1: the light is on the right; -1: on the left. */
  side: 1 | -1;
  /** The horizon's height. */
  hz: number;
  /** The light is right behind the subject. */
  backlit: boolean;
  lx: number;
  ly: number;
  lowSun: boolean;
}

export function lightOf(card: CardDef, pal: Palette, rng: Rng): Light {
  const element = mainElement(card);
  // a spell burns in its element's colours; a unit's light only leans to it
  const light = element
    ? mix(pal.glow, ELEMENT_LIGHT[element], card.type === "spell" ? 0.85 : 0.5)
    : pal.glow;
  // the sky leans towards the element's colour too, by a seeded amount
  const mid = element ? mix(pal.mid, ELEMENT_LIGHT[element], rng.range(0.12, 0.38)) : pal.mid;
  const side = rng.chance(0.5) ? 1 : -1;
  const hz = HH * rng.range(0.52, 0.76);
  // a quarter of the pictures are backlit: the light right behind the subject
  const backlit = rng.chance(0.25);
  const lx = backlit ? W / 2 + side * rng.range(4, 16) : W / 2 + side * rng.range(38, 78);
  const lowSun = !hasMoon(card.faction) && rng.chance(0.45);
  const ly = lowSun ? hz - rng.range(4, 14) : rng.range(18, backlit ? 40 : 52);
  return { light, mid, side, hz, backlit, lx, ly, lowSun };
}

/** The sky, light, nebula, mist, directional grade and vignette gradients. */
export function settingDefs(pal: Palette, lit: Light, rng: Rng, seed: number): string[] {
  const { light, mid, side } = lit;
  return [
    // a blurred rim and the foreground's blur
    el(
      "filter",
      { id: "rim", x: "-20%", y: "-20%", width: "140%", height: "140%" },
      el("feGaussianBlur", { stdDeviation: "1.6" }),
    ),
    el(
      "filter",
      { id: "fgb", x: "-20%", y: "-20%", width: "140%", height: "140%" },
      el("feGaussianBlur", { stdDeviation: "1.8" }),
    ),
    el(
      "filter",
      { id: "tx", x: "0", y: "0", width: "100%", height: "100%" },
      el("feTurbulence", {
        type: "fractalNoise",
        baseFrequency: ".05",
        numOctaves: "3",
        seed: seed % 997,
      }) + el("feColorMatrix", { values: "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 0 1" }),
    ),
    el(
      "linearGradient",
      { id: "s", x2: "0", y2: "1" },
      stops([
        [0, pal.deep],
        [rng.range(0.35, 0.6), mid],
        [1, mix(mid, light, rng.range(0.35, 0.7))],
      ]),
    ),
    el(
      "radialGradient",
      { id: "l" },
      stops([
        [0, light, 0.85],
        [0.35, light, 0.28],
        [1, light, 0],
      ]),
    ),
    el(
      "radialGradient",
      { id: "u" },
      stops([
        [0, NEBULA, 0.5],
        [1, NEBULA, 0],
      ]),
    ),
    el(
      "linearGradient",
      { id: "m", x2: "0", y2: "1" },
      stops([
        [0, light, 0],
        [0.5, light, 0.22],
        [1, light, 0],
      ]),
    ),
    el(
      "linearGradient",
      { id: "c", x1: side > 0 ? "1" : "0", x2: side > 0 ? "0" : "1" },
      stops([
        [0, light, 0.12],
        [0.6, pal.deep, 0],
        [1, pal.deep, 0.4],
      ]),
    ),
    el(
      "radialGradient",
      { id: "v", r: ".75" },
      stops([
        [0.55, "#000000", 0],
        [1, "#000000", 0.75],
      ]),
    ),
  ];
}

/**
 * The sky down to the scenery: the sky, the house's purple glow, the light's
 * halo and disc, clouds, a far ridge, mist and the faction's scenery. `stars`
 * are placed (from `extra`) but painted later, in output pixels.
 */
export function sky(
  card: CardDef,
  pal: Palette,
  lit: Light,
  rng: Rng,
  extra: Rng,
  max: boolean,
): { body: string[]; stars: [number, number][] } {
  const { light, side, hz, lx, ly, lowSun } = lit;
  const body: string[] = [];
  body.push(el("rect", { width: W, height: HH, fill: "url(#s)" }));
  // the house purple glows in the corner away from the light
  body.push(
    el("ellipse", {
      cx: num(W / 2 - side * rng.range(50, 80)),
      cy: num(rng.range(10, 40)),
      rx: 90,
      ry: 50,
      fill: "url(#u)",
    }),
  );
  const stars: [number, number][] = [];
  for (let i = 0; i < (max ? 40 : 14); i++)
    stars.push([extra.range(0, W * (max ? 3 : 1)), extra.range(0, hz * (max ? 3 : 1) * 0.8)]);
  // light: halo, then a moon or a low sun
  body.push(el("circle", { cx: num(lx), cy: num(ly), r: num(lowSun ? 95 : 75), fill: "url(#l)" }));
  const disc = lowSun ? rng.range(12, 18) : rng.range(7, 12);
  body.push(
    el("circle", { cx: num(lx), cy: num(ly), r: num(disc), fill: mix(light, "#ffffff", 0.6) }),
  );
  if (!lowSun && rng.chance(0.6)) {
    // a crescent: the sky's colour bites the moon
    body.push(
      el("circle", {
        cx: num(lx - side * disc * 0.45),
        cy: num(ly - disc * 0.2),
        r: num(disc * 0.9),
        fill: mix(pal.deep, pal.mid, 0.3),
        opacity: ".9",
      }),
    );
  }
  // clouds crossing the light
  const clouds = path();
  for (let i = 0; i < rng.int(2, 4); i++) {
    const cy = rng.range(12, hz - 20);
    const cx = rng.range(0, W);
    const rx = rng.range(30, 70);
    const ry = rng.range(2, 5);
    clouds
      .M(cx - rx, cy)
      .Q(cx, cy - ry * 2, cx + rx, cy)
      .Q(cx, cy + ry, cx - rx, cy)
      .Z();
  }
  body.push(el("path", { d: clouds.toString(), fill: pal.deep, opacity: ".55" }));
  // far ridge and the faction's scenery
  body.push(
    el("path", {
      d: ridge(rng, W, HH, hz - 6, rng.range(14, 34), rng.int(4, 8)),
      fill: mix(pal.shade, light, 0.18),
      opacity: ".75",
    }),
  );
  body.push(el("rect", { y: num(hz - 24), width: W, height: 40, fill: "url(#m)" }));
  const scene = nearScenery(card.faction, rng, W, HH, hz + 4, rng.range(20, 30));
  body.push(el("path", { d: scene.d, fill: pal.land }));
  if (scene.lights) body.push(el("path", { d: scene.lights, fill: pal.glow, opacity: ".8" }));
  return { body, stars };
}

/** The ground the subject stands on: a hill, a ledge or a plain, with a lit edge. */
export interface Ground {
  /** Where the subject stands. */
  sx: number;
  /** The ground's highest point. */
  peak: number;
  groundAt: (x: number) => number;
  body: string[];
}

export function groundOf(lit: Light, spell: boolean, fill: string, rng: Rng): Ground {
  const { side, hz, lx, backlit, light } = lit;
  const shape = rng.pick(["hill", "ledge", "plain"] as const);
  const sx = backlit
    ? lx - side * rng.range(0, 8)
    : W / 2 - side * rng.range(spell ? 0 : 4, spell ? 30 : 42);
  const peak = hz + rng.range(14, 24);
  const groundAt = (x: number): number => {
    if (shape === "hill") return peak + ((x - sx) / 70) ** 2 * 30;
    if (shape === "ledge")
      return (x - sx) * side > 40
        ? HH + 10
        : peak + ((x - sx) * side > 20 ? (((x - sx) * side - 20) / 20) * 12 : 0);
    return peak + 6;
  };
  const gp = path(1).M(0, HH);
  const edge = path(1);
  for (let x = 0; x <= W; x += 10) {
    const y = Math.min(HH + 2, groundAt(x));
    gp.L(x, y);
    if (x === 0) edge.M(x, y);
    else edge.L(x, y);
  }
  gp.L(W, HH).Z();
  const body = [
    el("path", { d: gp.toString(), fill }),
    el("path", {
      d: edge.toString(),
      fill: "none",
      stroke: light,
      "stroke-width": "1.2",
      opacity: ".45",
    }),
  ];
  return { sx, peak, groundAt, body };
}

/**
 * The subject's body lit from the light's side: across the figure, around its
 * focus, from a light-tinted edge to a near-black far side (user space, so
 * the limbs, drawn as strokes, are shaded too).
 */
export function bodyGradient(lit: Light, dark: string, focus: readonly [number, number]): string {
  const x = focus[0];
  return el(
    "linearGradient",
    {
      id: "fb",
      gradientUnits: "userSpaceOnUse",
      x1: num(x + lit.side * 40),
      x2: num(x - lit.side * 40),
      y1: "0",
      y2: "0",
    },
    stops([
      [0, mix(dark, lit.light, 0.45)],
      [0.25, mix(dark, lit.light, 0.14)],
      [0.55, dark],
      [1, mix(dark, "#000000", 0.3)],
    ]),
  );
}
