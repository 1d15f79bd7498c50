/**
 * The parts kit of the figures (figure.ts): the silhouette a figure is written
 * into, the frame that maps figure units to the picture, and shape helpers
 * (tubes, curves, tapers, ellipses, eyes).
 */

import type { Rng } from "../shared/rng.ts";
import { type PathBuilder, path } from "./path.ts";

export type Pt = [number, number];

export class Sil {
  readonly fill: PathBuilder = path(1);
  readonly strokes = new Map<number, PathBuilder>();
  readonly glow: PathBuilder = path(1);
  /** Glow drawn behind the silhouette (beams, portals). */
  readonly back: PathBuilder = path(1);
  readonly glowLines: PathBuilder = path(1);
  readonly detail: PathBuilder = path(1);

  line(width: number, points: readonly Pt[]): void {
    const w = Math.max(0.6, Math.round(width * 2) / 2);
    let p = this.strokes.get(w);
    if (!p) {
      p = path(1);
      this.strokes.set(w, p);
    }
    points.forEach(([x, y], i) => {
      if (i === 0) p.M(x, y);
      else p.L(x, y);
    });
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

/** What a figure is drawn into and with. */
export interface Draw {
  sil: Sil;
  rng: Rng;
}
