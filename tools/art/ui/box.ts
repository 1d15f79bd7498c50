/** The two card boxes, 300 x 420, as foil booster packs. */

import { Rng } from "../../shared/rng.ts";
import { wordPath } from "../letters.ts";
import { paintIcon } from "../paint.ts";
import { GOLD, GOLD_LIGHT, NIGHT, PALETTES, type Palette } from "../palette.ts";
import { path, sparkle } from "../path.ts";
import { hills } from "../scenery.ts";
import { el, num, stops, svgDoc } from "../svg.ts";
import { blurFilter, goldGradient, grainFilter, starDots } from "./common.ts";

const W = 300;
const H = 420;

/** The pack's outline: crimped top and bottom ends, straight sides. */
function boxOutline(): string {
  const crimp = (y: number, dir: 1 | -1): [number, number][] => {
    const pts: [number, number][] = [];
    for (let x = 14; x <= W - 14; x += 8) pts.push([x, y + ((x / 8) % 2 === 0 ? 0 : dir * 5)]);
    return pts;
  };
  const top = crimp(12, 1);
  const bottom = crimp(H - 12, -1).reverse();
  return path()
    .poly([...top, [W - 16, 40], [W - 16, H - 40], ...bottom, [16, H - 40], [16, 40]])
    .toString();
}

/** Rays of light fanning out from the emblem. */
function emblemRays(): string {
  const rays = path(1);
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8 + 0.1;
    rays.poly([
      [W / 2, 214],
      [W / 2 + Math.cos(a - 0.06) * 260, 214 + Math.sin(a - 0.06) * 260],
      [W / 2 + Math.cos(a + 0.06) * 260, 214 + Math.sin(a + 0.06) * 260],
    ]);
  }
  return rays.toString();
}

function boxDefs(pal: Palette, vamp: boolean, outline: string, paintedDefs: string): string {
  return (
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
    paintedDefs
  );
}

/** The night behind the emblem: rays, stars, a glow and hills. */
function boxNight(rng: Rng, pal: Palette): string {
  return (
    el("rect", { width: W, height: H, fill: "url(#body)" }) +
    el("path", { d: emblemRays(), fill: pal.glow, opacity: ".08" }) +
    el("path", {
      d: starDots(rng, 40, W, H),
      stroke: pal.light,
      "stroke-width": "1.4",
      "stroke-linecap": "round",
      opacity: ".5",
    }) +
    el("circle", { cx: W / 2, cy: "214", r: "120", fill: "url(#g)" }) +
    el("path", { d: hills(rng, W, H, 330, 30, 3), fill: pal.land, opacity: ".8" })
  );
}

/** The gold bands at both ends, the top one lettered CARDREALM. */
function boxBands(): string {
  const { d: word, width: wordW } = wordPath("CARDREALM", 12);
  const ws = 196 / wordW;
  const lettering = (stroke: string, width: string): string =>
    el("path", {
      d: word,
      transform: `translate(${num((W - 196) / 2)} 21) scale(${num(ws, 4)})`,
      fill: "none",
      stroke,
      "stroke-width": width,
    });
  return (
    el("path", { d: "M0 0h300v50H0zM0 376h300v44H0z", fill: "url(#gd)" }) +
    el("path", { d: "M0 50h300M0 376h300", stroke: "#2a1206", "stroke-width": "3" }) +
    lettering("#2a1206", "24") +
    lettering(GOLD_LIGHT, "14")
  );
}

/** The gold frame, the seal ring, the painted emblem and its gold sparkles. */
function boxEmblem(rng: Rng, pal: Palette, paintedBody: string): string {
  const sealRing = path(1)
    .circle(W / 2, 214, 92)
    .toString();
  const sparkles = path(1);
  return (
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
    paintedBody +
    el("path", {
      d: (() => {
        for (let i = 0; i < 6; i++)
          sparkle(sparkles, rng.range(40, 260), rng.range(70, 350), rng.range(3, 7));
        return sparkles.toString();
      })(),
      fill: GOLD_LIGHT,
    })
  );
}

/** Five gems along the bottom band, red on the vampire box, violet on the default. */
function boxGems(vamp: boolean): string {
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
  return el("path", {
    d: p.toString(),
    fill: vamp ? "#ff3a5a" : "#b48ae8",
    stroke: "#2a1206",
    "stroke-width": "1.5",
  });
}

/** A foil booster pack, 300 x 420, with crimped ends, a gold frame and an emblem. */
export function boxSvg(kind: "default" | "vampire"): string {
  const vamp = kind === "vampire";
  const pal = vamp ? PALETTES.vampire : PALETTES.neutral;
  const rng = new Rng(`box:${kind}`);
  const outline = boxOutline();
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
  const defs = boxDefs(pal, vamp, outline, painted.defs);
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
      boxNight(rng, pal) +
        boxBands() +
        boxEmblem(rng, pal, painted.body) +
        boxGems(vamp) +
        el("rect", { width: W, height: H, fill: "url(#foil)" }) +
        el("rect", { width: W, height: H, filter: "url(#n)", opacity: ".15" }),
    ) +
    el("path", { d: outline, fill: "none", stroke: "#1a0a04", "stroke-width": "2.5" });
  return svgDoc(W, H, el("defs", {}, defs) + body, vamp ? "Vampire box" : "Default box");
}
