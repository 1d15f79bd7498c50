/** The two battle backgrounds, 1600 x 900. */

import { Rng } from "../../shared/rng.ts";
import { iconPath } from "../icons.ts";
import { GOLD, GOLD_DARK, NIGHT_DEEP, PALETTES, type Palette } from "../palette.ts";
import { path } from "../path.ts";
import { type Layer, nearScenery, ridge } from "../scenery.ts";
import { el, num, stops, svgDoc } from "../svg.ts";
import { cloudPattern, grainPattern } from "../texture.ts";
import { starDots } from "./common.ts";

const W = 1600;
const H = 900;
const HORIZON = 300;
/** The vanishing point of the floor. */
const VX = 800;
const VY = 120;
const BRAZIERS = [
  [230, 560],
  [1370, 560],
] as const;

/** Floor tiles in perspective: rays from the vanishing point, rows closer near the horizon. */
function floorTiles(): string {
  const tiles = path();
  for (let i = -14; i <= 14; i++) {
    const x = VX + i * 160;
    const t = (HORIZON - VY) / (H - VY);
    tiles.M(VX + (x - VX) * t, HORIZON).L(x, H);
  }
  for (let j = 1; j < 9; j++) {
    const f = (j / 9) ** 1.8;
    const y = HORIZON + (H - HORIZON) * f;
    tiles.M(0, y).L(W, y);
  }
  return tiles.toString();
}

/** The duelling circle on the floor: two gold rings and a band of rune ticks. */
function duelCircle(): string {
  const ring = (ry: number, rx: number): string =>
    el("ellipse", { cx: VX, cy: "610", rx: num(rx), ry: num(ry) });
  const runes = path(1);
  for (let i = 0; i < 36; i++) {
    const a = (i * Math.PI) / 18;
    runes
      .M(VX + Math.cos(a) * 470, 610 + Math.sin(a) * 152)
      .L(VX + Math.cos(a) * 500, 610 + Math.sin(a) * 162);
  }
  return el(
    "g",
    { fill: "none", stroke: GOLD, opacity: ".22" },
    el("g", { "stroke-width": "3" }, ring(152, 470) + ring(128, 400)) +
      el("path", { d: runes.toString(), "stroke-width": "2.5" }),
  );
}

/** The two braziers: their glows, stands and flames. */
function braziers(vamp: boolean): { glows: string; fire: string } {
  const flames = path(1);
  for (const [bx, by] of BRAZIERS) {
    flames
      .M(bx - 22, by)
      .Q(bx - 26, by - 40, bx - 4, by - 70)
      .Q(bx + 2, by - 40, bx + 12, by - 52)
      .Q(bx + 30, by - 30, bx + 22, by)
      .Z();
  }
  const stands = path();
  for (const [bx, by] of BRAZIERS) {
    stands
      .poly([
        [bx - 34, by],
        [bx + 34, by],
        [bx + 22, by + 22],
        [bx - 22, by + 22],
      ])
      .poly([
        [bx - 6, by + 22],
        [bx + 6, by + 22],
        [bx + 10, by + 150],
        [bx - 10, by + 150],
      ])
      .poly([
        [bx - 30, by + 150],
        [bx + 30, by + 150],
        [bx + 36, by + 162],
        [bx - 36, by + 162],
      ]);
  }
  const glows = BRAZIERS.map(([bx, by]) =>
    el("circle", { cx: bx, cy: by - 30, r: "180", fill: "url(#g)" }),
  ).join("");
  const fire =
    el("path", { d: stands.toString(), fill: "#0a0410", stroke: GOLD_DARK, "stroke-width": "2" }) +
    el("path", { d: flames.toString(), fill: vamp ? "#ff5a3a" : "#ffb050" }) +
    el("path", {
      d: flames.toString(),
      transform: "translate(0 14) scale(1 .97)",
      fill: "#fff0c0",
      opacity: ".55",
    });
  return { glows, fire };
}

/** A foreground column at one edge, with a hanging banner and a gold sigil. */
function column(x: number, flip: boolean): string {
  const cw = 70;
  const x0 = flip ? W - x - cw : x;
  const shaft = path()
    .poly([
      [x0 - 8, 0],
      [x0 + cw + 8, 0],
      [x0 + cw + 8, 34],
      [x0 + cw, 44],
      [x0 + cw, H - 70],
      [x0 + cw + 14, H - 50],
      [x0 + cw + 14, H],
      [x0 - 14, H],
      [x0 - 14, H - 50],
      [x0, H - 70],
      [x0, 44],
      [x0 - 8, 34],
    ])
    .toString();
  const bx = x0 + (flip ? -64 : cw + 8);
  const banner = path()
    .poly([
      [bx, 60],
      [bx + 56, 60],
      [bx + 56, 300],
      [bx + 28, 270],
      [bx, 300],
    ])
    .toString();
  const sigil = path(1)
    .poly([
      [bx + 28, 130],
      [bx + 44, 160],
      [bx + 28, 190],
      [bx + 12, 160],
    ])
    .toString();
  return (
    el("path", { d: shaft, fill: "url(#col)", stroke: GOLD_DARK, "stroke-width": "2" }) +
    el("path", {
      d: `M${x0 + 12} 50V${H - 80}M${x0 + cw - 12} 50V${H - 80}`,
      stroke: "#000",
      "stroke-width": "3",
      opacity: ".35",
    }) +
    el("path", { d: banner, fill: "url(#ban)", stroke: GOLD, "stroke-width": "2.5" }) +
    el("path", { d: sigil, fill: GOLD, stroke: "#2a1206", "stroke-width": "2" })
  );
}

/** Five bats across the vampire sky (none on the default backdrop). */
function batFlock(rng: Rng, vamp: boolean): string {
  if (!vamp) return "";
  return [0, 1, 2, 3, 4]
    .map(() =>
      el("use", {
        href: "#t",
        transform: `translate(${num(rng.range(100, 1450))} ${num(rng.range(30, 200))}) scale(${num(rng.range(0.06, 0.12), 3)})`,
        fill: "#12020a",
      }),
    )
    .join("");
}

/** Gradients of the sky, the floor, the glows, the moon, the vignette and the fog. */
function lightDefs(vamp: boolean, glow: string): string {
  const sky = vamp
    ? stops([
        [0, "#07020a"],
        [0.6, "#3a0618"],
        [1, "#6a1028"],
      ])
    : stops([
        [0, "#07030d"],
        [0.6, "#24123f"],
        [1, "#4a2a6a"],
      ]);
  return (
    el("linearGradient", { id: "s", x2: "0", y2: "1" }, sky) +
    el(
      "linearGradient",
      { id: "fl", x2: "0", y2: "1" },
      stops([
        [0, vamp ? "#2a0a18" : "#2a1a44"],
        [1, vamp ? "#0e0208" : "#0c0618"],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "g" },
      stops([
        [0, vamp ? "#ff5a3a" : "#ffb050", 0.6],
        [1, vamp ? "#ff5a3a" : "#ffb050", 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "mo" },
      stops([
        [0, vamp ? "#ffd0c8" : "#f4e6ff", 0.9],
        [0.12, vamp ? "#ff4a5a" : "#c9a0ff", 0.45],
        [0.35, vamp ? "#ff4a5a" : "#c9a0ff", 0.16],
        [0.65, vamp ? "#ff4a5a" : "#c9a0ff", 0.04],
        [1, vamp ? "#ff4a5a" : "#c9a0ff", 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "v", r: ".8" },
      stops([
        [0.45, NIGHT_DEEP, 0],
        [1, NIGHT_DEEP, 0.9],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "fog", x2: "0", y2: "1" },
      stops([
        [0, glow, 0],
        [0.5, glow, 0.16],
        [1, glow, 0],
      ]),
    )
  );
}

/** Textures (grain, flagstones), the columns' and banners' gradients and the bat shape. */
function materialDefs(vamp: boolean): string {
  return (
    // texture without feTurbulence (see texture.ts): grain tile, flagstone blobs
    grainPattern("n", vamp ? "vampire-bg" : "default-bg") +
    // flagstone mottling: turbulence at .01 x .035 baked into a tile, stretched wide
    cloudPattern(
      "st",
      {
        seed: vamp ? "vampire-bg-floor" : "default-bg-floor",
        size: 128,
        cells: 4,
        octaves: 3,
        colour: vamp ? "#59142a" : "#4d3373",
        gain: 2.2,
        bias: -0.75,
      },
      3.1,
      0.9,
    ) +
    el(
      "linearGradient",
      { id: "col", x2: "1" },
      stops([
        [0, "#05020a"],
        [0.45, vamp ? "#2a0a18" : "#241238"],
        [1, "#05020a"],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "ban", x2: "0", y2: "1" },
      stops([
        [0, vamp ? "#7a0a24" : "#4a1f80"],
        [1, vamp ? "#3a0412" : "#24103e"],
      ]),
    ) +
    (vamp ? el("path", { id: "t", d: iconPath("bat", 3) }) : "")
  );
}

/** The sky down to the horizon: stars, the moon, bats, ridges and the far skyline. */
function skyline(rng: Rng, vamp: boolean, pal: Palette, far: Layer, bats: string): string {
  const moonX = vamp ? 1180 : 420;
  return (
    el("rect", { width: W, height: H, fill: "url(#s)" }) +
    el("path", {
      d: starDots(rng, 120, W, HORIZON),
      stroke: pal.light,
      "stroke-width": "1.6",
      "stroke-linecap": "round",
      opacity: ".5",
    }) +
    el("circle", { cx: moonX, cy: "110", r: "420", fill: "url(#mo)" }) +
    el("circle", {
      cx: moonX,
      cy: "110",
      r: "58",
      fill: vamp ? "#e8404a" : "#efe2ff",
      opacity: ".95",
    }) +
    bats +
    el("path", { d: ridge(rng, W, H, HORIZON - 20, 120, 10), fill: pal.shade, opacity: ".7" }) +
    el(
      "g",
      { transform: `translate(${vamp ? 450 : 470} 0)` },
      el("path", { d: far.d, fill: pal.land }) +
        (far.lights
          ? el("path", { d: far.lights, fill: vamp ? "#ff6a4a" : "#ffc86a", opacity: ".9" })
          : ""),
    ) +
    el("path", { d: ridge(rng, W, H, HORIZON + 4, 40, 16), fill: pal.land })
  );
}

/** The paved floor: its gradient, flagstone mottling, tile joints, the duel circle and fog. */
function floor(pal: Palette): string {
  const tiles = floorTiles();
  return (
    el("rect", { y: num(HORIZON), width: W, height: num(H - HORIZON), fill: "url(#fl)" }) +
    el("rect", {
      y: num(HORIZON + 20),
      width: W,
      height: num(H - HORIZON - 20),
      fill: "url(#st)",
      opacity: ".28",
    }) +
    el("path", {
      d: tiles,
      stroke: "#000",
      "stroke-width": "3",
      opacity: ".35",
      fill: "none",
    }) +
    el("path", {
      d: tiles,
      transform: "translate(0 2)",
      stroke: pal.glow,
      "stroke-width": "1",
      opacity: ".07",
      fill: "none",
    }) +
    duelCircle() +
    el("rect", {
      y: num(HORIZON - 60),
      width: W,
      height: "140",
      fill: "url(#fog)",
    })
  );
}

/**
 * Battle background, 1600 x 900: a far skyline on top and a paved arena in
 * perspective below, kept low in contrast where the tables and hands sit.
 */
export function battleBgSvg(kind: "default" | "vampire"): string {
  const vamp = kind === "vampire";
  const pal = vamp ? PALETTES.vampire : PALETTES.neutral;
  const rng = new Rng(`battle:${kind}`);
  const far = vamp
    ? nearScenery("vampire", rng, 700, H, HORIZON, 60)
    : nearScenery("tower", rng, 700, H, HORIZON, 48);
  const bats = batFlock(rng, vamp);
  const defs = lightDefs(vamp, pal.glow) + materialDefs(vamp);
  const fire = braziers(vamp);
  const body =
    skyline(rng, vamp, pal, far, bats) +
    floor(pal) +
    fire.glows +
    column(0, false) +
    column(0, true) +
    fire.fire +
    el("rect", { width: W, height: H, fill: "url(#n)", opacity: ".1" }) +
    el("rect", { width: W, height: H, fill: "url(#v)" });
  return svgDoc(W, H, el("defs", {}, defs) + body, vamp ? "Vampire battle" : "Battle");
}
