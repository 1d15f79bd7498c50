/**
 * Painting a card's picture (card-art.ts): the glow behind the subject, the
 * silhouette (a rim in the light's colour shifted towards the light, the dark
 * body on top, then its details and glowing bits), the props' colours, and
 * the finish (motes in the light, rarity sparkles and edge, the grade and
 * vignette, stars in output pixels, the max variant's scale).
 */

import type { Rng } from "../shared/rng.ts";
import type { Look } from "./card-look.ts";
import { HH, type Light, W } from "./card-setting.ts";
import type { Sil } from "./figure-kit.ts";
import { GOLD, GOLD_LIGHT, mix, type Palette } from "./palette.ts";
import { dots, type PathBuilder, path, sparkle } from "./path.ts";
import { el, num, stops } from "./svg.ts";

/** Colour of blood and of poison, whatever the faction. */
export const BLOOD = "#ff2f48";
const VENOM = "#8dff5a";
const LEAF = "#9dffb0";

/** How the figure is painted: its body colour and the colour of its glowing bits. */
export interface FigureColours {
  dark: string;
  glowFill: string;
  /** A unit's materials: painted and lit parts. Without it (spells) the figure is a dark shape. */
  look?: Look;
}

/**
 * Form shading of one painted part, baked: the part's own edges darken on the
 * side away from the light and below, and catch the light on its side and
 * above (its alpha blurred, shifted and cut out of itself), so every limb,
 * head and plate reads round. Offsets are in picture units.
 */
export function shadeFilter(lit: Light, dark: string): string {
  const s = lit.side;
  return el(
    "filter",
    { id: "sh", x: "-10%", y: "-10%", width: "120%", height: "120%" },
    el("feGaussianBlur", { in: "SourceAlpha", stdDeviation: "1.3", result: "b" }) +
      el("feOffset", { in: "b", dx: num(s * 1.8), dy: "-1.2", result: "o1" }) +
      el("feComposite", { in: "SourceAlpha", in2: "o1", operator: "out", result: "m1" }) +
      el("feFlood", { "flood-color": dark, "flood-opacity": ".75" }) +
      el("feComposite", { in2: "m1", operator: "in", result: "d" }) +
      el("feOffset", { in: "b", dx: num(-s * 1.2), dy: "1", result: "o2" }) +
      el("feComposite", { in: "SourceAlpha", in2: "o2", operator: "out", result: "m2" }) +
      el("feFlood", { "flood-color": mix(lit.light, "#ffffff", 0.4), "flood-opacity": ".6" }) +
      el("feComposite", { in2: "m2", operator: "in", result: "h" }) +
      el(
        "feMerge",
        {},
        el("feMergeNode", { in: "SourceGraphic" }) +
          el("feMergeNode", { in: "d" }) +
          el("feMergeNode", { in: "h" }),
      ),
  );
}

/**
 * The key light across a lit figure, multiplied over its parts: the light's
 * colour on its side, mid-tones in the middle, a cool shadow on the far side.
 */
export function keyLight(lit: Light, deep: string, focus: readonly [number, number]): string {
  const x = focus[0];
  return el(
    "linearGradient",
    {
      id: "kl",
      gradientUnits: "userSpaceOnUse",
      x1: num(x + lit.side * 45),
      x2: num(x - lit.side * 45),
      y1: num(focus[1] - 30),
      y2: num(focus[1] + 30),
    },
    stops([
      [0, mix("#ffffff", lit.light, 0.35)],
      [0.4, mix("#e8e4e0", lit.light, 0.2)],
      [0.75, mix("#9a96a6", deep, 0.3)],
      [1, mix("#6a6478", deep, 0.4)],
    ]),
  );
}

/** Paths of one shape group: the filled outline, then the limbs by width. */
function shapePaths(fill: PathBuilder, strokes: ReadonlyMap<number, PathBuilder>): string {
  let inner = fill.empty ? "" : el("path", { d: fill.toString() });
  for (const [w, p] of [...strokes.entries()].sort(([a], [b]) => a - b))
    if (!p.empty) inner += el("path", { d: p.toString(), fill: "none", "stroke-width": num(w, 1) });
  return inner;
}

/**
 * The figure's shapes for the defs, each drawn once: `#f0` the unpainted
 * shapes (creatures' bodies, structures), `#p0`, `#p1`... the painted parts,
 * and `#f` all of them (the silhouette: its rim, and variety.ts's mask).
 */
function figureDefs(sil: Sil): { defs: string; parts: string[] } {
  const base = shapePaths(sil.fill, sil.strokes);
  let defs = "";
  const uses: string[] = [];
  const parts: string[] = [];
  if (base) {
    defs += el("g", { id: "f0" }, base);
    uses.push(el("use", { href: "#f0" }));
  }
  sil.layers.forEach((layer, i) => {
    const inner = shapePaths(layer.fill, layer.strokes);
    if (!inner) return;
    defs += el("g", { id: `p${i}` }, inner);
    uses.push(el("use", { href: `#p${i}` }));
    parts.push(`p${i}`);
  });
  if (uses.length === 0) return { defs: "", parts };
  return {
    defs:
      defs +
      el("g", { id: "f", "stroke-linecap": "round", "stroke-linejoin": "round" }, uses.join("")),
    parts,
  };
}

/**
 * The painted parts of a lit figure, back to front, each form-shaded. A class
 * per material (in a `<style>`) keeps each part's `<use>` short.
 */
function paintedParts(sil: Sil, parts: readonly string[], look: Look, dark: string): string[] {
  const out: string[] = [];
  const mats = [...new Set(sil.layers.map((l) => l.mat))];
  const css =
    ".s{filter:url(#sh);stroke-linecap:round;stroke-linejoin:round}" +
    mats.map((m, i) => `.m${i}{fill:${look[m]};stroke:${look[m]}}`).join("");
  out.push(el("style", {}, css));
  if (!sil.fill.empty || sil.strokes.size > 0)
    out.push(el("use", { href: "#f0", fill: look.base, stroke: look.base, filter: "url(#sh)" }));
  sil.layers.forEach((layer, i) => {
    if (parts.includes(`p${i}`))
      out.push(el("use", { href: `#p${i}`, class: `s m${mats.indexOf(layer.mat)}` }));
  });
  const ink = mix(dark, "#000000", 0.2);
  if (!sil.inkFill.empty) out.push(el("path", { d: sil.inkFill.toString(), fill: ink }));
  if (!sil.ink.empty)
    out.push(
      el("path", {
        d: sil.ink.toString(),
        fill: "none",
        stroke: ink,
        "stroke-width": ".7",
        opacity: ".75",
      }),
    );
  if (!sil.shine.empty) out.push(el("path", { d: sil.shine.toString(), fill: "#f4efe6" }));
  return out;
}

/**
 * The glow behind the focus, then the silhouette and the props. Returns the
 * `<g id="f">` of the figure's shapes for the defs (or "") and the body parts.
 */
export function paintFigure(
  sil: Sil,
  props: Sil,
  lit: Light,
  focus: readonly [number, number],
  spell: boolean,
  colours: FigureColours,
): { defs: string; body: string[] } {
  const { light, side } = lit;
  const body: string[] = [];
  let defs = "";
  // the glow behind the subject: what the eye goes to
  body.push(
    el("ellipse", {
      cx: num(focus[0]),
      cy: num(focus[1]),
      rx: spell ? 70 : 55,
      ry: spell ? 55 : 50,
      fill: "url(#l)",
      opacity: spell ? ".8" : ".7",
    }),
  );
  if (!sil.back.empty)
    body.push(el("path", { d: sil.back.toString(), fill: light, opacity: ".5" }));
  // the silhouette: a rim in the light's colour shifted towards the light, the body on top
  const shapes = figureDefs(sil);
  if (shapes.defs) {
    defs = shapes.defs;
    body.push(
      el("use", {
        href: "#f",
        x: num(side * 1.4, 1),
        y: "-.8",
        fill: mix(light, "#ffffff", 0.3),
        stroke: mix(light, "#ffffff", 0.3),
      }),
    );
    body.push(
      el("use", {
        href: "#f",
        x: num(side * 2, 1),
        fill: light,
        stroke: light,
        filter: "url(#rim)",
        opacity: ".55",
      }),
    );
    if (colours.look) {
      body.push(...paintedParts(sil, shapes.parts, colours.look, colours.dark));
      body.push(
        el("use", {
          href: "#f",
          fill: "url(#kl)",
          stroke: "url(#kl)",
          style: "mix-blend-mode:multiply",
        }),
      );
    } else body.push(el("use", { href: "#f", fill: "url(#fb)", stroke: "url(#fb)" }));
  }
  body.push(...glowingBits(sil, props, light, colours.glowFill));
  return { defs, body };
}

/** Details, glowing shapes and lines of the figure, then blood, venom and leaves. */
function glowingBits(sil: Sil, props: Sil, light: string, glowFill: string): string[] {
  const body: string[] = [];
  if (!sil.detail.empty) {
    body.push(
      el("path", {
        d: sil.detail.toString(),
        fill: "none",
        stroke: light,
        "stroke-width": ".7",
        opacity: ".45",
      }),
    );
  }
  if (!sil.glow.empty) {
    const gd = sil.glow.toString();
    body.push(
      el("path", {
        d: gd,
        fill: "none",
        stroke: glowFill,
        "stroke-width": "4",
        "stroke-linejoin": "round",
        opacity: ".25",
      }),
    );
    body.push(el("path", { d: gd, fill: glowFill }));
  }
  if (!sil.glowLines.empty) {
    const gl = sil.glowLines.toString();
    body.push(
      el("path", {
        d: gl,
        fill: "none",
        stroke: light,
        "stroke-width": "4",
        "stroke-linecap": "round",
        opacity: ".25",
      }),
    );
    body.push(
      el("path", {
        d: gl,
        fill: "none",
        stroke: mix(light, "#ffffff", 0.55),
        "stroke-width": "1.2",
        "stroke-linecap": "round",
      }),
    );
  }
  if (!props.glow.empty) body.push(el("path", { d: props.glow.toString(), fill: BLOOD }));
  if (!props.glowLines.empty)
    body.push(
      el("path", {
        d: props.glowLines.toString(),
        fill: "none",
        stroke: VENOM,
        "stroke-width": ".9",
        opacity: ".9",
      }),
    );
  if (!props.detail.empty)
    body.push(el("path", { d: props.detail.toString(), fill: LEAF, opacity: ".9" }));
  return body;
}

/** What the finish needs besides the body. */
export interface Finish {
  rng: Rng;
  extra: Rng;
  pal: Palette;
  lit: Light;
  focus: readonly [number, number];
  stars: ReadonlyArray<readonly [number, number]>;
  rarity: string;
  max: boolean;
}

/**
 * Motes in the light and sparkles by rarity over the body, a gold edge on
 * rares, the grade and the vignette; stars are drawn in output pixels (max has
 * more of them, not bigger ones), right after the sky. Returns the content.
 */
export function finishPicture(body: readonly string[], o: Finish): string {
  const { rng, extra, lit, focus, max } = o;
  const { light, hz } = lit;
  const rare = o.rarity === "rare";
  const uncommon = o.rarity === "uncommon";
  const motes: [number, number][] = [];
  for (let i = 0; i < (max ? 22 : 9); i++)
    motes.push([extra.range(0, W), extra.range(hz - 40, HH)]);
  const glints = path(1);
  const glintCount = rare ? 6 : uncommon ? 3 : 0;
  for (let i = 0; i < glintCount; i++) {
    const a = rng.range(0, Math.PI * 2);
    const r = rng.range(30, 60);
    sparkle(
      glints,
      focus[0] + Math.cos(a) * r * 1.3,
      focus[1] + Math.sin(a) * r * 0.8,
      rng.range(2.5, 4.5),
    );
  }
  const scale = max ? 3 : 1;
  const scaled: string[] = [
    ...body,
    el("path", {
      d: dots(motes),
      stroke: light,
      "stroke-width": "1.3",
      "stroke-linecap": "round",
      opacity: ".6",
    }),
  ];
  if (!glints.empty)
    scaled.push(
      el("path", { d: glints.toString(), fill: rare ? GOLD_LIGHT : "#dfe6f2", opacity: ".95" }),
    );
  if (rare)
    scaled.push(
      el("rect", {
        x: "2",
        y: "2",
        width: W - 4,
        height: HH - 4,
        fill: "none",
        stroke: GOLD,
        "stroke-width": ".8",
        opacity: ".5",
      }),
    );
  scaled.push(el("rect", { width: W, height: HH, fill: "url(#c)" }));
  scaled.push(el("rect", { width: W, height: HH, fill: "url(#v)" }));
  const starsEl = el("path", {
    d: dots(o.stars),
    stroke: o.pal.light,
    "stroke-width": num(scale * 0.9),
    "stroke-linecap": "round",
    opacity: ".6",
  });
  const [skyRect, ...rest] = scaled;
  const inner = `${skyRect ?? ""}`;
  return max
    ? el("g", { transform: "scale(3)" }, inner) +
        starsEl +
        el("g", { transform: "scale(3)" }, rest.join(""))
    : inner + starsEl + rest.join("");
}
