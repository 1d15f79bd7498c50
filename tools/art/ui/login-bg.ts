/** The login backdrop, 1600 x 900. */

import { Rng } from "../../shared/rng.ts";
import { iconPath } from "../icons.ts";
import { GOLD, NEBULA, NIGHT_DEEP } from "../palette.ts";
import { dots, path, sparkle } from "../path.ts";
import { nearScenery, ridge } from "../scenery.ts";
import { el, stops, svgDoc } from "../svg.ts";
import { grainPattern } from "../texture.ts";
import { starDots } from "./common.ts";

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
