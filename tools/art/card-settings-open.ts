/** The open-air settings of a card picture (card-backdrop.ts): day and storm. */

import type { Rng } from "../shared/rng.ts";
import { HH, type Light, W } from "./card-setting.ts";
import { mix, type Palette } from "./palette.ts";
import { path } from "./path.ts";
import { nearScenery, ridge } from "./scenery.ts";
import { el, num, stops } from "./svg.ts";
import type { CardDef } from "./types.ts";

/** What a setting draws. */
export interface Backdrop {
  body: string[];
  stars: [number, number][];
}

export type Draw = (
  card: CardDef,
  pal: Palette,
  lit: Light,
  rng: Rng,
  extra: Rng,
  max: boolean,
) => Backdrop;

export const rect = (fill: string, opacity?: string): string =>
  el("rect", { width: W, height: HH, fill, opacity });

export function grad(id: string, list: ReadonlyArray<readonly [number, string, number?]>): string {
  return el("defs", {}, el("linearGradient", { id, x2: "0", y2: "1" }, stops(list)));
}

/** Banks of cumulus: overlapping circles, lit on top. */
function cloudBank(rng: Rng, x: number, y: number, w: number, lit: string, shade: string): string {
  const top = path();
  const under = path();
  const n = rng.int(4, 7);
  for (let i = 0; i < n; i++) {
    const cx = x + (w * (i + 0.5)) / n + rng.range(-4, 4);
    const r = rng.range(w / n, (w / n) * 1.6) * (1 - Math.abs(i / (n - 1) - 0.5));
    top.circle(cx, y - r * 0.3, Math.max(3, r));
    under.circle(cx, y + r * 0.15, Math.max(3, r * 0.8));
  }
  return (
    el("path", { d: top.toString(), fill: lit, opacity: ".85" }) +
    el("path", { d: under.toString(), fill: shade, opacity: ".7" })
  );
}

export const day: Draw = (card, pal, lit, rng) => {
  const top = mix(mix(pal.mid, "#5d86c8", 0.55), "#ffffff", 0.12);
  const low = mix(lit.light, "#fff1d6", 0.55);
  const body = [
    grad("sd", [
      [0, top],
      [0.7, mix(top, low, 0.7)],
      [1, low],
    ]),
    rect("url(#sd)"),
  ];
  body.push(el("circle", { cx: num(lit.lx), cy: num(lit.ly), r: 80, fill: "url(#l)" }));
  body.push(el("circle", { cx: num(lit.lx), cy: num(lit.ly), r: 11, fill: "#fffbe8" }));
  for (let i = 0; i < rng.int(2, 3); i++)
    body.push(
      cloudBank(
        rng,
        rng.range(-30, W - 40),
        rng.range(20, lit.hz - 25),
        rng.range(60, 110),
        mix(low, "#ffffff", 0.6),
        mix(top, low, 0.4),
      ),
    );
  const haze = mix(top, low, 0.55);
  body.push(
    el("path", {
      d: ridge(rng, W, HH, lit.hz - 4, rng.range(30, 50), rng.int(3, 6)),
      fill: mix(haze, pal.land, 0.25),
    }),
  );
  body.push(
    el("path", {
      d: ridge(rng, W, HH, lit.hz + 4, rng.range(12, 24), rng.int(5, 9)),
      fill: mix(haze, pal.land, 0.5),
    }),
  );
  const scene = nearScenery(card.faction, rng, W, HH, lit.hz + 8, rng.range(22, 32));
  body.push(el("path", { d: scene.d, fill: mix(pal.land, haze, 0.35) }));
  return { body, stars: [] };
};

export const storm: Draw = (card, pal, lit, rng) => {
  const top = mix(pal.deep, "#10131c", 0.5);
  const low = mix(pal.mid, "#9aa3b8", 0.6);
  const body = [
    grad("sd", [
      [0, top],
      [1, low],
    ]),
    rect("url(#sd)"),
  ];
  // bands of cloud, darker above, their undersides caught by the flash
  for (let i = 0; i < 6; i++) {
    const y = 8 + i * ((lit.hz - 10) / 6);
    const cx = rng.range(0, W);
    const rx = rng.range(70, 130);
    const ry = rng.range(8, 14);
    body.push(
      el("ellipse", {
        cx: num(cx),
        cy: num(y),
        rx: num(rx),
        ry: num(ry),
        fill: mix(top, low, i / 8),
        opacity: ".9",
      }),
    );
    body.push(
      el("path", {
        d: path()
          .M(cx - rx * 0.8, y + ry * 0.6)
          .Q(cx, y + ry * 1.4, cx + rx * 0.8, y + ry * 0.6)
          .toString(),
        fill: "none",
        stroke: lit.light,
        "stroke-width": "1",
        opacity: ".3",
      }),
    );
  }
  // a lightning fork away from the subject
  const fx = W / 2 + lit.side * rng.range(45, 80);
  const fork = path().M(fx, 0);
  let x = fx;
  let y = 0;
  while (y < lit.hz - 6) {
    x += rng.range(-9, 9);
    y += rng.range(8, 14);
    fork.L(x, y);
  }
  fork
    .M(fx + rng.range(-6, 6), 22)
    .L(fx + lit.side * 16, 40)
    .L(fx + lit.side * 22, 52);
  body.push(
    el("path", {
      d: fork.toString(),
      fill: "none",
      stroke: lit.light,
      "stroke-width": "5",
      opacity: ".25",
    }),
  );
  body.push(
    el("path", { d: fork.toString(), fill: "none", stroke: "#ffffff", "stroke-width": "1.2" }),
  );
  body.push(
    el("ellipse", {
      cx: num(fx),
      cy: num(lit.hz - 10),
      rx: 60,
      ry: 40,
      fill: "url(#l)",
      opacity: ".6",
    }),
  );
  body.push(
    el("path", {
      d: ridge(rng, W, HH, lit.hz, rng.range(14, 30), rng.int(4, 8)),
      fill: mix(pal.land, low, 0.3),
    }),
  );
  const scene = nearScenery(card.faction, rng, W, HH, lit.hz + 6, rng.range(20, 30));
  body.push(el("path", { d: scene.d, fill: pal.land }));
  // rain
  const rain = path();
  for (let i = 0; i < 26; i++) {
    const rx = rng.range(-10, W);
    const ry = rng.range(0, HH);
    rain.M(rx, ry).L(rx - 5, ry + 14);
  }
  body.push(
    el("path", {
      d: rain.toString(),
      stroke: mix(low, "#ffffff", 0.5),
      "stroke-width": ".6",
      opacity: ".35",
    }),
  );
  return { body, stars: [] };
};
