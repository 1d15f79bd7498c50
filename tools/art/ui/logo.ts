/** The logo, 924 x 200: the word CARDREALM as stroked gold letter paths. */

import { wordPath } from "../letters.ts";
import { GOLD, GOLD_LIGHT, NEBULA } from "../palette.ts";
import { path } from "../path.ts";
import { el, num, stops, svgDoc } from "../svg.ts";
import { blurFilter, goldGradient } from "./common.ts";

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
