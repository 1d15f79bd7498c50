/** Round gold medallions, 160 x 160: the map's chapters, the arena and the chat. */

import { Rng } from "../../shared/rng.ts";
import { paintIcon } from "../paint.ts";
import { GOLD_LIGHT, PALETTES, type Palette } from "../palette.ts";
import { path } from "../path.ts";
import { nearScenery, ridge } from "../scenery.ts";
import { el, stops, svgDoc } from "../svg.ts";
import type { Faction } from "../types.ts";
import { blurFilter, goldGradient, starDots } from "./common.ts";

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
