/**
 * How the world map is painted: its gradients and textures, the sea and the
 * land with the chapters' tinted regions, the marks on open ground, the relief
 * (mountains, rocks, forests, graves, houses, the temple) and the gold frame.
 */

import { GOLD, GOLD_DARK, NIGHT_DEEP, PALETTES } from "../palette.ts";
import { path } from "../path.ts";
import { el, stops } from "../svg.ts";
import { blobGradient, cloudPattern, grainPattern } from "../texture.ts";
import type { Mountains } from "./features.ts";
import { MAP_H, MAP_W, spot } from "./geography.ts";

const W = MAP_W;
const H = MAP_H;

/** Each chapter's region: its spot, tint and the ellipse's radii. */
const REGIONS = (
  [
    ["elf", PALETTES.elf.ink, 240, 190],
    ["gabby", PALETTES.undead.ink, 210, 150],
    ["kailis", PALETTES.thief.ink, 200, 150],
    ["kailis2", "#e08a78", 220, 160],
    ["tower", PALETTES.tower.ink, 200, 160],
    ["tower2", PALETTES.demon.ink, 240, 190],
    ["troll", PALETTES.troll.ink, 220, 160],
    ["vampires", PALETTES.vampire.ink, 230, 180],
  ] as const
).map(([k, c, rx, ry]) => ({ k, c, rx, ry }));

const tint = (id: string, colour: string): string =>
  el(
    "radialGradient",
    { id },
    stops([
      [0, colour, 0.7],
      [0.55, colour, 0.3],
      [1, colour, 0],
    ]),
  );

/** Gradients, the land's clip, a blur and the baked textures; then the icons' own defs. */
export function mapDefs(landD: string, iconDefs: string): string {
  return (
    el(
      "radialGradient",
      { id: "sea", cx: ".35", cy: ".7", r: ".9" },
      stops([
        [0, "#2e175a"],
        [0.55, "#1a0c36"],
        [1, "#0a0416"],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "land", x2: ".2", y2: "1" },
      stops([
        [0, "#54426a"],
        [0.5, "#3e2e54"],
        [1, "#2c1f3e"],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "vg", r: ".78" },
      stops([
        [0.62, NIGHT_DEEP, 0],
        [1, NIGHT_DEEP, 0.85],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "lv" },
      stops([
        [0, "#ffb040", 0.75],
        [1, "#ff5020", 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "cg" },
      stops([
        [0, "#ff3a5a", 0.8],
        [1, "#ff3a5a", 0],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "vo", x2: "0", y2: "1" },
      stops([
        [0, "#5a2a22"],
        [1, "#24100c"],
      ]),
    ) +
    REGIONS.map((r) => tint(`r${r.k}`, r.c)).join("") +
    el("clipPath", { id: "lc" }, el("path", { d: landD })) +
    el(
      "filter",
      { id: "b", x: "-50%", y: "-50%", width: "200%", height: "200%" },
      el("feGaussianBlur", { stdDeviation: "4" }),
    ) +
    // texture without feTurbulence (see texture.ts): grain tile, soft blobs
    grainPattern("n", "world-map") +
    // mottling: turbulence at .012 (83 px cells, 3 octaves) baked into a tile
    cloudPattern(
      "mt",
      {
        seed: "world-map-mottle",
        size: 160,
        cells: 5,
        octaves: 3,
        colour: "#1a0d33",
        gain: 1.4,
        bias: -0.55,
      },
      2.6,
    ) +
    blobGradient("cl", "#d8c8f0") +
    iconDefs
  );
}

/** The sea with its waves, the shallow-water glow, a pale shore line, then the tinted land. */
export function seaAndLand(waves: string, landD: string): string {
  const regions = REGIONS.map((r) => ({ ...r, ...spot(r.k) }));
  return [
    el("rect", { width: W, height: H, fill: "url(#sea)" }),
    el("rect", { width: W, height: H, fill: "url(#mt)", opacity: ".45" }),
    el("path", {
      d: waves,
      fill: "none",
      stroke: "#9a72d8",
      "stroke-width": "2",
      opacity: ".4",
      "stroke-linecap": "round",
    }),
    el(
      "g",
      { fill: "none", stroke: "#7a58c0", "stroke-linejoin": "round" },
      el("path", { d: landD, "stroke-width": "56", opacity: ".08" }) +
        el("path", { d: landD, "stroke-width": "38", opacity: ".1" }) +
        el("path", { d: landD, "stroke-width": "22", opacity: ".12" }),
    ),
    el("path", { d: landD, fill: "none", stroke: "#b89ae8", "stroke-width": "9", opacity: ".35" }),
    el("path", { d: landD, fill: "url(#land)" }),
    el(
      "g",
      { "clip-path": "url(#lc)" },
      regions
        .map((r) => el("ellipse", { cx: r.x, cy: r.y, rx: r.rx, ry: r.ry, fill: `url(#r${r.k})` }))
        .join("") +
        el("rect", { width: W, height: H, fill: "url(#mt)", opacity: ".6" }) +
        el(
          "g",
          { fill: "none", stroke: "#140a22", "stroke-linejoin": "round" },
          el("path", { d: landD, "stroke-width": "26", opacity: ".12" }) +
            el("path", { d: landD, "stroke-width": "16", opacity: ".16" }) +
            el("path", { d: landD, "stroke-width": "7", opacity: ".2" }),
        ),
    ),
    el("path", { d: landD, fill: "none", stroke: "#140a22", "stroke-width": "2.5" }),
  ].join("");
}

/** Hill marks on open land and the heretics' dunes. */
export function groundMarks(marks: string, dunes: string): string {
  return (
    el("path", {
      d: marks,
      fill: "none",
      stroke: "#1e1430",
      "stroke-width": "2",
      opacity: ".5",
      "stroke-linecap": "round",
    }) +
    el("path", {
      d: dunes,
      fill: "none",
      stroke: "#f0b89a",
      "stroke-width": "2",
      opacity: ".45",
      "stroke-linecap": "round",
    })
  );
}

export interface Relief {
  mountains: Mountains;
  rocks: string;
  trees: string;
  deadTrees: string;
  stones: string;
  houses: string;
  windows: string;
  temple: string;
}

/** Mountains, the troll's rocks, forests, graves, the harbour's houses and the temple. */
export function relief(r: Relief): string {
  const m = r.mountains;
  return [
    el("path", { d: m.light.toString(), fill: "#75648c" }),
    el("path", { d: m.dark.toString(), fill: "#2c2040" }),
    el("path", { d: m.snow.toString(), fill: "#ece4f8", opacity: ".9" }),
    el("path", {
      d: `${m.light}${m.dark}`,
      fill: "none",
      stroke: "#140a22",
      "stroke-width": "1.6",
      "stroke-linejoin": "round",
    }),
    el("path", { d: r.rocks, fill: "#5e5470", stroke: "#140a22", "stroke-width": "1.5" }),
    el("path", {
      d: r.rocks,
      fill: "#a898c0",
      opacity: ".35",
      transform: "translate(-1 -1.5)",
      "clip-path": "url(#lc)",
    }),
    el("path", {
      d: r.trees,
      fill: "#1f5a44",
      stroke: "#0a1a14",
      "stroke-width": "1.2",
      "stroke-linejoin": "round",
    }),
    el("path", {
      d: r.trees,
      fill: "#7dffc0",
      opacity: ".2",
      transform: "translate(-1.5 -1)",
    }),
    el("path", { d: r.deadTrees, fill: "#1a0610" }),
    el("path", { d: r.stones, fill: "#9aa494", stroke: "#141a12", "stroke-width": "1.2" }),
    el("path", { d: r.houses, fill: "#4a3422", stroke: "#120a06", "stroke-width": "1.2" }),
    el("path", { d: r.windows, fill: "#ffc86a" }),
    el("path", {
      d: r.temple,
      fill: "#3a2030",
      stroke: "#f0b89a",
      "stroke-width": "1.2",
      "stroke-opacity": ".6",
    }),
  ].join("");
}

/** Grain and vignette over everything, then the frame: a dark band, two gold lines, corner diamonds. */
export function finish(): string {
  return [
    el("rect", { width: W, height: H, fill: "url(#n)", opacity: ".12" }),
    el("rect", { width: W, height: H, fill: "url(#vg)" }),
    el("rect", {
      x: "6",
      y: "6",
      width: W - 12,
      height: H - 12,
      fill: "none",
      stroke: "#0a0412",
      "stroke-width": "12",
    }),
    el("rect", {
      x: "12",
      y: "12",
      width: W - 24,
      height: H - 24,
      fill: "none",
      stroke: GOLD,
      "stroke-width": "3",
    }),
    el("rect", {
      x: "20",
      y: "20",
      width: W - 40,
      height: H - 40,
      fill: "none",
      stroke: GOLD_DARK,
      "stroke-width": "1.5",
    }),
    el("path", {
      d: path()
        .poly([
          [16, 0],
          [32, 16],
          [16, 32],
          [0, 16],
        ])
        .poly([
          [W - 16, 0],
          [W, 16],
          [W - 16, 32],
          [W - 32, 16],
        ])
        .poly([
          [16, H - 32],
          [32, H - 16],
          [16, H],
          [0, H - 16],
        ])
        .poly([
          [W - 16, H - 32],
          [W, H - 16],
          [W - 16, H],
          [W - 32, H - 16],
        ])
        .toString(),
      fill: GOLD,
      stroke: "#2a1206",
      "stroke-width": "2",
    }),
  ].join("");
}
