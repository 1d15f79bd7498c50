/**
 * The parts kit of the figures (figure.ts): the silhouette a figure is written
 * into, the frame that maps figure units to the picture, and shape helpers
 * (tubes, curves, tapers, ellipses, eyes).
 */

import type { Rng } from "../shared/rng.ts";
import { type PathBuilder, path } from "./path.ts";

export type Pt = [number, number];

/**
 * What a painted part of a figure is made of; card-look.ts gives each a
 * colour per card (skin by race, cloth by faction, metal, gold trim...).
 */
export type Material =
  | "skin"
  | "cloth"
  | "cloth2"
  | "leather"
  | "metal"
  | "gold"
  | "hair"
  | "bone"
  | "horn"
  | "hide"
  | "belly"
  | "wing";

/** One painted part of a figure: shapes of one material, drawn in call order. */
export class Layer {
  readonly fill: PathBuilder = path(1);
  readonly strokes = new Map<number, PathBuilder>();
  constructor(readonly mat: Material) {}

  line(width: number, points: readonly Pt[]): void {
    addLine(this.strokes, width, points);
  }
}

function addLine(strokes: Map<number, PathBuilder>, width: number, points: readonly Pt[]): void {
  const w = Math.max(0.6, Math.round(width * 2) / 2);
  let p = strokes.get(w);
  if (!p) {
    p = path(1);
    strokes.set(w, p);
  }
  points.forEach(([x, y], i) => {
    if (i === 0) p.M(x, y);
    else p.L(x, y);
  });
}

export class Sil {
  readonly fill: PathBuilder = path(1);
  readonly strokes = new Map<number, PathBuilder>();
  readonly glow: PathBuilder = path(1);
  /** Glow drawn behind the silhouette (beams, portals). */
  readonly back: PathBuilder = path(1);
  readonly glowLines: PathBuilder = path(1);
  readonly detail: PathBuilder = path(1);
  /** Painted parts over the silhouette's base colour, back to front. */
  readonly layers: Layer[] = [];
  /** Face lines (brows, mouths, pupils, seams), drawn dark over the parts. */
  readonly ink: PathBuilder = path(1);
  /** Dark filled shapes on the parts (pupils, sockets, visor slits). */
  readonly inkFill: PathBuilder = path(1);
  /** Small light shapes on the parts (eye whites, teeth, tusks, highlights). */
  readonly shine: PathBuilder = path(1);

  line(width: number, points: readonly Pt[]): void {
    addLine(this.strokes, width, points);
  }

  /** The layer to paint `mat` into: the last one if it is of that material, else a new one. */
  paint(mat: Material): Layer {
    const last = this.layers[this.layers.length - 1];
    if (last && last.mat === mat) return last;
    const layer = new Layer(mat);
    this.layers.push(layer);
    return layer;
  }

  /** Shapes that are part of the silhouette and painted in `mat`. */
  as(mat: Material): Ink {
    return new Ink(this, mat);
  }
}

/**
 * Shapes of the silhouette painted in one material: written into a painted
 * layer, which card-paint.ts also counts in the silhouette (rim, mask).
 */
export class Ink {
  constructor(
    private readonly sil: Sil,
    private readonly mat: Material,
  ) {}

  poly(pts: readonly Pt[]): this {
    this.sil.paint(this.mat).fill.poly(pts);
    return this;
  }

  line(width: number, pts: readonly Pt[]): this {
    this.sil.paint(this.mat).line(width, pts);
    return this;
  }

  ellipse(c: Pt, rx: number, ry: number): this {
    ellipse(this.sil.paint(this.mat).fill, c, rx, ry);
    return this;
  }

  circle(x: number, y: number, r: number): this {
    return this.ellipse([x, y], r, r);
  }

  tube(pts: readonly Pt[], widths: readonly number[]): this {
    tube(this.sil.paint(this.mat).fill, pts, widths);
    return this;
  }
}

export const rad = (deg: number): number => (deg * Math.PI) / 180;

/** A frame that maps figure units to the picture. */
export class Frame {
  constructor(
    readonly x: number,
    readonly g: number,
    readonly H: number,
    readonly f: number,
  ) {}

  P(dx: number, dy: number): Pt {
    return [this.x + this.f * dx * this.H, this.g - dy * this.H];
  }

  /** A point at distance len along angle a (degrees; 0 = up, 90 = forward). */
  from(o: Pt, len: number, a: number): Pt {
    return [
      o[0] + this.f * Math.sin(rad(a)) * len * this.H,
      o[1] - Math.cos(rad(a)) * len * this.H,
    ];
  }
}

/**
 * A filled tube along a polyline: widths (in picture units) at each point;
 * the outline goes out along one side and back along the other.
 */
export function tube(p: PathBuilder, pts: readonly Pt[], widths: readonly number[]): void {
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[Math.max(0, i - 1)] as Pt;
    const b = pts[Math.min(pts.length - 1, i + 1)] as Pt;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    const w = (widths[i] ?? 0) / 2;
    const q = pts[i] as Pt;
    left.push([q[0] + nx * w, q[1] + ny * w]);
    right.push([q[0] - nx * w, q[1] - ny * w]);
  }
  p.poly([...left, ...right.reverse()]);
}

/** The outline of a tube (see `tube`), as points. */
export function tube2(pts: readonly Pt[], widths: readonly number[]): Pt[] {
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[Math.max(0, i - 1)] as Pt;
    const b = pts[Math.min(pts.length - 1, i + 1)] as Pt;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len;
    const ny = (b[0] - a[0]) / len;
    const w = (widths[i] ?? 0) / 2;
    const q = pts[i] as Pt;
    left.push([q[0] + nx * w, q[1] + ny * w]);
    right.push([q[0] - nx * w, q[1] - ny * w]);
  }
  return [...left, ...right.reverse()];
}

/** Points along a quadratic curve. */
export function curve(a: Pt, c: Pt, b: Pt, n: number): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push([
      u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
    ]);
  }
  return out;
}

/** Widths falling linearly from w0 to w1 over n+1 points. */
export function taper(w0: number, w1: number, n: number): number[] {
  return Array.from({ length: n + 1 }, (_, i) => w0 + ((w1 - w0) * i) / n);
}

export function ellipse(p: PathBuilder, c: Pt, rx: number, ry: number): void {
  p.M(c[0] - rx, c[1])
    .A(rx, ry, 1, 0, c[0] + rx, c[1])
    .A(rx, ry, 1, 0, c[0] - rx, c[1])
    .Z();
}

export function lerp(a: Pt, b: Pt, t: number): Pt {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

export function eyes(sil: Sil, at: Pt, r: number): void {
  const rr = Math.max(0.7, r);
  ellipse(sil.glow, at, rr, rr * 0.8);
}

/** Who a person is, for the painted parts: read from the faction and the name (card-look.ts). */
export interface Race {
  /** Elf ears or goblin ears. */
  ears: "none" | "elf" | "goblin";
  /** Orc and troll tusks. */
  tusks: boolean;
  /** Demon horns. */
  horns: boolean;
  /** A vampire's high collar. */
  collar: boolean;
  undead: boolean;
  /** Armour on the body: pauldrons and a breastplate. */
  armour: boolean;
  /** No clothes (golems, brutes, beasts of a man). */
  bare: boolean;
  /** Eyes that glow (undead, demons, vampires, golems) instead of painted ones. */
  glowEyes: boolean;
  /** Made of stone or iron (golems, colossi): the whole body is "skin". */
  stone: boolean;
}

export const PLAIN: Race = {
  ears: "none",
  tusks: false,
  horns: false,
  collar: false,
  undead: false,
  armour: false,
  bare: false,
  glowEyes: false,
  stone: false,
};

/** What a figure is drawn into and with. */
export interface Draw {
  sil: Sil;
  rng: Rng;
  /** Who the person is; plain when not given (spells' figures). */
  race?: Race;
}
