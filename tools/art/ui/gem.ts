/** The gem (currency) icon, 64 x 64. */

import { path, sparkle } from "../path.ts";
import { el, svgDoc } from "../svg.ts";

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
