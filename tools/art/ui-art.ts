/**
 * UI art under /static/media/: logo, gem, chapter medallions, arena and chat
 * medallions, login backdrop, battle backgrounds, opponent portraits and the
 * two card boxes. The world map has its own file (world-map.ts).
 */

import { Rng } from "../shared/rng.ts";
import { dots, sparkle } from "./card-art.ts";
import { iconPath } from "./icons.ts";
import { wordPath } from "./letters.ts";
import { paintIcon } from "./paint.ts";
import {
  GOLD,
  GOLD_DARK,
  GOLD_LIGHT,
  NEBULA,
  NIGHT,
  NIGHT_DEEP,
  PALETTES,
  type Palette,
  paletteOf,
} from "./palette.ts";
import { path } from "./path.ts";
import { hasMoon, hills, nearScenery, ridge } from "./scenery.ts";
import { el, num, stops, svgDoc } from "./svg.ts";
import { cloudPattern, grainPattern } from "./texture.ts";
import type { Faction } from "./types.ts";

/** A metal gold gradient (vertical, with a bright band) under the given id. */
export function goldGradient(id: string, attrs: Record<string, string> = {}): string {
  return el(
    "linearGradient",
    { id, x2: "0", y2: "1", ...attrs },
    stops([
      [0, GOLD_LIGHT],
      [0.3, GOLD],
      [0.55, GOLD_DARK],
      [0.72, "#d8a848"],
      [1, "#5a3a10"],
    ]),
  );
}

const blurFilter = (id: string, sd: number): string =>
  el(
    "filter",
    { id, x: "-50%", y: "-50%", width: "200%", height: "200%" },
    el("feGaussianBlur", { stdDeviation: num(sd) }),
  );

const grainFilter = (id: string, freq: number, seed: number): string =>
  el(
    "filter",
    { id },
    el("feTurbulence", { type: "fractalNoise", baseFrequency: num(freq, 3), numOctaves: 2, seed }) +
      el("feColorMatrix", { values: "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2.2 0 0 0 -1.05" }),
  );

const wobbleFilter = (id: string, freq: number, scale: number, seed: number): string =>
  el(
    "filter",
    { id },
    el("feTurbulence", { type: "fractalNoise", baseFrequency: num(freq, 3), numOctaves: 2, seed }) +
      el("feDisplacementMap", { in: "SourceGraphic", scale: num(scale) }),
  );

function starDots(rng: Rng, n: number, w: number, h: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) pts.push([rng.range(0, w), rng.range(0, h)]);
  return dots(pts);
}

// ---------------------------------------------------------------- logo

export function logoSvg(): string {
  const { d, width } = wordPath("CARDREALM");
  const pad = 40;
  const w = width + pad * 2;
  const h = 200;
  const top = 36;
  const t = `translate(${pad} ${top})`;
  const mid = w / 2;
  const orn = path()
    .M(pad + 40, 158)
    .L(mid - 34, 158)
    .M(mid + 34, 158)
    .L(w - pad - 40, 158)
    .toString();
  const diamonds = path()
    .poly([
      [mid, 144],
      [mid + 22, 158],
      [mid, 172],
      [mid - 22, 158],
    ])
    .poly([
      [pad + 26, 152],
      [pad + 38, 158],
      [pad + 26, 164],
      [pad + 14, 158],
    ])
    .poly([
      [w - pad - 26, 152],
      [w - pad - 14, 158],
      [w - pad - 26, 164],
      [w - pad - 38, 158],
    ])
    .toString();
  const defs =
    goldGradient("g", {
      gradientUnits: "userSpaceOnUse",
      x1: "0",
      y1: String(top),
      x2: "0",
      y2: String(top + 100),
    }) +
    el(
      "radialGradient",
      { id: "h" },
      stops([
        [0, NEBULA, 0.55],
        [1, NEBULA, 0],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "r", x2: "0", y2: "1" },
      stops([
        [0, "#ff5a8a"],
        [1, "#7a1040"],
      ]),
    ) +
    blurFilter("b", 6);
  const body =
    el("ellipse", { cx: num(mid), cy: "90", rx: num(w * 0.48), ry: "80", fill: "url(#h)" }) +
    el("path", {
      d,
      transform: `translate(${pad + 3} ${top + 6})`,
      fill: "none",
      stroke: "#000",
      "stroke-width": "22",
      opacity: ".6",
      filter: "url(#b)",
    }) +
    el("path", { d, transform: t, fill: "none", stroke: "#1a0826", "stroke-width": "22" }) +
    el("path", { d, transform: t, fill: "none", stroke: "url(#g)", "stroke-width": "15" }) +
    el("path", {
      d,
      transform: `translate(${pad - 1} ${top - 1})`,
      fill: "none",
      stroke: GOLD_LIGHT,
      "stroke-width": "2",
      opacity: ".55",
    }) +
    el("path", { d: orn, stroke: "#1a0826", "stroke-width": "8" }) +
    el("path", { d: orn, stroke: GOLD, "stroke-width": "3" }) +
    el("path", { d: diamonds, fill: "url(#r)", stroke: GOLD, "stroke-width": "3" });
  return svgDoc(w, h, el("defs", {}, defs) + body, "Cardrealm");
}

// ---------------------------------------------------------------- gem

export function gemSvg(): string {
  const facets: Array<[string, ReadonlyArray<readonly [number, number]>]> = [
    [
      "#f3d2ff",
      [
        [20, 12],
        [44, 12],
        [39, 23],
        [25, 23],
      ],
    ],
    [
      "#d690ff",
      [
        [20, 12],
        [25, 23],
        [7, 23],
      ],
    ],
    [
      "#9b4fe0",
      [
        [44, 12],
        [57, 23],
        [39, 23],
      ],
    ],
    [
      "#b46cf0",
      [
        [7, 23],
        [25, 23],
        [32, 57],
      ],
    ],
    [
      "#7a30c8",
      [
        [25, 23],
        [39, 23],
        [32, 57],
      ],
    ],
    [
      "#4d1590",
      [
        [39, 23],
        [57, 23],
        [32, 57],
      ],
    ],
  ];
  const body =
    el("ellipse", { cx: "32", cy: "58", rx: "18", ry: "3", fill: "#000", opacity: ".35" }) +
    facets.map(([c, pts]) => el("path", { d: path().poly(pts).toString(), fill: c })).join("") +
    el("path", {
      d: path()
        .poly([
          [20, 12],
          [44, 12],
          [57, 23],
          [32, 57],
          [7, 23],
        ])
        .toString(),
      fill: "none",
      stroke: "#2a0850",
      "stroke-width": "2.2",
      "stroke-linejoin": "round",
    }) +
    el("path", { d: "M7 23h50", stroke: "#2a0850", "stroke-width": "1.2", opacity: ".6" }) +
    el("path", {
      d: "M24 15l-4 6",
      stroke: "#fff",
      "stroke-width": "2",
      "stroke-linecap": "round",
      opacity: ".85",
    }) +
    el("path", {
      d: (() => {
        const p = path(1);
        sparkle(p, 47, 10, 6);
        return p.toString();
      })(),
      fill: "#fff",
    });
  return svgDoc(64, 64, body, "Gems");
}

// ---------------------------------------------------------------- medallions

export interface MedallionSpec {
  icon: string;
  pal: Palette;
  /** Scenery inside the disc; "sea" draws waves. */
  scene: Faction | "sea";
  seed: string;
  title: string;
}

/** A round gold-rimmed medallion, 160 x 160: the map icons of chapters, arena and chat. */
export function medallionSvg(spec: MedallionSpec): string {
  const S = 160;
  const c = S / 2;
  const rng = new Rng(spec.seed);
  const pal = spec.pal;
  const k = 0.8;
  const painted = paintIcon({
    id: "m",
    icon: spec.icon,
    cx: c,
    cy: c - 2,
    size: 92,
    pal,
    k,
    blur: "b",
    step: 1.5,
    line: 3,
    mirror: false,
  });
  let scene = "";
  if (spec.scene === "sea") {
    const waves = path();
    for (let row = 0; row < 4; row++) {
      const y = 108 + row * 11;
      for (let x = 10 + (row % 2) * 9; x < S; x += 18)
        waves
          .M(x, y)
          .Q(x + 4.5, y - 5, x + 9, y)
          .Q(x + 13.5, y - 5, x + 18, y);
    }
    scene =
      el("path", { d: `M0 104h${S}v${S}H0z`, fill: pal.land }) +
      el("path", {
        d: waves.toString(),
        fill: "none",
        stroke: pal.glow,
        "stroke-width": "1.6",
        opacity: ".5",
      });
  } else {
    const near = nearScenery(spec.scene, rng, S, S, 124, 24);
    scene =
      el("path", { d: ridge(rng, S, S, 112, 26, 5), fill: pal.shade, opacity: ".6" }) +
      el("path", { d: near.d, fill: pal.land }) +
      (near.lights ? el("path", { d: near.lights, fill: pal.glow, opacity: ".8" }) : "");
  }
  const beads = path(1);
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8;
    const x = c + Math.cos(a) * 73;
    const y = c + Math.sin(a) * 73;
    beads.poly([
      [x, y - 2.6],
      [x + 2.6, y],
      [x, y + 2.6],
      [x - 2.6, y],
    ]);
  }
  const defs =
    goldGradient("gd") +
    el(
      "radialGradient",
      { id: "bg", cy: ".4", r: ".6" },
      stops([
        [0, pal.glow, 0.9],
        [0.35, pal.mid],
        [1, pal.deep],
      ]),
    ) +
    el("clipPath", { id: "dc" }, el("circle", { cx: c, cy: c, r: "64" })) +
    el(
      "linearGradient",
      { id: "gl", x2: "0", y2: "1" },
      stops([
        [0, "#fff", 0.35],
        [1, "#fff", 0],
      ]),
    ) +
    blurFilter("b", 3) +
    painted.defs;
  const body =
    el("circle", { cx: c, cy: c + 3, r: "78", fill: "#000", opacity: ".45", filter: "url(#b)" }) +
    el("circle", {
      cx: c,
      cy: c,
      r: "77",
      fill: "url(#gd)",
      stroke: "#2a1206",
      "stroke-width": "2",
    }) +
    el("circle", {
      cx: c,
      cy: c,
      r: "69",
      fill: "none",
      stroke: "#3a1a08",
      "stroke-width": "2.5",
      opacity: ".8",
    }) +
    el("path", { d: beads.toString(), fill: GOLD_LIGHT, stroke: "#5a3a10", "stroke-width": ".8" }) +
    el(
      "g",
      { "clip-path": "url(#dc)" },
      el("rect", { width: S, height: S, fill: "url(#bg)" }) +
        el("path", {
          d: starDots(rng, 10, S, 70),
          stroke: pal.light,
          "stroke-width": "1.2",
          "stroke-linecap": "round",
          opacity: ".6",
        }) +
        scene +
        painted.body +
        el("ellipse", { cx: c, cy: "40", rx: "52", ry: "26", fill: "url(#gl)" }),
    ) +
    el("circle", { cx: c, cy: c, r: "64", fill: "none", stroke: "#1a0a04", "stroke-width": "3" });
  return svgDoc(S, S, el("defs", {}, defs) + body, spec.title);
}

/** Map icon key (content MAP_ICONS) to what its medallion shows. */
export const CHAPTER_MEDALLIONS: Record<
  string,
  { icon: string; scene: Faction | "sea"; faction: Faction; title: string }
> = {
  promo: { icon: "galleon", scene: "sea", faction: "tower", title: "Sea Adventures" },
  elf: { icon: "woman-elf-face", scene: "elf", faction: "elf", title: "Elven Wisdom" },
  gabby: {
    icon: "shambling-zombie",
    scene: "undead",
    faction: "undead",
    title: "The Zombie Chapter",
  },
  kailis: { icon: "hooded-assassin", scene: "thief", faction: "thief", title: "Master Thief" },
  kailis2: { icon: "medusa-head", scene: "heretic", faction: "heretic", title: "Heretic" },
  tower: { icon: "white-tower", scene: "tower", faction: "tower", title: "The Tower" },
  tower2: { icon: "devil-mask", scene: "demon", faction: "demon", title: "Demon Hunter" },
  troll: { icon: "troll", scene: "troll", faction: "troll", title: "Troll Queen" },
  vampires: { icon: "vampire-dracula", scene: "vampire", faction: "vampire", title: "Vampires" },
};

export function chapterMedallion(key: string): string {
  const spec = CHAPTER_MEDALLIONS[key];
  if (!spec) throw new Error(`no medallion for map icon "${key}"`);
  return medallionSvg({
    icon: spec.icon,
    pal: PALETTES[spec.faction],
    scene: spec.scene,
    seed: `chapter:${key}`,
    title: spec.title,
  });
}

const ARENA_PAL: Palette = { ...PALETTES.demon, glow: "#ffb040", mid: "#5a1a2a" };

export function arenaSvg(): string {
  return medallionSvg({
    icon: "crossed-swords",
    pal: ARENA_PAL,
    scene: "neutral",
    seed: "arena",
    title: "Arena",
  });
}

export function chatSvg(): string {
  return medallionSvg({
    icon: "conversation",
    pal: PALETTES.neutral,
    scene: "neutral",
    seed: "chat",
    title: "Community chat",
  });
}

// ---------------------------------------------------------------- portraits

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

// ---------------------------------------------------------------- boxes

/** A foil booster pack, 300 x 420, with crimped ends, a gold frame and an emblem. */
export function boxSvg(kind: "default" | "vampire"): string {
  const W = 300;
  const H = 420;
  const vamp = kind === "vampire";
  const pal = vamp ? PALETTES.vampire : PALETTES.neutral;
  const rng = new Rng(`box:${kind}`);
  const crimp = (y: number, dir: 1 | -1): [number, number][] => {
    const pts: [number, number][] = [];
    for (let x = 14; x <= W - 14; x += 8) pts.push([x, y + ((x / 8) % 2 === 0 ? 0 : dir * 5)]);
    return pts;
  };
  const top = crimp(12, 1);
  const bottom = crimp(H - 12, -1).reverse();
  const outline = path()
    .poly([...top, [W - 16, 40], [W - 16, H - 40], ...bottom, [16, H - 40], [16, 40]])
    .toString();
  const { d: word, width: wordW } = wordPath("CARDREALM", 12);
  const ws = 196 / wordW;
  const painted = paintIcon({
    id: "e",
    icon: vamp ? "vampire-dracula" : "dragon-head",
    cx: W / 2,
    cy: 214,
    size: 150,
    pal,
    k: 1.4,
    blur: "b",
    step: 1,
    line: 2,
  });
  const sealRing = path(1)
    .circle(W / 2, 214, 92)
    .toString();
  const rays = path(1);
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8 + 0.1;
    rays.poly([
      [W / 2, 214],
      [W / 2 + Math.cos(a - 0.06) * 260, 214 + Math.sin(a - 0.06) * 260],
      [W / 2 + Math.cos(a + 0.06) * 260, 214 + Math.sin(a + 0.06) * 260],
    ]);
  }
  const defs =
    el(
      "linearGradient",
      { id: "body", x2: ".4", y2: "1" },
      stops([
        [0, pal.mid],
        [0.5, vamp ? "#2a0614" : NIGHT],
        [1, pal.deep],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "foil", x1: "0", y1: "0", x2: "1", y2: "1" },
      stops([
        [0.3, "#fff", 0],
        [0.45, "#fff", 0.22],
        [0.52, "#fff", 0.05],
        [0.6, "#fff", 0.16],
        [0.75, "#fff", 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "g" },
      stops([
        [0, pal.glow, 0.7],
        [1, pal.glow, 0],
      ]),
    ) +
    goldGradient("gd") +
    el("clipPath", { id: "c" }, el("path", { d: outline })) +
    blurFilter("b", 5) +
    grainFilter("n", 0.8, vamp ? 5 : 4) +
    painted.defs;
  const body =
    el("path", {
      d: outline,
      transform: "translate(6 8)",
      fill: "#000",
      opacity: ".45",
      filter: "url(#b)",
    }) +
    el(
      "g",
      { "clip-path": "url(#c)" },
      el("rect", { width: W, height: H, fill: "url(#body)" }) +
        el("path", { d: rays.toString(), fill: pal.glow, opacity: ".08" }) +
        el("path", {
          d: starDots(rng, 40, W, H),
          stroke: pal.light,
          "stroke-width": "1.4",
          "stroke-linecap": "round",
          opacity: ".5",
        }) +
        el("circle", { cx: W / 2, cy: "214", r: "120", fill: "url(#g)" }) +
        el("path", { d: hills(rng, W, H, 330, 30, 3), fill: pal.land, opacity: ".8" }) +
        el("path", { d: "M0 0h300v50H0zM0 376h300v44H0z", fill: "url(#gd)" }) +
        el("path", { d: "M0 50h300M0 376h300", stroke: "#2a1206", "stroke-width": "3" }) +
        el("path", {
          d: word,
          transform: `translate(${num((W - 196) / 2)} 21) scale(${num(ws, 4)})`,
          fill: "none",
          stroke: "#2a1206",
          "stroke-width": "24",
        }) +
        el("path", {
          d: word,
          transform: `translate(${num((W - 196) / 2)} 21) scale(${num(ws, 4)})`,
          fill: "none",
          stroke: GOLD_LIGHT,
          "stroke-width": "14",
        }) +
        el("rect", {
          x: "28",
          y: "56",
          width: "244",
          height: "308",
          rx: "10",
          fill: "none",
          stroke: GOLD,
          "stroke-width": "2.5",
          opacity: ".8",
        }) +
        el("path", {
          d: sealRing,
          fill: pal.deep,
          opacity: ".55",
          stroke: GOLD,
          "stroke-width": "3",
        }) +
        painted.body +
        el("path", {
          d: (() => {
            const p = path(1);
            for (let i = 0; i < 6; i++)
              sparkle(p, rng.range(40, 260), rng.range(70, 350), rng.range(3, 7));
            return p.toString();
          })(),
          fill: GOLD_LIGHT,
        }) +
        el("path", {
          d: (() => {
            const p = path();
            for (let i = 0; i < 5; i++) {
              const x = 40 + i * 55;
              p.poly([
                [x, 388],
                [x + 6, 396],
                [x, 404],
                [x - 6, 396],
              ]);
            }
            return p.toString();
          })(),
          fill: vamp ? "#ff3a5a" : "#b48ae8",
          stroke: "#2a1206",
          "stroke-width": "1.5",
        }) +
        el("rect", { width: W, height: H, fill: "url(#foil)" }) +
        el("rect", { width: W, height: H, filter: "url(#n)", opacity: ".15" }),
    ) +
    el("path", { d: outline, fill: "none", stroke: "#1a0a04", "stroke-width": "2.5" });
  return svgDoc(W, H, el("defs", {}, defs) + body, vamp ? "Vampire box" : "Default box");
}

// ---------------------------------------------------------------- backdrops

/** Login backdrop, 1600 x 900: moonlit ridges, a castle on a crag, mist and embers. */
export function loginBgSvg(): string {
  const W = 1600;
  const H = 900;
  const rng = new Rng("login");
  const castle = nearScenery("vampire", rng, 420, H, 520, 70);
  const crag = path()
    .M(1020, H)
    .L(1080, 640)
    .L(1130, 590)
    .L(1180, 530)
    .L(1420, 520)
    .L(1470, 600)
    .L(1520, 660)
    .L(1600, 700)
    .L(1600, H)
    .Z()
    .toString();
  const embers: [number, number][] = [];
  for (let i = 0; i < 70; i++) embers.push([rng.range(0, W), rng.range(380, H)]);
  const sparks = path(1);
  for (let i = 0; i < 14; i++) sparkle(sparks, rng.range(0, W), rng.range(0, 420), rng.range(3, 8));
  const dragon = iconPath("evil-bat", 2);
  const defs =
    el(
      "linearGradient",
      { id: "s", x2: "0", y2: "1" },
      stops([
        [0, "#07030d"],
        [0.45, "#2a1450"],
        [0.75, "#4a2470"],
        [1, "#12081f"],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "m" },
      stops([
        [0, "#f4e6ff", 0.85],
        [0.12, "#d8b8ff", 0.5],
        [0.4, NEBULA, 0.18],
        [1, NEBULA, 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "v", r: ".75" },
      stops([
        [0.5, NIGHT_DEEP, 0],
        [1, NIGHT_DEEP, 0.95],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "f", x2: "0", y2: "1" },
      stops([
        [0, "#b48ae8", 0],
        [0.5, "#b48ae8", 0.18],
        [1, "#b48ae8", 0],
      ]),
    ) +
    grainPattern("n", "login") +
    el("path", { id: "d", d: dragon });
  const body =
    el("rect", { width: W, height: H, fill: "url(#s)" }) +
    el("path", {
      d: starDots(rng, 160, W, 520),
      stroke: "#e8dcff",
      "stroke-width": "1.8",
      "stroke-linecap": "round",
      opacity: ".6",
    }) +
    el("path", { d: sparks.toString(), fill: "#f4eaff", opacity: ".8" }) +
    el("circle", { cx: "1250", cy: "250", r: "420", fill: "url(#m)" }) +
    el("circle", { cx: "1250", cy: "250", r: "86", fill: "#f1e4ff" }) +
    el("circle", { cx: "1226", cy: "232", r: "18", fill: "#d8c4f0", opacity: ".7" }) +
    el("circle", { cx: "1282", cy: "282", r: "12", fill: "#d8c4f0", opacity: ".6" }) +
    el("use", {
      href: "#d",
      transform: "translate(560 120) scale(.32)",
      fill: "#12081f",
      opacity: ".85",
    }) +
    el("path", { d: ridge(rng, W, H, 560, 200, 9), fill: "#2a1650", opacity: ".85" }) +
    el("rect", { y: "480", width: W, height: "160", fill: "url(#f)" }) +
    el("path", { d: ridge(rng, W, H, 660, 150, 11), fill: "#1c0e36" }) +
    el(
      "g",
      { transform: "translate(1090 40)" },
      el("path", { d: castle.d, fill: "#0e0620" }) +
        (castle.lights ? el("path", { d: castle.lights, fill: "#ffb84a" }) : ""),
    ) +
    el("path", { d: crag, fill: "#0e0620" }) +
    el("rect", { y: "660", width: W, height: "140", fill: "url(#f)" }) +
    el("path", { d: ridge(rng, W, H, 790, 110, 8), fill: "#0a0416" }) +
    el("path", {
      d: dots(embers),
      stroke: GOLD,
      "stroke-width": "2.6",
      "stroke-linecap": "round",
      opacity: ".55",
    }) +
    el("rect", { width: W, height: H, fill: "url(#n)", opacity: ".12" }) +
    el("rect", { width: W, height: H, fill: "url(#v)" });
  return svgDoc(W, H, el("defs", {}, defs) + body, "Cardrealm");
}

/**
 * Battle background, 1600 x 900: a far skyline on top and a paved arena in
 * perspective below, kept low in contrast where the tables and hands sit.
 */
export function battleBgSvg(kind: "default" | "vampire"): string {
  const W = 1600;
  const H = 900;
  const vamp = kind === "vampire";
  const pal = vamp ? PALETTES.vampire : PALETTES.neutral;
  const rng = new Rng(`battle:${kind}`);
  const horizon = 300;
  const vx = 800;
  const vy = 120;
  // floor tiles in perspective: rays from the vanishing point and rows getting closer near the horizon
  const tiles = path();
  for (let i = -14; i <= 14; i++) {
    const x = vx + i * 160;
    const t = (horizon - vy) / (H - vy);
    tiles.M(vx + (x - vx) * t, horizon).L(x, H);
  }
  for (let j = 1; j < 9; j++) {
    const f = (j / 9) ** 1.8;
    const y = horizon + (H - horizon) * f;
    tiles.M(0, y).L(W, y);
  }
  const ring = (ry: number, rx: number): string =>
    el("ellipse", { cx: vx, cy: "610", rx: num(rx), ry: num(ry) });
  const runes = path(1);
  for (let i = 0; i < 36; i++) {
    const a = (i * Math.PI) / 18;
    runes
      .M(vx + Math.cos(a) * 470, 610 + Math.sin(a) * 152)
      .L(vx + Math.cos(a) * 500, 610 + Math.sin(a) * 162);
  }
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
  const far = vamp
    ? nearScenery("vampire", rng, 700, H, horizon, 60)
    : nearScenery("tower", rng, 700, H, horizon, 48);
  const braziers = [
    [230, 560],
    [1370, 560],
  ] as const;
  const flames = path(1);
  for (const [bx, by] of braziers) {
    flames
      .M(bx - 22, by)
      .Q(bx - 26, by - 40, bx - 4, by - 70)
      .Q(bx + 2, by - 40, bx + 12, by - 52)
      .Q(bx + 30, by - 30, bx + 22, by)
      .Z();
  }
  const stands = path();
  for (const [bx, by] of braziers) {
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
  // foreground columns at both edges, each with a hanging banner and a gold sigil
  const colShape = (x: number, flip: boolean): string => {
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
  };
  const columns = colShape(0, false) + colShape(0, true);
  const bats = vamp ? iconPath("bat", 3) : "";
  const batUses = vamp
    ? [0, 1, 2, 3, 4]
        .map(() =>
          el("use", {
            href: "#t",
            transform: `translate(${num(rng.range(100, 1450))} ${num(rng.range(30, 200))}) scale(${num(rng.range(0.06, 0.12), 3)})`,
            fill: "#12020a",
          }),
        )
        .join("")
    : "";
  const defs =
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
        [0, pal.glow, 0],
        [0.5, pal.glow, 0.16],
        [1, pal.glow, 0],
      ]),
    ) +
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
    (vamp ? el("path", { id: "t", d: bats }) : "");
  const moonX = vamp ? 1180 : 420;
  const body =
    el("rect", { width: W, height: H, fill: "url(#s)" }) +
    el("path", {
      d: starDots(rng, 120, W, horizon),
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
    batUses +
    el("path", { d: ridge(rng, W, H, horizon - 20, 120, 10), fill: pal.shade, opacity: ".7" }) +
    el(
      "g",
      { transform: `translate(${vamp ? 450 : 470} 0)` },
      el("path", { d: far.d, fill: pal.land }) +
        (far.lights
          ? el("path", { d: far.lights, fill: vamp ? "#ff6a4a" : "#ffc86a", opacity: ".9" })
          : ""),
    ) +
    el("path", { d: ridge(rng, W, H, horizon + 4, 40, 16), fill: pal.land }) +
    el("rect", { y: num(horizon), width: W, height: num(H - horizon), fill: "url(#fl)" }) +
    el("rect", {
      y: num(horizon + 20),
      width: W,
      height: num(H - horizon - 20),
      fill: "url(#st)",
      opacity: ".28",
    }) +
    el("path", {
      d: tiles.toString(),
      stroke: "#000",
      "stroke-width": "3",
      opacity: ".35",
      fill: "none",
    }) +
    el("path", {
      d: tiles.toString(),
      transform: "translate(0 2)",
      stroke: pal.glow,
      "stroke-width": "1",
      opacity: ".07",
      fill: "none",
    }) +
    el(
      "g",
      { fill: "none", stroke: GOLD, opacity: ".22" },
      el("g", { "stroke-width": "3" }, ring(152, 470) + ring(128, 400)) +
        el("path", { d: runes.toString(), "stroke-width": "2.5" }),
    ) +
    el("rect", {
      y: num(horizon - 60),
      width: W,
      height: "140",
      fill: "url(#fog)",
    }) +
    braziers
      .map(([bx, by]) => el("circle", { cx: bx, cy: by - 30, r: "180", fill: "url(#g)" }))
      .join("") +
    columns +
    el("path", { d: stands.toString(), fill: "#0a0410", stroke: GOLD_DARK, "stroke-width": "2" }) +
    el("path", { d: flames.toString(), fill: vamp ? "#ff5a3a" : "#ffb050" }) +
    el("path", {
      d: flames.toString(),
      transform: "translate(0 14) scale(1 .97)",
      fill: "#fff0c0",
      opacity: ".55",
    }) +
    el("rect", { width: W, height: H, fill: "url(#n)", opacity: ".1" }) +
    el("rect", { width: W, height: H, fill: "url(#v)" });
  return svgDoc(W, H, el("defs", {}, defs) + body, vamp ? "Vampire battle" : "Battle");
}
