/**
 * The art panel of one card: its own small scene, composed by code from the
 * card's data. The card id seeds every free choice; the rest is read from
 * the card:
 *
 * - setting: the faction's sky and scenery (palette.ts, scenery.ts), a
 *   horizon, a ground shape (hill, ledge or plain) and clouds;
 * - light: a side (left or right), a moon or a low sun, its colour the
 *   faction's glow graded towards the element the card costs most of
 *   (fire amber, diamond ice blue, pow violet);
 * - subject: units are a silhouette built from parts (subject.ts reads
 *   the name words, faction and keywords; figure.ts draws the body, pose,
 *   headgear, held things, wings, cape), rim-lit from the light's side,
 *   bigger the more the card costs; spells are their effect (spell-scene.ts);
 * - props by keyword and effect: blood drops (lifesteal), bubbles (poison),
 *   leaves (regenerate), speed lines (first strike), a shadow below flyers,
 *   a halo (heal), rising chevrons (buff), motes (resources);
 * - rarity: gold sparkles on rares, silver on uncommons.
 *
 * No filters (no blur, no turbulence): glows are gradients and wide faint
 * strokes. Mini (200 x 150) and max (600 x 450) are the same picture; max
 * draws it at three times the size with more stars.
 */

import { Rng } from "../shared/rng.ts";
import { drawSubject, Sil } from "./figure.ts";
import { GOLD, GOLD_LIGHT, NEBULA, paletteOf } from "./palette.ts";
import { path } from "./path.ts";
import { hasMoon, nearScenery, ridge } from "./scenery.ts";
import { drawSpell } from "./spell-scene.ts";
import { describeSubject, type Subject, subjectOf } from "./subject.ts";
import { el, num, stops, svgDoc } from "./svg.ts";
import type { CardDef } from "./types.ts";

export type ArtVariant = "mini" | "max";

export const ART_SIZES: Record<ArtVariant, { w: number; h: number }> = {
  mini: { w: 200, h: 150 },
  max: { w: 600, h: 450 },
};

/** The light's colour by the element a card costs most of. */
export const ELEMENT_LIGHT = { fire: "#ffa04a", diamond: "#8adcff", pow: "#c99cff" } as const;

/** Colour of blood and of poison, whatever the faction. */
const BLOOD = "#ff2f48";
const VENOM = "#8dff5a";
const LEAF = "#9dffb0";

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

/** Blends two #rrggbb colours; t = 0 gives a. */
export function mix(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  let out = "#";
  for (const shift of [16, 8, 0]) {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    out += Math.round(ca + (cb - ca) * t)
      .toString(16)
      .padStart(2, "0");
  }
  return out;
}

/** The element a card costs most of, or none when it costs nothing or ties. */
export function mainElement(card: CardDef): keyof typeof ELEMENT_LIGHT | undefined {
  const { fire, diamond, pow } = card.cost;
  const top = Math.max(fire, diamond, pow);
  if (top === 0) return undefined;
  const winners = (["fire", "diamond", "pow"] as const).filter((r) => card.cost[r] === top);
  return winners.length === 1 ? winners[0] : undefined;
}

/**
 * A word added to a card's seed, for the rare card whose seeded choices land
 * its picture too close to another's (distinct.test.ts names the pair): a
 * new word re-rolls the light, setting and pose of that card only. Keep
 * entries few; each is a card the rules alone did not set apart.
 */
export const SEED_WORDS: Readonly<Record<number, string>> = {
  1009: "c",
  1034: "a",
  1039: "b",
  1053: "a",
  1057: "a",
  1058: "a",
  1061: "a",
  1066: "a",
  1070: "a",
  1078: "b",
  1082: "a",
  1101: "c",
  1113: "f",
  1119: "a",
  1120: "a",
  1124: "a",
  1126: "c",
  1132: "a",
  1134: "g",
};

/** The seed of a card's picture. */
export function artSeed(id: number, word = SEED_WORDS[id] ?? ""): string {
  return `card:${id}${word}`;
}

/** Looks up another card (what a summon calls). */
export type CardLookup = (id: number) => CardDef | undefined;

/** What the generator chose for a card, in words (build.ts --subjects). */
export function describeArt(card: CardDef, lookup: CardLookup = () => undefined): string {
  const rng = new Rng(artSeed(card.id));
  if (card.type === "spell") {
    const sil = new Sil();
    const scene = drawSpell({ sil, rng }, card, 200, 110, 1, summonedSubject(card, lookup), 100);
    return `spell: ${scene.look}`;
  }
  return describeSubject(subjectOf(card, rng));
}

function summonedSubject(card: CardDef, lookup: CardLookup): Subject | undefined {
  for (const a of card.abilities) {
    if (a.effect.kind === "summon") {
      const target = lookup(a.effect.cardId);
      if (target) return subjectOf(target, new Rng(artSeed(target.id)));
    }
  }
  return undefined;
}

export function cardArt(
  card: CardDef,
  variant: ArtVariant,
  lookup: CardLookup = () => undefined,
  seedWord = SEED_WORDS[card.id] ?? "",
): string {
  const W = 200;
  const Hh = 150;
  const max = variant === "max";
  const pal = paletteOf(card.faction);
  const rng = new Rng(artSeed(card.id, seedWord));
  const extra = new Rng(`${artSeed(card.id, seedWord)}:${variant}`);
  const spell = card.type === "spell";
  const rare = card.rarity === "rare";
  const uncommon = card.rarity === "uncommon";
  const kw = card.keywords ?? {};
  const first = card.abilities[0]?.effect;

  // The subject is decided first, from the same seed the description uses.
  const subject = spell ? undefined : subjectOf(card, rng);

  const element = mainElement(card);
  const light = element ? mix(pal.glow, ELEMENT_LIGHT[element], 0.5) : pal.glow;
  // the sky leans towards the element's colour too, by a seeded amount
  const mid = element ? mix(pal.mid, ELEMENT_LIGHT[element], rng.range(0.12, 0.38)) : pal.mid;
  const side = rng.chance(0.5) ? 1 : -1;
  const hz = Hh * rng.range(0.52, 0.76);
  // a quarter of the pictures are backlit: the light right behind the subject
  const backlit = rng.chance(0.25);
  const lx = backlit ? W / 2 + side * rng.range(4, 16) : W / 2 + side * rng.range(38, 78);
  const lowSun = !hasMoon(card.faction) && rng.chance(0.45);
  const ly = lowSun ? hz - rng.range(4, 14) : rng.range(18, backlit ? 40 : 52);
  const dark = mix(pal.deep, "#000000", 0.35);
  const ground = mix(pal.land, "#000000", 0.3);
  const eye = kw.lifesteal ? BLOOD : pal.glow;

  const defs: string[] = [
    el(
      "linearGradient",
      { id: "s", x2: "0", y2: "1" },
      stops([
        [0, pal.deep],
        [rng.range(0.35, 0.6), mid],
        [1, mix(mid, light, rng.range(0.35, 0.7))],
      ]),
    ),
    el(
      "radialGradient",
      { id: "l" },
      stops([
        [0, light, 0.85],
        [0.35, light, 0.28],
        [1, light, 0],
      ]),
    ),
    el(
      "radialGradient",
      { id: "u" },
      stops([
        [0, NEBULA, 0.5],
        [1, NEBULA, 0],
      ]),
    ),
    el(
      "linearGradient",
      { id: "m", x2: "0", y2: "1" },
      stops([
        [0, light, 0],
        [0.5, light, 0.22],
        [1, light, 0],
      ]),
    ),
    el(
      "linearGradient",
      { id: "c", x1: side > 0 ? "1" : "0", x2: side > 0 ? "0" : "1" },
      stops([
        [0, light, 0.12],
        [0.6, pal.deep, 0],
        [1, pal.deep, 0.4],
      ]),
    ),
    el(
      "radialGradient",
      { id: "v", r: ".75" },
      stops([
        [0.55, "#000000", 0],
        [1, "#000000", 0.75],
      ]),
    ),
  ];
  const body: string[] = [];
  body.push(el("rect", { width: W, height: Hh, fill: "url(#s)" }));
  // the house purple glows in the corner away from the light
  body.push(
    el("ellipse", {
      cx: num(W / 2 - side * rng.range(50, 80)),
      cy: num(rng.range(10, 40)),
      rx: 90,
      ry: 50,
      fill: "url(#u)",
    }),
  );
  const stars: [number, number][] = [];
  for (let i = 0; i < (max ? 40 : 14); i++)
    stars.push([extra.range(0, W * (max ? 3 : 1)), extra.range(0, hz * (max ? 3 : 1) * 0.8)]);
  // light: halo, then a moon or a low sun
  body.push(el("circle", { cx: num(lx), cy: num(ly), r: num(lowSun ? 95 : 75), fill: "url(#l)" }));
  const disc = lowSun ? rng.range(12, 18) : rng.range(7, 12);
  body.push(
    el("circle", { cx: num(lx), cy: num(ly), r: num(disc), fill: mix(light, "#ffffff", 0.6) }),
  );
  if (!lowSun && rng.chance(0.6)) {
    // a crescent: the sky's colour bites the moon
    body.push(
      el("circle", {
        cx: num(lx - side * disc * 0.45),
        cy: num(ly - disc * 0.2),
        r: num(disc * 0.9),
        fill: mix(pal.deep, pal.mid, 0.3),
        opacity: ".9",
      }),
    );
  }
  // clouds crossing the light
  const clouds = path();
  for (let i = 0; i < rng.int(2, 4); i++) {
    const cy = rng.range(12, hz - 20);
    const cx = rng.range(0, W);
    const rx = rng.range(30, 70);
    const ry = rng.range(2, 5);
    clouds
      .M(cx - rx, cy)
      .Q(cx, cy - ry * 2, cx + rx, cy)
      .Q(cx, cy + ry, cx - rx, cy)
      .Z();
  }
  body.push(el("path", { d: clouds.toString(), fill: pal.deep, opacity: ".55" }));
  // far ridge and the faction's scenery
  body.push(
    el("path", {
      d: ridge(rng, W, Hh, hz - 6, rng.range(14, 34), rng.int(4, 8)),
      fill: mix(pal.shade, light, 0.18),
      opacity: ".75",
    }),
  );
  body.push(el("rect", { y: num(hz - 24), width: W, height: 40, fill: "url(#m)" }));
  const scene = nearScenery(card.faction, rng, W, Hh, hz + 4, rng.range(20, 30));
  body.push(el("path", { d: scene.d, fill: pal.land }));
  if (scene.lights) body.push(el("path", { d: scene.lights, fill: pal.glow, opacity: ".8" }));

  // the ground the subject stands on
  const shape = rng.pick(["hill", "ledge", "plain"] as const);
  const sx = backlit
    ? lx - side * rng.range(0, 8)
    : W / 2 - side * rng.range(spell ? 0 : 4, spell ? 30 : 42);
  const peak = hz + rng.range(14, 24);
  const groundAt = (x: number): number => {
    if (shape === "hill") return peak + ((x - sx) / 70) ** 2 * 30;
    if (shape === "ledge")
      return (x - sx) * side > 40
        ? Hh + 10
        : peak + ((x - sx) * side > 20 ? (((x - sx) * side - 20) / 20) * 12 : 0);
    return peak + 6;
  };
  const gp = path(1).M(0, Hh);
  const edge = path(1);
  for (let x = 0; x <= W; x += 10) {
    const y = Math.min(Hh + 2, groundAt(x));
    gp.L(x, y);
    if (x === 0) edge.M(x, y);
    else edge.L(x, y);
  }
  gp.L(W, Hh).Z();
  body.push(el("path", { d: gp.toString(), fill: ground }));
  body.push(
    el("path", {
      d: edge.toString(),
      fill: "none",
      stroke: light,
      "stroke-width": "1.2",
      opacity: ".45",
    }),
  );

  // the subject or the spell's effect
  const sil = new Sil();
  const d = { sil, rng };
  let focus: [number, number];
  const props = new Sil();
  const after: string[] = [];
  if (subject) {
    const costScale = Math.min(1, (card.cost.fire + card.cost.diamond + card.cost.pow) / 12);
    const big = subject.body === "structure" ? 0.85 : subject.body === "beast" ? 0.78 : 1;
    let H = Hh * (0.56 + 0.3 * costScale) * big * (subject.build === "small" ? 0.8 : 1);
    const f = rng.chance(0.75) ? side : -side;
    const g = groundAt(sx);
    // keep the head (and a hat or a raised staff) inside the picture
    H = Math.min(H, (g - 12) / (subject.flying ? 1.3 : 1.08));
    let y = g;
    if (subject.body === "bat") {
      H *= 1.1;
      y = g - H * 0.3;
    }
    // the rest of a group stands behind, smaller
    for (let i = 1; i < subject.count; i++) {
      const dx = (i % 2 ? -1 : 1) * Math.ceil(i / 2) * 28;
      drawSubject(
        d,
        { ...subject, count: 1 },
        sx + dx,
        groundAt(sx + dx) - 2,
        H * 0.78,
        i % 2 ? f : -f,
      );
    }
    const top = drawSubject(d, subject, sx, y, H, f);
    focus = [sx, (top[1] + g) / 2];
    if (subject.flock) {
      for (let i = 0; i < 7; i++)
        drawSubject(
          d,
          { ...subject, body: "bat", count: 1 },
          rng.range(10, W - 10),
          rng.range(5, hz - 30),
          rng.range(12, 22),
          rng.chance(0.5) ? 1 : -1,
        );
    }
    if (subject.flying || subject.body === "bat") {
      body.push(
        el("ellipse", {
          cx: num(sx),
          cy: num(g),
          rx: num(H * 0.3),
          ry: num(H * 0.05),
          fill: "#000",
          opacity: ".5",
        }),
      );
    }
    // props of keywords and of the first effect
    const around = (r: number): [number, number] => [
      focus[0] + rng.range(-r, r),
      focus[1] + rng.range(-r * 0.8, r * 0.6),
    ];
    if (kw.lifesteal) {
      for (let i = 0; i < 5; i++) {
        const [x, yy] = around(H * 0.55);
        props.glow
          .M(x, yy - 4)
          .Q(x + 2.6, yy, x, yy + 1.6)
          .Q(x - 2.6, yy, x, yy - 4)
          .Z();
      }
    }
    if (kw.poison) {
      for (let i = 0; i < 6; i++) {
        const [x, yy] = around(H * 0.5);
        props.glowLines.circle(x, yy, rng.range(1.5, 3.5));
      }
    }
    if (kw.regenerate) {
      for (let i = 0; i < 6; i++) {
        const a = (i / 6) * Math.PI * 2;
        const x = focus[0] + Math.cos(a) * H * 0.42;
        const yy = focus[1] + Math.sin(a) * H * 0.3;
        props.detail
          .M(x - 2.5, yy + 1)
          .Q(x, yy - 3, x + 2.5, yy - 1)
          .Q(x, yy + 2, x - 2.5, yy + 1)
          .Z();
      }
    }
    if (kw.first_strike) {
      for (let i = 0; i < 4; i++) {
        const yy = focus[1] - H * 0.2 + i * H * 0.12;
        const x0 = sx - f * H * rng.range(0.3, 0.45);
        sil.glowLines.M(x0, yy).L(x0 - f * H * rng.range(0.25, 0.5), yy);
      }
    }
    if (first?.kind === "heal") {
      const hx = top[0];
      const hy = top[1] - 5;
      sil.glowLines
        .M(hx - 9, hy)
        .A(9, 3, 1, 0, hx + 9, hy)
        .A(9, 3, 1, 0, hx - 9, hy);
    } else if (first?.kind === "buff") {
      for (let i = 0; i < 3; i++) {
        const [x, yy] = around(H * 0.5);
        sil.glowLines
          .M(x - 4, yy + 3)
          .L(x, yy)
          .L(x + 4, yy + 3);
      }
    } else if (
      first?.kind === "gain_resource" ||
      first?.kind === "gain_inc" ||
      first?.kind === "drain_resource" ||
      first?.kind === "drain_inc"
    ) {
      const mote = ELEMENT_LIGHT[first.resource];
      for (let i = 0; i < 5; i++) {
        const [x, yy] = around(H * 0.6);
        sparkle(props.fill, x, yy, rng.range(1.6, 2.8));
      }
      after.push(el("path", { d: props.fill.toString(), fill: mote, opacity: ".95" }));
    } else if (first?.kind === "stun") {
      for (let i = 0; i < 2; i++) {
        const [x, yy] = around(H * 0.5);
        sil.glowLines
          .M(x, yy)
          .L(x + 3, yy + 4)
          .L(x - 1, yy + 6)
          .L(x + 2, yy + 10);
      }
    } else if (first?.kind === "draw" || first?.kind === "discard") {
      for (let i = 0; i < 3; i++) {
        const [x, yy] = around(H * 0.55);
        sil.glow.poly([
          [x - 3, yy - 4],
          [x + 3, yy - 5],
          [x + 4, yy + 3],
          [x - 2, yy + 4],
        ]);
      }
    }
  } else {
    const summoned = summonedSubject(card, lookup);
    const scene = drawSpell(d, card, W, peak, side, summoned, sx);
    focus = scene.focus;
  }

  // the glow behind the subject: what the eye goes to
  body.push(
    el("ellipse", {
      cx: num(focus[0]),
      cy: num(focus[1]),
      rx: spell ? 70 : 55,
      ry: spell ? 55 : 50,
      fill: "url(#l)",
      opacity: spell ? ".8" : ".7",
    }),
  );
  if (!sil.back.empty)
    body.push(el("path", { d: sil.back.toString(), fill: light, opacity: ".5" }));
  // the silhouette: a rim in the light's colour shifted towards the light, the dark body on top
  const parts: string[] = [];
  if (!sil.fill.empty) parts.push(el("path", { d: sil.fill.toString() }));
  for (const [w, p] of [...sil.strokes.entries()].sort(([a], [b]) => a - b)) {
    if (!p.empty)
      parts.push(el("path", { d: p.toString(), fill: "none", "stroke-width": num(w, 1) }));
  }
  if (parts.length > 0) {
    defs.push(
      el("g", { id: "f", "stroke-linecap": "round", "stroke-linejoin": "round" }, parts.join("")),
    );
    body.push(
      el("use", {
        href: "#f",
        x: num(side * 1.4, 1),
        y: "-.8",
        fill: mix(light, "#ffffff", 0.3),
        stroke: mix(light, "#ffffff", 0.3),
      }),
    );
    body.push(el("use", { href: "#f", fill: dark, stroke: dark }));
  }
  if (!sil.detail.empty) {
    body.push(
      el("path", {
        d: sil.detail.toString(),
        fill: "none",
        stroke: light,
        "stroke-width": ".7",
        opacity: ".45",
      }),
    );
  }
  const glowFill = spell ? mix(light, "#ffffff", 0.35) : eye;
  if (!sil.glow.empty) {
    const gd = sil.glow.toString();
    body.push(
      el("path", {
        d: gd,
        fill: "none",
        stroke: glowFill,
        "stroke-width": "4",
        "stroke-linejoin": "round",
        opacity: ".25",
      }),
    );
    body.push(el("path", { d: gd, fill: glowFill }));
  }
  if (!sil.glowLines.empty) {
    const gl = sil.glowLines.toString();
    body.push(
      el("path", {
        d: gl,
        fill: "none",
        stroke: light,
        "stroke-width": "4",
        "stroke-linecap": "round",
        opacity: ".25",
      }),
    );
    body.push(
      el("path", {
        d: gl,
        fill: "none",
        stroke: mix(light, "#ffffff", 0.55),
        "stroke-width": "1.2",
        "stroke-linecap": "round",
      }),
    );
  }
  if (!props.glow.empty) body.push(el("path", { d: props.glow.toString(), fill: BLOOD }));
  if (!props.glowLines.empty)
    body.push(
      el("path", {
        d: props.glowLines.toString(),
        fill: "none",
        stroke: VENOM,
        "stroke-width": ".9",
        opacity: ".9",
      }),
    );
  if (!props.detail.empty)
    body.push(el("path", { d: props.detail.toString(), fill: LEAF, opacity: ".9" }));

  body.push(...after);
  // motes in the light, sparkles by rarity
  const motes: [number, number][] = [];
  for (let i = 0; i < (max ? 22 : 9); i++)
    motes.push([extra.range(0, W), extra.range(hz - 40, Hh)]);
  const glints = path(1);
  const glintCount = rare ? 6 : uncommon ? 3 : 0;
  for (let i = 0; i < glintCount; i++) {
    const a = rng.range(0, Math.PI * 2);
    const r = rng.range(30, 60);
    sparkle(
      glints,
      focus[0] + Math.cos(a) * r * 1.3,
      focus[1] + Math.sin(a) * r * 0.8,
      rng.range(2.5, 4.5),
    );
  }
  const scale = max ? 3 : 1;
  const starD = dots(stars);
  const scaled: string[] = [
    ...body,
    el("path", {
      d: dots(motes),
      stroke: light,
      "stroke-width": "1.3",
      "stroke-linecap": "round",
      opacity: ".6",
    }),
  ];
  if (!glints.empty)
    scaled.push(
      el("path", { d: glints.toString(), fill: rare ? GOLD_LIGHT : "#dfe6f2", opacity: ".95" }),
    );
  if (rare)
    scaled.push(
      el("rect", {
        x: "2",
        y: "2",
        width: W - 4,
        height: Hh - 4,
        fill: "none",
        stroke: GOLD,
        "stroke-width": ".8",
        opacity: ".5",
      }),
    );
  scaled.push(el("rect", { width: W, height: Hh, fill: "url(#c)" }));
  scaled.push(el("rect", { width: W, height: Hh, fill: "url(#v)" }));
  const starsEl = el("path", {
    d: starD,
    stroke: pal.light,
    "stroke-width": num(scale * 0.9),
    "stroke-linecap": "round",
    opacity: ".6",
  });
  // stars are drawn in output pixels (max has more of them, not bigger ones), right after the sky
  const [sky, ...rest] = scaled;
  const inner = `${sky ?? ""}`;
  const content = max
    ? el("g", { transform: "scale(3)" }, inner) +
      starsEl +
      el("g", { transform: "scale(3)" }, rest.join(""))
    : inner + starsEl + rest.join("");
  const { w, h } = ART_SIZES[variant];
  return svgDoc(w, h, el("defs", {}, defs.join("")) + content, card.name);
}
