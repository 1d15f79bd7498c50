/**
 * The art panel of one card: a night sky in the faction's colours, faction
 * scenery, a glow or magic circle, the card's icon painted with a gradient and
 * an outline, sparkles by rarity, paper grain and a vignette. Mini (200x150)
 * and max (600x450) share one seed, so they are the same picture; max adds
 * a second scenery layer, more stars and finer icon detail.
 */
import { iconPath } from "./icons.ts";
import { paintIcon } from "./paint.ts";
import { GOLD, GOLD_DARK, GOLD_LIGHT, NEBULA, paletteOf } from "./palette.ts";
import { path } from "./path.ts";
import { Rng } from "./rng.ts";
import { hasMoon, nearScenery, ridge } from "./scenery.ts";
import { el, num, stops, svgDoc } from "./svg.ts";
import type { CardDef } from "./types.ts";

export type ArtVariant = "mini" | "max";

/** Icon grid steps tried in order until the icon path fits its budget (bytes). */
export const ART_SIZES: Record<
  ArtVariant,
  { w: number; h: number; steps: number[]; budget: number }
> = {
  mini: { w: 200, h: 150, steps: [2, 3, 4], budget: 2600 },
  max: { w: 600, h: 450, steps: [1, 1.5, 2], budget: 6000 },
};

/** The icon's path on the finest grid that keeps it within the budget. */
function fittedIcon(icon: string, steps: readonly number[], budget: number): string {
  let d = "";
  for (const step of steps) {
    d = iconPath(icon, step);
    if (d.length <= budget) break;
  }
  return d;
}

/** A four-pointed sparkle. */
export function sparkle(p: ReturnType<typeof path>, x: number, y: number, r: number): void {
  const t = r * 0.22;
  p.poly([
    [x, y - r],
    [x + t, y - t],
    [x + r, y],
    [x + t, y + t],
    [x, y + r],
    [x - t, y + t],
    [x - r, y],
    [x - t, y - t],
  ]);
}

/** Round dots as zero-length round-capped lines: "M x y h0" is the cheapest dot. */
export function dots(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y]) => `M${num(x, 0)} ${num(y, 0)}h0`).join("");
}

export function cardArt(card: CardDef, icon: string, variant: ArtVariant): string {
  const { w, h, steps, budget } = ART_SIZES[variant];
  const k = w / 200;
  const max = variant === "max";
  const pal = paletteOf(card.faction);
  const rng = new Rng(`card:${card.id}`);
  const extra = new Rng(`card:${card.id}:${variant}`);
  const spell = card.type === "spell";
  const rare = card.rarity === "rare";
  const uncommon = card.rarity === "uncommon";

  // Shared picture choices (same for mini and max).
  const mirror = rng.chance(0.5);
  const base = h * rng.range(0.74, 0.82);
  const moonX = w * rng.pick([0.16, 0.22, 0.78, 0.84]);
  const moonY = h * rng.range(0.16, 0.26);
  const moon = hasMoon(card.faction) || rng.chance(0.2);
  const cx = w / 2;
  const cy = spell ? h * 0.47 : h * 0.5;
  const size = spell ? h * 0.56 : h * 0.74;
  const seed = card.id % 997;

  const painted = paintIcon({
    id: "",
    icon,
    d: fittedIcon(icon, steps, budget),
    cx,
    cy,
    size,
    pal,
    mirror,
    k,
    blur: "b",
    outline: rare ? GOLD_DARK : pal.shade,
    line: max ? 2 : 3,
  });

  const stars: [number, number][] = [];
  const starCount = max ? 46 : 14;
  for (let i = 0; i < starCount; i++) stars.push([extra.range(0, w), extra.range(0, base * 0.75)]);

  const defs = [
    el(
      "linearGradient",
      { id: "s", x2: "0", y2: "1" },
      stops([
        [0, pal.deep],
        [0.62, pal.mid],
        [1, pal.deep],
      ]),
    ),
    el(
      "radialGradient",
      { id: "g" },
      stops([
        [0, pal.glow, 0.8],
        [0.45, pal.glow, 0.25],
        [1, pal.glow, 0],
      ]),
    ),
    el(
      "radialGradient",
      { id: "v", r: ".72" },
      stops([
        [0.6, pal.deep, 0],
        [1, pal.deep, 0.92],
      ]),
    ),
    el(
      "radialGradient",
      { id: "u" },
      stops([
        [0, NEBULA, 0.55],
        [1, NEBULA, 0],
      ]),
    ),
    el(
      "filter",
      { id: "b", x: "-50%", y: "-50%", width: "200%", height: "200%" },
      el("feGaussianBlur", { stdDeviation: num(3 * k) }),
    ),
    el(
      "filter",
      { id: "p" },
      el("feTurbulence", {
        type: "fractalNoise",
        baseFrequency: num(0.06 / k, 3),
        numOctaves: 2,
        seed,
      }) + el("feDisplacementMap", { in: "SourceGraphic", scale: num(4 * k) }),
    ),
    el(
      "filter",
      { id: "n" },
      el("feTurbulence", {
        type: "fractalNoise",
        baseFrequency: num(0.9 / k, 3),
        numOctaves: 2,
        seed,
      }) + el("feColorMatrix", { values: "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2.2 0 0 0 -1.05" }),
    ),
    painted.defs,
  ];

  const body: string[] = [];
  body.push(el("rect", { width: w, height: h, fill: "url(#s)" }));
  // a purple nebula in one upper corner ties every faction to the house colours
  body.push(
    el("ellipse", {
      cx: num(w * (moonX < w / 2 ? rng.range(0.6, 0.85) : rng.range(0.15, 0.4))),
      cy: num(h * rng.range(0.1, 0.3)),
      rx: num(w * 0.42),
      ry: num(h * 0.3),
      fill: "url(#u)",
    }),
  );
  body.push(
    el("path", {
      d: dots(stars),
      stroke: pal.light,
      "stroke-width": num(1.1 * k),
      "stroke-linecap": "round",
      opacity: ".55",
    }),
  );
  if (moon) {
    const r = 14 * k;
    body.push(
      el("circle", {
        cx: num(moonX),
        cy: num(moonY),
        r: num(r * 2.2),
        fill: "url(#g)",
        opacity: ".6",
      }),
    );
    body.push(
      el("circle", { cx: num(moonX), cy: num(moonY), r: num(r), fill: pal.light, opacity: ".85" }),
    );
    body.push(
      el("circle", {
        cx: num(moonX + r * 0.35),
        cy: num(moonY - r * 0.2),
        r: num(r * 0.9),
        fill: pal.mid,
        opacity: card.faction === "vampire" ? "0" : ".55",
      }),
    );
  }
  // far mountains, then (max only) a middle hill line, then the faction's scenery
  body.push(
    el("path", { d: ridge(rng, w, h, base - 18 * k, 34 * k, 7), fill: pal.shade, opacity: ".55" }),
  );
  if (max) {
    body.push(
      el("path", {
        d: ridge(extra, w, h, base - 6 * k, 18 * k, 12),
        fill: pal.land,
        opacity: ".6",
      }),
    );
  }
  body.push(
    el("ellipse", {
      cx: num(cx),
      cy: num(base),
      rx: num(w * 0.6),
      ry: num(22 * k),
      fill: pal.glow,
      opacity: ".14",
      filter: "url(#b)",
    }),
  );
  body.push(
    el("ellipse", {
      cx: num(cx),
      cy: num(cy),
      rx: num(size * 0.75),
      ry: num(size * 0.62),
      fill: "url(#g)",
    }),
  );
  const scene = nearScenery(card.faction, rng, w, h, base, 30 * k);
  body.push(el("path", { d: scene.d, fill: pal.land, filter: "url(#p)" }));
  if (scene.lights) body.push(el("path", { d: scene.lights, fill: pal.glow, opacity: ".8" }));
  if (scene.lines) {
    body.push(
      el("path", {
        d: scene.lines,
        stroke: pal.deep,
        "stroke-width": num(0.8 * k),
        fill: "none",
        opacity: ".8",
      }),
    );
  }

  if (spell) {
    const r = size * 0.62;
    const rays = path();
    const n = rng.int(9, 14);
    const turn = rng.range(0, Math.PI);
    for (let i = 0; i < n; i++) {
      const a = turn + (i * 2 * Math.PI) / n;
      const len = r * rng.range(1.25, 1.7);
      const spread = 0.07;
      rays.poly([
        [cx, cy],
        [cx + Math.cos(a - spread) * len, cy + Math.sin(a - spread) * len],
        [cx + Math.cos(a + spread) * len, cy + Math.sin(a + spread) * len],
      ]);
    }
    body.push(el("path", { d: rays.toString(), fill: pal.glow, opacity: ".22" }));
    body.push(
      el("circle", { cx: num(cx), cy: num(cy), r: num(r), fill: pal.deep, opacity: ".45" }),
    );
    body.push(
      el("circle", {
        cx: num(cx),
        cy: num(cy),
        r: num(r),
        fill: "none",
        stroke: GOLD,
        "stroke-width": num(1.6 * k),
        opacity: ".85",
      }),
    );
    body.push(
      el("circle", {
        cx: num(cx),
        cy: num(cy),
        r: num(r * 0.88),
        fill: "none",
        stroke: pal.glow,
        "stroke-width": num(2.2 * k),
        "stroke-dasharray": `${num(1.5 * k)} ${num(3 * k)}`,
        opacity: ".7",
      }),
    );
    if (max) {
      const runes = path(1);
      const m = 24;
      for (let i = 0; i < m; i++) {
        const a = (i * 2 * Math.PI) / m;
        const r1 = r * 1.06;
        const r2 = r * (i % 3 === 0 ? 1.18 : 1.1);
        runes
          .M(cx + Math.cos(a) * r1, cy + Math.sin(a) * r1)
          .L(cx + Math.cos(a) * r2, cy + Math.sin(a) * r2);
      }
      body.push(
        el("path", { d: runes.toString(), stroke: GOLD, "stroke-width": "2", opacity: ".7" }),
      );
    }
  } else {
    body.push(
      el("ellipse", {
        cx: num(cx),
        cy: num(cy + size * 0.44),
        rx: num(size * 0.42),
        ry: num(size * 0.07),
        fill: "#000",
        opacity: ".6",
        filter: "url(#b)",
      }),
    );
  }

  body.push(painted.body);

  // sparkles and embers: more and golden on rarer cards
  const glints = path();
  const glintCount = Math.round((rare ? 6 : uncommon ? 3 : 1) * (max ? 1.5 : 1));
  for (let i = 0; i < glintCount; i++) {
    const a = extra.range(0, Math.PI * 2);
    const d = size * extra.range(0.35, 0.62);
    sparkle(glints, cx + Math.cos(a) * d * 1.2, cy + Math.sin(a) * d, extra.range(2, 4.5) * k);
  }
  body.push(
    el("path", { d: glints.toString(), fill: rare ? GOLD_LIGHT : pal.light, opacity: ".9" }),
  );
  const embers: [number, number][] = [];
  for (let i = 0; i < (max ? 24 : 9); i++)
    embers.push([extra.range(0, w), extra.range(h * 0.35, h)]);
  body.push(
    el("path", {
      d: dots(embers),
      stroke: rare ? GOLD : pal.glow,
      "stroke-width": num(1.8 * k),
      "stroke-linecap": "round",
      opacity: ".7",
    }),
  );

  body.push(el("rect", { width: w, height: h, filter: "url(#n)", opacity: max ? ".14" : ".2" }));
  body.push(el("rect", { width: w, height: h, fill: "url(#v)" }));

  return svgDoc(w, h, el("defs", {}, defs.join("")) + body.join(""), card.name);
}
