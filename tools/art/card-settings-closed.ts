/** The enclosed settings of a card picture (card-backdrop.ts): hall, cave, forest. */

import type { Rng } from "../shared/rng.ts";
import { HH, type Light, sky, W } from "./card-setting.ts";
import { type Draw, grad, rect } from "./card-settings-open.ts";
import { mix } from "./palette.ts";
import { path } from "./path.ts";
import { el, num } from "./svg.ts";

/** Pillars at the sides of a hall, lit on the light's side. */
function pillars(wall: string, lit: Light, rng: Rng): string[] {
  const body: string[] = [];
  for (const px of [rng.range(6, 22), W - rng.range(6, 22)]) {
    const pw = rng.range(14, 20);
    body.push(
      el("rect", {
        x: num(px - pw / 2),
        y: "0",
        width: num(pw),
        height: HH,
        fill: mix(wall, "#000000", 0.35),
      }),
    );
    body.push(
      el("rect", {
        x: num(lit.side > 0 ? px + pw / 2 - 2 : px - pw / 2),
        y: "0",
        width: "2",
        height: HH,
        fill: lit.light,
        opacity: ".35",
      }),
    );
  }
  return body;
}

export const hall: Draw = (_card, pal, lit, rng) => {
  // a torchlit wall: warm whatever the faction
  const wall = mix(mix(mix(pal.deep, pal.land, 0.5), pal.mid, 0.35), "#8a5a34", 0.35);
  const body = [rect(wall)];
  // the arched window on the faction's night
  const wx = W / 2 + lit.side * rng.range(20, 50);
  const ww = rng.range(34, 48);
  const wt = rng.range(14, 26);
  const wb = lit.hz + 2;
  const arch = path()
    .M(wx - ww / 2, wb)
    .L(wx - ww / 2, wt + ww / 2)
    .A(ww / 2, ww / 2, 0, 1, wx + ww / 2, wt + ww / 2)
    .L(wx + ww / 2, wb)
    .Z();
  body.push(el("path", { d: arch.toString(), fill: "url(#s)" }));
  body.push(
    el("circle", {
      cx: num(wx + rng.range(-6, 6)),
      cy: num(wt + ww / 2),
      r: 6,
      fill: mix(lit.light, "#ffffff", 0.6),
    }),
  );
  body.push(
    el("path", {
      d: `M${num(wx)} ${num(wt)}V${num(wb)}M${num(wx - ww / 2)} ${num(wt + ww)}H${num(wx + ww / 2)}`,
      stroke: wall,
      "stroke-width": "2.4",
    }),
  );
  body.push(
    el("path", {
      d: arch.toString(),
      fill: "none",
      stroke: mix(wall, lit.light, 0.35),
      "stroke-width": "2.5",
    }),
  );
  // courses of stone
  const courses = path();
  for (let y = 10; y < lit.hz + 10; y += 11) {
    courses.M(0, y).L(W, y);
    for (let x = (y / 11) % 2 ? 0 : 11; x < W; x += 22) courses.M(x, y).L(x, y + 11);
  }
  body.push(
    el("path", {
      d: courses.toString(),
      stroke: mix(wall, "#000000", 0.45),
      "stroke-width": ".8",
      opacity: ".7",
    }),
  );
  // light from the window and the torches
  body.push(
    el("ellipse", { cx: num(wx), cy: num(wb), rx: 70, ry: 50, fill: "url(#l)", opacity: ".55" }),
  );
  for (const tx of [W / 2 - lit.side * rng.range(55, 75), wx + lit.side * (ww / 2 + 18)]) {
    const ty = rng.range(40, 60);
    body.push(el("circle", { cx: num(tx), cy: num(ty), r: 26, fill: "url(#l)" }));
    body.push(
      el("path", {
        d: path(1)
          .M(tx - 2.5, ty + 8)
          .L(tx + 2.5, ty + 8)
          .L(tx + 1, ty + 18)
          .L(tx - 1, ty + 18)
          .Z()
          .M(tx - 3.5, ty + 7)
          .Q(tx - 2, ty - 6, tx, ty - 9)
          .Q(tx + 2, ty - 2, tx + 3.5, ty + 7)
          .Z()
          .toString(),
        fill: mix(lit.light, "#fff2c0", 0.5),
      }),
    );
  }
  body.push(...pillars(wall, lit, rng));
  // a banner in the faction's colour
  if (rng.chance(0.6)) {
    const bx = W / 2 - lit.side * rng.range(20, 40);
    body.push(
      el("path", {
        d: path()
          .M(bx - 9, 0)
          .L(bx + 9, 0)
          .L(bx + 9, 46)
          .L(bx, 38)
          .L(bx - 9, 46)
          .Z()
          .toString(),
        fill: mix(pal.ink, pal.deep, 0.45),
      }),
    );
  }
  body.push(
    grad("fl", [
      [0, mix(wall, lit.light, 0.2)],
      [1, mix(pal.deep, "#000000", 0.3)],
    ]),
  );
  body.push(
    el("rect", { y: num(lit.hz + 6), width: W, height: num(HH - lit.hz), fill: "url(#fl)" }),
  );
  return { body, stars: [] };
};

export const cave: Draw = (card, pal, lit, rng, extra, max) => {
  // what the mouth opens on: the faction's dusk sky
  const out = sky(card, pal, lit, rng, extra, max);
  const rock = mix(pal.land, "#000000", 0.25);
  const mx = W / 2 + lit.side * rng.range(0, 30);
  const mw = rng.range(60, 90);
  const mt = rng.range(14, 34);
  const mouth = path()
    .M(0, 0)
    .L(W, 0)
    .L(W, HH)
    .L(0, HH)
    .Z()
    .M(mx - mw, HH);
  const steps = 10;
  for (let i = 0; i <= steps; i++) {
    const a = Math.PI * (1 - i / steps);
    mouth.L(
      mx + Math.cos(a) * mw + rng.range(-5, 5),
      HH - Math.sin(a) * (HH - mt) + rng.range(-5, 5),
    );
  }
  mouth.Z();
  out.body.push(el("path", { d: mouth.toString(), fill: rock, "fill-rule": "evenodd" }));
  // teeth of rock at the top, crystals glowing at the sides
  const teeth = path();
  for (let x = 0; x < W; x += rng.range(10, 20)) {
    const l = rng.range(6, 24);
    teeth
      .M(x, 0)
      .L(x + 4, l)
      .L(x + 8, 0)
      .Z();
  }
  out.body.push(el("path", { d: teeth.toString(), fill: mix(rock, "#000000", 0.3) }));
  out.body.push(
    el("path", {
      d: path()
        .M(mx - mw, HH)
        .Q(mx, mt - 10, mx + mw, HH)
        .toString(),
      fill: "none",
      stroke: lit.light,
      "stroke-width": "1.5",
      opacity: ".35",
    }),
  );
  const glow = mix(lit.light, pal.glow, 0.5);
  const crystals = path(1);
  for (let i = 0; i < rng.int(3, 6); i++) {
    const cx = rng.chance(0.5) ? rng.range(4, 40) : rng.range(W - 40, W - 4);
    const cy = rng.range(lit.hz, HH - 4);
    const h = rng.range(6, 16);
    crystals.poly([
      [cx - 3, cy],
      [cx - 1, cy - h],
      [cx + 2, cy - h * 0.7],
      [cx + 3, cy],
    ]);
    out.body.push(
      el("circle", {
        cx: num(cx),
        cy: num(cy - h / 2),
        r: num(h * 1.4),
        fill: "url(#l)",
        opacity: ".7",
      }),
    );
  }
  out.body.push(el("path", { d: crystals.toString(), fill: glow }));
  return out;
};

export const forest: Draw = (_card, pal, lit, rng) => {
  const top = mix(pal.deep, pal.land, 0.4);
  const low = mix(pal.mid, lit.light, 0.45);
  const body = [
    grad("sd", [
      [0, top],
      [0.75, low],
      [1, mix(low, lit.light, 0.3)],
    ]),
    rect("url(#sd)"),
  ];
  body.push(el("circle", { cx: num(lit.lx), cy: num(lit.hz - 10), r: 80, fill: "url(#l)" }));
  // trunks in three depths, the far ones lost in haze
  for (const [depth, n, w0] of [
    [0.7, 14, 3],
    [0.4, 8, 6],
    [0, 4, 12],
  ] as const) {
    const p = path();
    for (let i = 0; i < n; i++) {
      const x = rng.range(-10, W + 10);
      const w = w0 * rng.range(0.7, 1.3);
      const base = lit.hz + 8 + (1 - depth) * 20;
      p.M(x - w / 2, base)
        .L(x - w * 0.35, 0)
        .L(x + w * 0.35, 0)
        .L(x + w / 2, base)
        .Z();
      if (depth < 0.5)
        p.M(x, base * 0.5)
          .L(x + w * 1.6, base * 0.3)
          .L(x + w * 0.2, base * 0.44)
          .Z();
    }
    body.push(el("path", { d: p.toString(), fill: mix(pal.land, low, depth) }));
  }
  // canopy and light shafts
  const canopy = path();
  for (let x = -10; x < W + 20; x += rng.range(14, 24))
    canopy.circle(x, rng.range(-4, 8), rng.range(12, 20));
  body.push(el("path", { d: canopy.toString(), fill: mix(pal.land, "#000000", 0.2) }));
  const shafts = path(1);
  for (let i = 0; i < 3; i++) {
    const x = lit.lx + rng.range(-50, 50);
    shafts.poly([
      [x, 0],
      [x + 10, 0],
      [x + 10 - lit.side * 40, HH],
      [x - lit.side * 40, HH],
    ]);
  }
  body.push(el("path", { d: shafts.toString(), fill: lit.light, opacity: ".12" }));
  return { body, stars: [] };
};
