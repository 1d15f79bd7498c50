/**
 * Painting a card's picture (card-art.ts): the glow behind the subject, the
 * silhouette (a rim in the light's colour shifted towards the light, the dark
 * body on top, then its details and glowing bits), the props' colours, and
 * the finish (motes in the light, rarity sparkles and edge, the grade and
 * vignette, stars in output pixels, the max variant's scale).
 */

import type { Rng } from "../shared/rng.ts";
import { HH, type Light, W } from "./card-setting.ts";
import type { Sil } from "./figure-kit.ts";
import { GOLD, GOLD_LIGHT, mix, type Palette } from "./palette.ts";
import { dots, path, sparkle } from "./path.ts";
import { el, num } from "./svg.ts";

/** Colour of blood and of poison, whatever the faction. */
export const BLOOD = "#ff2f48";
const VENOM = "#8dff5a";
const LEAF = "#9dffb0";

/** How the figure is painted: its body colour and the colour of its glowing bits. */
export interface FigureColours {
  dark: string;
  glowFill: string;
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
  // the silhouette: a rim in the light's colour shifted towards the light, the dark body on top
  const parts: string[] = [];
  if (!sil.fill.empty) parts.push(el("path", { d: sil.fill.toString() }));
  for (const [w, p] of [...sil.strokes.entries()].sort(([a], [b]) => a - b)) {
    if (!p.empty)
      parts.push(el("path", { d: p.toString(), fill: "none", "stroke-width": num(w, 1) }));
  }
  if (parts.length > 0) {
    defs = el(
      "g",
      { id: "f", "stroke-linecap": "round", "stroke-linejoin": "round" },
      parts.join(""),
    );
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
    body.push(el("use", { href: "#f", fill: "url(#fb)", stroke: "url(#fb)" }));
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
