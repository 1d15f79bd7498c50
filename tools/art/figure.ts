/**
 * Subjects as silhouettes built from parametric parts: a body (person, beast,
 * bat, structure, elemental, spirit, plant), a pose (angles of the torso,
 * arms and legs), headgear, what the hands hold, wings, capes and tails.
 *
 * Everything is written into a `Sil`: filled shapes and limbs (stroked with
 * round caps, grouped by width) make one silhouette that card-art.ts paints
 * twice (a rim in the light colour, shifted towards the light, then the dark
 * body); `glow` holds the lit bits (eyes, orbs, flames, blades' edges) and
 * `detail` thin lines drawn over the body (ribs, bricks, planks).
 *
 * Coordinates: a figure stands at (x, ground), is `H` tall and faces `f`
 * (1 right, -1 left). Inside, points are given in figure units: forward
 * (dx, in the facing direction) and up (dy), as fractions of H.
 */

import type { Rng } from "../shared/rng.ts";
import { type PathBuilder, path } from "./path.ts";
import type { Subject } from "./subject.ts";

type Pt = [number, number];

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

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** A frame that maps figure units to the picture. */
class Frame {
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
function curve(a: Pt, c: Pt, b: Pt, n: number): Pt[] {
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
function taper(w0: number, w1: number, n: number): number[] {
  return Array.from({ length: n + 1 }, (_, i) => w0 + ((w1 - w0) * i) / n);
}

function ellipse(p: PathBuilder, c: Pt, rx: number, ry: number): void {
  p.M(c[0] - rx, c[1])
    .A(rx, ry, 1, 0, c[0] + rx, c[1])
    .A(rx, ry, 1, 0, c[0] - rx, c[1])
    .Z();
}

interface PoseAngles {
  lean: number;
  hip: number;
  stance: number;
  front: number;
  back: number;
  bend: number;
}

const POSES: Record<Subject["pose"], PoseAngles> = {
  stand: { lean: 0, hip: 0.47, stance: 0.12, front: 25, back: -15, bend: 25 },
  cast: { lean: -4, hip: 0.47, stance: 0.16, front: 150, back: 35, bend: 10 },
  lunge: { lean: 18, hip: 0.38, stance: 0.34, front: 85, back: -50, bend: 5 },
  guard: { lean: 6, hip: 0.44, stance: 0.2, front: 60, back: 20, bend: 40 },
  hunch: { lean: 30, hip: 0.44, stance: 0.14, front: 80, back: 65, bend: 10 },
  crouch: { lean: 24, hip: 0.32, stance: 0.26, front: 55, back: -70, bend: 35 },
  float: { lean: 4, hip: 0.5, stance: 0.1, front: 60, back: -40, bend: 20 },
  leap: { lean: 12, hip: 0.52, stance: 0.2, front: 130, back: -120, bend: 15 },
};

const BUILDS = {
  slim: { sh: 0.2, limb: 0.052, head: 0.072, arm: 0.35 },
  normal: { sh: 0.25, limb: 0.068, head: 0.08, arm: 0.35 },
  bulky: { sh: 0.38, limb: 0.1, head: 0.07, arm: 0.44 },
  small: { sh: 0.26, limb: 0.075, head: 0.12, arm: 0.3 },
} as const;

/** The picture's light: which side (1 right, -1 left), for rims and glints. */
export interface Draw {
  sil: Sil;
  rng: Rng;
}

/** Draws one subject; returns the top of its head (for auras). */
export function drawSubject(d: Draw, s: Subject, x: number, g: number, H: number, f: number): Pt {
  const fr = new Frame(x, g, H, f);
  switch (s.body) {
    case "beast":
      return beast(d, s, fr);
    case "bat":
      return bat(d, fr);
    case "structure":
      return structure(d, s, fr);
    case "elemental":
      return s.element === "earth"
        ? humanoid(d, { ...s, build: "bulky", head: "bare" }, fr, true)
        : elemental(d, s, fr);
    case "spirit":
      return spirit(d, s, fr);
    case "plant":
      return plant(d, s, fr);
    default:
      return humanoid(d, s, fr, false);
  }
}

function humanoid(d: Draw, s: Subject, fr: Frame, rocky: boolean): Pt {
  const { sil, rng } = d;
  const b = BUILDS[s.build];
  const base = POSES[s.pose];
  const jit = (n: number): number => rng.range(-n, n);
  const pose = {
    lean: base.lean + jit(5),
    hip: base.hip,
    stance: base.stance + jit(0.03),
    front: base.front + jit(14),
    back: base.back + jit(14),
    bend: base.bend,
  };
  const H = fr.H;
  const lift = s.flying ? 0.12 : 0;
  const noLegs = s.robe || s.tail || s.pose === "float";
  const hip = fr.P(0, pose.hip + lift);
  const torso = s.build === "small" ? 0.24 : 0.3;
  const neck = fr.from(hip, torso, pose.lean);
  const hr = b.head * H;
  const headC = fr.from(neck, b.head * 1.15, pose.lean * 0.6);
  const shW = b.sh;
  const across = (o: Pt, w: number): Pt => fr.from(o, w / 2, pose.lean + 90);
  const shF = across(neck, shW * 0.8);
  const shB = across(neck, -shW * 0.8);
  const wF = across(hip, shW * 0.62);
  const wB = across(hip, -shW * 0.62);

  // behind the body: cape, hair, wings
  if (s.cape) {
    const wind = rng.range(0.25, 0.45);
    const hemY = noLegs ? 0.05 : 0.12;
    const pts: Pt[] = [shF, fr.P(-wind * 0.5, pose.hip + 0.1 + lift)];
    const n = 4;
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      pts.push(fr.P(-wind - 0.05 + t * (wind * 0.7), hemY + lift + (i % 2 ? 0.04 : 0)));
    }
    pts.push(shB);
    sil.fill.poly(pts);
  }
  if (s.hair) {
    const back = fr.from(headC, b.head * 0.9, -100);
    sil.fill.poly([
      fr.from(headC, b.head, -20),
      fr.from(headC, b.head * 1.1, -80),
      [back[0] - fr.f * H * 0.1, back[1] + H * 0.24],
      [back[0] - fr.f * H * 0.02, back[1] + H * 0.2],
      fr.from(neck, 0.02, 90),
    ]);
  }
  if (s.wings !== "none") wings(d, s.wings, fr, fr.from(neck, 0.04, pose.lean + 180), 0.55);

  // legs, robe or tail
  if (s.tail) {
    const c1 = fr.P(0.05, 0.12 + lift);
    const tip = fr.P(-0.35, 0.08);
    const pts = [
      ...curve(hip, fr.P(0.2, 0.2), c1, 4),
      ...curve(c1, fr.P(-0.1, -0.05), tip, 4).slice(1),
    ];
    tube(sil.fill, pts, taper(shW * 0.62 * H, 0.015 * H, pts.length - 1));
  } else if (noLegs) {
    const hem = s.pose === "float" ? 0.12 : 0;
    const spread = pose.stance + 0.14 + (s.build === "bulky" ? 0.1 : 0);
    const pts: Pt[] = [shF, fr.P(spread / 2 + 0.03, hem + lift)];
    const n = s.pose === "float" ? 5 : 4;
    for (let i = 1; i < n; i++) {
      const t = i / n;
      pts.push(fr.P(spread / 2 - t * spread, hem + lift + (i % 2 ? 0.03 : -0.01)));
    }
    pts.push(fr.P(-spread / 2 - 0.02, hem + lift), shB);
    sil.fill.poly(pts);
  } else {
    const lw = b.limb * H * 1.15;
    const footF = s.pose === "leap" ? fr.P(0.16, 0.18 + lift) : fr.P(pose.stance / 2 + 0.02, lift);
    const footB = fr.P(-pose.stance / 2, lift + (s.pose === "leap" ? 0.06 : 0));
    const knee = (foot: Pt, fwd: number): Pt => [
      (hip[0] + foot[0]) / 2 + fr.f * fwd * H,
      (hip[1] + foot[1]) / 2,
    ];
    sil.line(lw, [hip, knee(footF, 0.05), footF]);
    sil.line(lw, [hip, knee(footB, 0.02), footB]);
    // feet
    sil.line(lw * 0.8, [footF, [footF[0] + fr.f * 0.05 * H, footF[1]]]);
    sil.line(lw * 0.8, [footB, [footB[0] + fr.f * 0.05 * H, footB[1]]]);
  }

  // torso
  sil.fill.poly([shB, shF, wF, wB]);
  if (rocky) {
    for (const o of [shF, shB, wF, wB, neck])
      ellipse(sil.fill, o, b.limb * H * rng.range(0.9, 1.4), b.limb * H * rng.range(0.8, 1.2));
  }
  // head and neck
  sil.line(b.limb * H, [fr.from(neck, -0.02, pose.lean), headC]);
  if (s.head === "skull") {
    ellipse(sil.fill, headC, hr * 0.9, hr);
    sil.fill.poly([
      fr.from(headC, b.head * 0.4, 120),
      fr.from(headC, b.head * 1.2, 170),
      fr.from(headC, b.head * 1.1, 200),
      fr.from(headC, b.head * 0.4, 240),
    ]);
  } else {
    ellipse(sil.fill, headC, hr, hr * 1.08);
  }
  headgear(d, s, fr, headC, b.head, pose.lean);

  // arms
  const armW = b.limb * H * (s.build === "bulky" ? 1.1 : 0.85);
  const arm = (sh: Pt, a: number): [Pt, Pt] => {
    const elbow = fr.from(sh, b.arm / 2, 180 - a);
    const hand = fr.from(elbow, b.arm / 2, 180 - a - pose.bend);
    sil.line(armW, [sh, elbow, hand]);
    if (s.build === "bulky") ellipse(sil.fill, hand, armW * 0.7, armW * 0.7);
    return [hand, elbow];
  };
  const [handB] = arm(shB, pose.back);
  const [handF] = arm(shF, pose.front);

  held(d, s, fr, handF, handB, pose.front);
  if (s.shield) shield(d, fr, handF, s.build === "bulky" ? 1.4 : 1);
  if (s.bones) {
    for (let i = 0; i < 3; i++) {
      const y = 0.3 + i * 0.22;
      sil.detail.M(...lerp(shB, wB, y)).L(...lerp(shF, wF, y));
    }
  }
  // eyes
  const eye = fr.from(headC, b.head * 0.35, 70);
  eyes(sil, eye, hr * 0.22);
  return [headC[0], headC[1] - hr];
}

function lerp(a: Pt, b: Pt, t: number): Pt {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

function eyes(sil: Sil, at: Pt, r: number): void {
  const rr = Math.max(0.7, r);
  ellipse(sil.glow, at, rr, rr * 0.8);
}

function headgear(d: Draw, s: Subject, fr: Frame, c: Pt, hu: number, lean: number): void {
  const { sil, rng } = d;
  const H = fr.H;
  const top = fr.from(c, hu * 0.9, lean * 0.6);
  switch (s.head) {
    case "crown": {
      const l = fr.from(c, hu * 0.85, lean - 55);
      const r = fr.from(c, hu * 0.85, lean + 55);
      const pts: Pt[] = [l];
      const n = 3;
      for (let i = 0; i <= n; i++) {
        const base = lerp(l, r, i / n);
        pts.push([base[0], base[1] - hu * H * (i % 3 === 0 ? 0.9 : 0.6)]);
        if (i < n) pts.push(lerp(l, r, (i + 0.5) / n));
      }
      pts.push(r);
      sil.fill.poly(pts);
      sil.glow.circle(top[0], top[1] - hu * H * 0.3, Math.max(0.8, hu * H * 0.16));
      break;
    }
    case "hood": {
      sil.fill.poly([
        fr.from(c, hu * 1.3, -40),
        fr.from(c, hu * 2.1, -25 + rng.range(-15, 15)),
        fr.from(c, hu * 1.3, 50),
        fr.from(c, hu * 1.2, 110),
        fr.from(c, hu * 1.9, 200),
        fr.from(c, hu * 1.6, 250),
      ]);
      break;
    }
    case "horns": {
      for (const side of [-1, 1]) {
        const root = fr.from(c, hu * 0.8, lean + side * 40);
        const mid = fr.from(root, hu * 1.2, lean + side * 75);
        const tip = fr.from(mid, hu * 1.1, lean + side * 10);
        tube(sil.fill, curve(root, mid, tip, 4), taper(hu * H * 0.5, 0.3, 4));
      }
      break;
    }
    case "hat": {
      const brimL = fr.from(c, hu * 1.9, lean - 80);
      const brimR = fr.from(c, hu * 1.9, lean + 80);
      sil.fill.poly([
        brimL,
        fr.from(c, hu * 0.9, lean - 60),
        fr.from(c, hu * 3.2, lean - 15),
        fr.from(c, hu * 3.6, lean - 45 - rng.range(0, 30)),
        fr.from(c, hu * 0.9, lean + 60),
        brimR,
      ]);
      break;
    }
    case "helm": {
      sil.fill.poly([
        fr.from(c, hu * 1.1, lean - 70),
        fr.from(c, hu * 1.25, lean),
        fr.from(c, hu * 1.1, lean + 70),
        fr.from(c, hu * 1.0, lean + 120),
      ]);
      const crest = fr.from(c, hu * 1.25, lean);
      sil.line(hu * H * 0.35, [crest, fr.from(crest, hu * 1.4, lean - 70)]);
      break;
    }
    case "ears": {
      for (const side of [-1, 1]) {
        const root = fr.from(c, hu * 0.7, lean + side * 80);
        sil.fill.poly([
          fr.from(root, hu * 0.3, lean),
          fr.from(root, hu * 1.6, lean + side * 60),
          fr.from(root, hu * 0.3, lean + 180),
        ]);
      }
      break;
    }
    case "leaf": {
      for (const a of [-40, 0, 40]) {
        const tip = fr.from(c, hu * 2.2, lean + a);
        const root = fr.from(c, hu * 0.7, lean + a);
        tube(sil.fill, curve(root, fr.from(root, hu * 0.8, lean + a - 20), tip, 3), [
          0.5,
          hu * H * 0.7,
          hu * H * 0.6,
          0.5,
        ]);
      }
      break;
    }
    default:
      break;
  }
}

function held(d: Draw, s: Subject, fr: Frame, hand: Pt, back: Pt, armA: number): void {
  const { sil } = d;
  const H = fr.H;
  const up = armA > 110 ? 0 : armA > 60 ? 60 : 20;
  switch (s.held) {
    case "sword": {
      const a = s.pose === "lunge" ? 90 : up;
      const tip = fr.from(hand, 0.42, a);
      sil.line(0.035 * H, [hand, tip]);
      sil.glowLines.M(...fr.from(hand, 0.1, a)).L(...tip);
      sil.line(0.025 * H, [fr.from(hand, 0.07, a - 90), fr.from(hand, 0.07, a + 90)]);
      break;
    }
    case "dagger": {
      const a = s.pose === "crouch" || s.pose === "lunge" ? 95 : up + 20;
      const tip = fr.from(hand, 0.2, a);
      sil.line(0.03 * H, [hand, tip]);
      sil.glowLines.M(...fr.from(hand, 0.06, a)).L(...tip);
      // a second blade in the back hand
      const tip2 = fr.from(back, 0.16, -140);
      sil.line(0.028 * H, [back, tip2]);
      break;
    }
    case "staff": {
      const bottom = fr.from(hand, 0.35, 180 - 5);
      const top = fr.from(hand, 0.45, -5);
      sil.line(0.028 * H, [bottom, top]);
      sil.glow.circle(top[0], top[1], 0.05 * H);
      break;
    }
    case "orb": {
      const o = fr.from(hand, 0.08, 20);
      sil.glow.circle(o[0], o[1], 0.065 * H);
      break;
    }
    case "bow": {
      const c = fr.from(hand, 0.04, 90);
      const t = fr.from(c, 0.3, -10);
      const bt = fr.from(c, 0.3, 190);
      tube(
        sil.fill,
        curve(t, fr.from(c, 0.18, 90), bt, 6),
        [0.4, 2, 3, 3.4, 3, 2, 0.4].map((w) => (w * H) / 100),
      );
      sil.detail
        .M(...t)
        .L(...back)
        .L(...bt);
      break;
    }
    case "axe": {
      const top = fr.from(hand, 0.32, up - 10);
      sil.line(0.035 * H, [fr.from(hand, 0.12, up + 170), top]);
      const blade = fr.from(top, 0.02, up + 80);
      sil.fill.poly([
        fr.from(top, 0.02, up - 90),
        fr.from(blade, 0.14, up - 40),
        fr.from(blade, 0.16, up + 90),
        fr.from(blade, 0.14, up + 220),
        fr.from(top, 0.1, up + 180),
      ]);
      break;
    }
    case "spear": {
      const a = s.pose === "guard" ? 10 : s.pose === "lunge" ? 80 : 25;
      const tip = fr.from(hand, 0.55, a);
      sil.line(0.028 * H, [fr.from(hand, 0.35, a + 180), tip]);
      sil.fill.poly([
        fr.from(tip, 0.03, a - 90),
        fr.from(tip, 0.14, a),
        fr.from(tip, 0.03, a + 90),
      ]);
      sil.glowLines.M(...tip).L(...fr.from(tip, 0.12, a));
      break;
    }
    case "club": {
      const top = fr.from(hand, 0.3, up);
      tube(sil.fill, [hand, lerp(hand, top, 0.5), top], [0.03 * H, 0.06 * H, 0.1 * H]);
      break;
    }
    case "shovel": {
      const top = fr.from(hand, 0.25, -10);
      const bottom = fr.from(hand, 0.45, 175);
      sil.line(0.025 * H, [top, bottom]);
      sil.fill.poly([
        fr.from(bottom, 0.05, 85),
        fr.from(bottom, 0.12, 165),
        fr.from(bottom, 0.12, 195),
        fr.from(bottom, 0.05, 275),
      ]);
      break;
    }
    case "book": {
      const o = fr.from(hand, 0.06, 60);
      sil.fill.poly([
        fr.from(o, 0.09, -40),
        fr.from(o, 0.09, 40),
        fr.from(o, 0.09, 140),
        fr.from(o, 0.09, 220),
      ]);
      sil.glowLines.M(...fr.from(o, 0.06, -30)).L(...fr.from(o, 0.06, 150));
      break;
    }
    case "lantern": {
      const o = fr.from(hand, 0.12, 180);
      sil.line(0.012 * H, [hand, o]);
      sil.glow.poly([
        fr.from(o, 0.05, 60),
        fr.from(o, 0.05, 120),
        fr.from(o, 0.1, 150),
        fr.from(o, 0.1, 210),
      ]);
      sil.glow.circle(o[0], o[1] + 0.06 * H, 0.045 * H);
      break;
    }
    case "bomb": {
      const o = fr.from(hand, 0.08, 0);
      sil.fill.circle(o[0], o[1], 0.07 * H);
      const fuse = fr.from(o, 0.12, 40);
      sil.line(0.015 * H, [fr.from(o, 0.06, 30), fuse]);
      sil.glow.circle(fuse[0], fuse[1], 0.035 * H);
      break;
    }
    case "sack": {
      const o = fr.from(back, 0.1, -20);
      ellipse(sil.fill, o, 0.12 * H, 0.11 * H);
      break;
    }
    default:
      break;
  }
}

function shield(d: Draw, fr: Frame, hand: Pt, k: number): void {
  const H = fr.H;
  const c: Pt = [hand[0] + fr.f * 0.03 * H, hand[1]];
  const w = 0.13 * H * k;
  const h = 0.19 * H * k;
  d.sil.fill.poly([
    [c[0] - w, c[1] - h * 0.8],
    [c[0], c[1] - h],
    [c[0] + w, c[1] - h * 0.8],
    [c[0] + w * 0.9, c[1] + h * 0.2],
    [c[0], c[1] + h],
    [c[0] - w * 0.9, c[1] + h * 0.2],
  ]);
  d.sil.detail
    .M(c[0], c[1] - h * 0.8)
    .L(c[0], c[1] + h * 0.8)
    .M(c[0] - w * 0.7, c[1] - h * 0.2)
    .L(c[0] + w * 0.7, c[1] - h * 0.2);
}

/** A pair of wings from the back point `at`; span in figure units. */
function wings(d: Draw, kind: "bat" | "feather", fr: Frame, at: Pt, span: number): void {
  const { sil, rng } = d;
  const lift = rng.range(-15, 20);
  for (const side of [-1, 1]) {
    const dir = side === 1 ? 50 : -50;
    const a0 = dir + lift * (side === 1 ? 1 : -1) * 0.5;
    if (kind === "bat") {
      const wrist = fr.from(at, span * 0.55, a0 - side * 10);
      const pts: Pt[] = [at, wrist];
      const fingers = 3;
      for (let i = 0; i < fingers; i++) {
        const fa = a0 + side * (25 + i * 38);
        const tip = fr.from(wrist, span * (0.6 - i * 0.1), fa);
        pts.push(tip);
        const next = fr.from(wrist, span * 0.3, fa + side * 22);
        pts.push(next);
      }
      pts.push(fr.from(at, span * 0.1, 180));
      sil.fill.poly(pts);
      sil.line(fr.H * 0.02, [at, wrist]);
    } else {
      const pts: Pt[] = [at];
      const n = 6;
      const tipBase = fr.from(at, span * 0.7, a0);
      for (let i = 0; i <= n; i++) {
        const t = i / n;
        const base = lerp(tipBase, fr.from(at, span * 0.1, a0 + side * 120), t);
        pts.push(fr.from(base, span * (0.3 - t * 0.15), a0 + side * (70 + t * 60)));
        pts.push(lerp(base, at, 0.12));
      }
      sil.fill.poly(pts);
    }
  }
}

function beast(d: Draw, s: Subject, fr: Frame): Pt {
  const { sil, rng } = d;
  const H = fr.H;
  const kind = s.beast;
  const low = kind === "rat" ? 0.55 : 1;
  const legH = (kind === "rat" ? 0.18 : kind === "dragon" ? 0.28 : 0.34) + (s.flying ? 0.2 : 0);
  const bodyW =
    (kind === "dragon" ? 0.32 : kind === "rat" ? 0.3 : 0.26) * (s.build === "bulky" ? 1.2 : 1);
  const prowl = rng.range(-0.05, 0.08);
  const rear = fr.P(-0.42, legH + bodyW / 2);
  const front = fr.P(0.28, legH + bodyW / 2 + 0.04 - prowl);
  const mid = fr.P(-0.08, legH + bodyW / 2 + 0.06 * low);
  // tail
  const tailLen = kind === "rat" ? 0.7 : kind === "dragon" ? 0.75 : 0.45;
  const tEnd = fr.P(-0.42 - tailLen, kind === "rat" ? 0.05 : legH + rng.range(0.1, 0.4));
  const tail = curve(rear, fr.P(-0.6 - tailLen / 3, legH - 0.1), tEnd, 6);
  tube(sil.fill, tail, taper(bodyW * H * 0.45, 0.01 * H, 6));
  if (kind === "dragon") {
    const end = tail[tail.length - 1] as Pt;
    sil.fill.poly([end, fr.from(end, 0.08, -150), fr.from(end, 0.08, -60)]);
  }
  if (kind === "hound") sil.fill.circle(tEnd[0], tEnd[1], 0.05 * H);
  if (s.wings !== "none")
    wings(d, s.wings, fr, fr.from(front, 0.06, -40), kind === "dragon" ? 0.95 : 0.7);
  // legs
  const legW = (kind === "rat" ? 0.05 : 0.075) * H * (s.build === "bulky" ? 1.3 : 1);
  const lift = s.flying ? 0.2 : 0;
  const leg = (o: Pt, dx: number, bend: number): void => {
    const foot = fr.P(dx, lift);
    const knee: Pt = [(o[0] + foot[0]) / 2 + fr.f * bend * H, (o[1] + foot[1]) / 2];
    sil.line(legW, [o, knee, foot]);
  };
  leg(rear, -0.46 + rng.range(-0.05, 0.05), -0.06);
  leg(rear, -0.3, -0.04);
  leg(front, 0.28 + prowl, 0.04);
  leg(front, 0.42 + rng.range(0, 0.1), 0.05);
  // body
  tube(
    sil.fill,
    curve(rear, mid, front, 6),
    [0.8, 0.95, 1, 1, 1, 0.95, 0.85].map((k) => k * bodyW * H),
  );
  // neck(s) and head(s)
  let topHead: Pt = front;
  const heads = Math.max(1, s.heads);
  for (let i = 0; i < heads; i++) {
    const spread = (i - (heads - 1) / 2) * 28;
    const neckLen = kind === "dragon" ? 0.45 : kind === "rat" ? 0.08 : 0.2;
    const up = (kind === "dragon" ? rng.range(10, 35) : rng.range(35, 70)) + spread;
    const neckEnd = fr.from(front, neckLen, up);
    tube(
      sil.fill,
      curve(front, fr.from(front, neckLen * 0.6, up + 25), neckEnd, 4),
      taper(bodyW * H * 0.7, bodyW * H * 0.4, 4),
    );
    const hu =
      (kind === "rat" ? 0.09 : kind === "dragon" ? 0.09 : 0.1) * (s.build === "small" ? 1.2 : 1);
    const c = neckEnd;
    const snoutA = kind === "griffin" ? 115 : 100 + (i - (heads - 1) / 2) * 15;
    const snout = fr.from(c, hu * (kind === "rat" ? 2.4 : kind === "griffin" ? 1.6 : 2), snoutA);
    sil.fill.poly([
      fr.from(c, hu, -20),
      fr.from(c, hu * 1.1, 50),
      snout,
      fr.from(c, hu * 0.8, 160),
      fr.from(c, hu, 220),
    ]);
    if (kind === "chimera" && i === 0) {
      // a mane
      const mane: Pt[] = [];
      for (let k = 0; k < 10; k++) mane.push(fr.from(c, hu * (k % 2 ? 1.1 : 1.9), -120 + k * 26));
      sil.fill.poly(mane);
    }
    const earA = [-10, 30];
    for (const a of earA) {
      const root = fr.from(c, hu * 0.8, a);
      if (kind === "rat") sil.fill.circle(...fr.from(root, hu * 0.4, a), hu * H * 0.5);
      else if (kind === "dragon")
        tube(
          sil.fill,
          curve(root, fr.from(root, hu * 1.5, a - 40), fr.from(root, hu * 2.2, a - 90), 3),
          [hu * H * 0.5, hu * H * 0.4, hu * H * 0.25, 0.3],
        );
      else
        sil.fill.poly([
          fr.from(root, hu * 0.4, a - 70),
          fr.from(root, hu * 1.3, a - 10),
          fr.from(root, hu * 0.4, a + 70),
        ]);
    }
    eyes(sil, fr.from(c, hu * 0.5, 70), hu * H * 0.25);
    if (neckEnd[1] < topHead[1]) topHead = neckEnd;
  }
  if (s.bones) {
    for (let i = 0; i < 4; i++) {
      const o = lerp(rear, front, 0.25 + i * 0.15);
      sil.detail.M(o[0], o[1] - bodyW * H * 0.35).L(o[0], o[1] + bodyW * H * 0.35);
    }
  }
  return topHead;
}

function bat(d: Draw, fr: Frame): Pt {
  const H = fr.H;
  const c = fr.P(0, 0.5);
  ellipse(d.sil.fill, c, 0.07 * H, 0.11 * H);
  d.sil.fill.circle(c[0], c[1] - 0.12 * H, 0.06 * H);
  for (const side of [-1, 1])
    d.sil.fill.poly([
      fr.from([c[0], c[1] - 0.12 * H], 0.05, side * 25),
      fr.from([c[0], c[1] - 0.12 * H], 0.13, side * 15),
      fr.from([c[0], c[1] - 0.12 * H], 0.05, side * 70),
    ]);
  wings(d, "bat", new Frame(c[0], c[1], H, 1), [c[0], c[1] - 0.05 * H], 0.5);
  eyes(d.sil, [c[0] + fr.f * 0.025 * H, c[1] - 0.13 * H], 0.015 * H);
  return [c[0], c[1] - 0.2 * H];
}

function structure(d: Draw, s: Subject, fr: Frame): Pt {
  const { sil, rng } = d;
  const H = fr.H;
  const w = 0.5;
  switch (s.structure) {
    case "wall":
    case "rampart": {
      const top = 0.62;
      const pts: Pt[] = [fr.P(-w, 0), fr.P(-w, top)];
      const n = 5;
      for (let i = 0; i < n; i++) {
        const x0 = -w + (i * 2 * w) / n;
        const x1 = x0 + (2 * w) / n;
        pts.push(
          fr.P(x0, top + 0.1),
          fr.P(x0 + (x1 - x0) * 0.55, top + 0.1),
          fr.P(x0 + (x1 - x0) * 0.55, top),
          fr.P(x1, top),
        );
      }
      pts.push(fr.P(w, 0));
      sil.fill.poly(pts);
      for (let r = 1; r < 6; r++) {
        const y = (top * r) / 6;
        sil.detail.M(...fr.P(-w, y)).L(...fr.P(w, y));
        for (let c = 0; c < 4; c++) {
          const x = -w + ((c + (r % 2) * 0.5 + 0.25) * 2 * w) / 4;
          sil.detail.M(...fr.P(x, y)).L(...fr.P(x, y - top / 6));
        }
      }
      if (s.structure === "rampart") {
        for (let i = 0; i < 5; i++) {
          const y = 0.12 + i * 0.11;
          const x = w * (i % 2 ? 0.9 : 1);
          sil.fill.poly([
            fr.P(x - 0.05, y - 0.03),
            fr.P(x + 0.28, y + 0.06 + rng.range(0, 0.06)),
            fr.P(x - 0.05, y + 0.03),
          ]);
        }
      }
      sil.glow.circle(...fr.P(rng.range(-0.2, 0.2), 0.3), 0.025 * H);
      return fr.P(0, top + 0.1);
    }
    case "hedge": {
      const blobs = 7;
      for (let i = 0; i < blobs; i++) {
        const t = i / (blobs - 1);
        const c = fr.P(-0.55 + t * 1.1, 0.15 + Math.sin(t * Math.PI) * 0.25 + rng.range(0, 0.08));
        sil.fill.circle(c[0], c[1], H * rng.range(0.14, 0.2));
      }
      sil.fill.poly([fr.P(-0.6, 0), fr.P(-0.6, 0.2), fr.P(0.6, 0.2), fr.P(0.6, 0)]);
      for (let i = 0; i < 14; i++) {
        const a = rng.range(-80, 80);
        const o = fr.P(rng.range(-0.5, 0.5), rng.range(0.2, 0.5));
        sil.fill.poly([fr.from(o, 0.025, a - 90), fr.from(o, 0.12, a), fr.from(o, 0.025, a + 90)]);
      }
      for (let i = 0; i < 4; i++)
        sil.glow.circle(...fr.P(rng.range(-0.4, 0.4), rng.range(0.15, 0.4)), 0.02 * H);
      return fr.P(0, 0.55);
    }
    case "door": {
      const pts: Pt[] = [fr.P(-0.5, 0)];
      for (let i = 0; i <= 8; i++) {
        const a = Math.PI - (i * Math.PI) / 8;
        pts.push(
          fr.P(
            Math.cos(a) * 0.5 + rng.range(-0.03, 0.03),
            0.55 + Math.sin(a) * 0.38 + rng.range(0, 0.05),
          ),
        );
      }
      pts.push(fr.P(0.5, 0));
      sil.fill.poly(pts);
      // the door in the arch: planks and a glowing ring
      for (let i = -2; i <= 2; i++)
        sil.detail.M(...fr.P(i * 0.1, 0)).L(...fr.P(i * 0.1, 0.6 - Math.abs(i) * 0.04));
      sil.detail
        .M(...fr.P(-0.28, 0))
        .L(...fr.P(-0.28, 0.55))
        .A(0.28 * H, 0.28 * H, 0, 1, ...fr.P(0.28, 0.55))
        .L(...fr.P(0.28, 0));
      sil.glowLines.M(...fr.P(0.12, 0.3)).A(0.04 * H, 0.04 * H, 1, 1, ...fr.P(0.12, 0.22));
      return fr.P(0, 0.93);
    }
    case "coffin": {
      sil.fill.poly([
        fr.P(-0.12, 0),
        fr.P(-0.24, 0.65),
        fr.P(-0.14, 0.85),
        fr.P(0.14, 0.85),
        fr.P(0.24, 0.65),
        fr.P(0.12, 0),
      ]);
      // the lid ajar
      sil.fill.poly([
        fr.P(0.14, 0),
        fr.P(0.36, 0.62),
        fr.P(0.3, 0.82),
        fr.P(0.2, 0.82),
        fr.P(0.28, 0.62),
        fr.P(0.1, 0),
      ]);
      sil.glowLines
        .M(...fr.P(0.15, 0.05))
        .L(...fr.P(0.26, 0.64))
        .L(...fr.P(0.17, 0.82));
      sil.detail
        .M(...fr.P(0, 0.35))
        .L(...fr.P(0, 0.72))
        .M(...fr.P(-0.08, 0.6))
        .L(...fr.P(0.08, 0.6));
      eyes(sil, fr.P(0.04, 0.62), 0.015 * H);
      return fr.P(0, 0.85);
    }
    default: {
      // totem: stacked carved blocks, wings on top
      const blocks = 3;
      for (let i = 0; i < blocks; i++) {
        const y0 = i * 0.24;
        const bw = 0.16 - i * 0.01;
        sil.fill.poly([
          fr.P(-bw, y0),
          fr.P(-bw - 0.03, y0 + 0.2),
          fr.P(bw + 0.03, y0 + 0.2),
          fr.P(bw, y0),
        ]);
        sil.glow
          .circle(...fr.P(-0.06, y0 + 0.13), 0.02 * H)
          .circle(...fr.P(0.06, y0 + 0.13), 0.02 * H);
        sil.detail.M(...fr.P(-0.08, y0 + 0.05)).L(...fr.P(0.08, y0 + 0.05));
      }
      sil.fill.poly([
        fr.P(-0.45, 0.76),
        fr.P(-0.12, 0.68),
        fr.P(0, 0.92),
        fr.P(0.12, 0.68),
        fr.P(0.45, 0.76),
        fr.P(0.1, 0.62),
        fr.P(-0.1, 0.62),
      ]);
      return fr.P(0, 0.92);
    }
  }
}

function elemental(d: Draw, s: Subject, fr: Frame): Pt {
  const { sil, rng } = d;
  const H = fr.H;
  if (s.element === "air") {
    for (let i = 0; i < 7; i++) {
      const t = i / 6;
      const c = fr.P(Math.sin(t * 5) * 0.06, 0.1 + t * 0.75);
      const rx = (0.06 + t * 0.32) * H;
      sil.glowLines.M(c[0] - rx, c[1]).A(rx, rx * 0.28, 0, 0, c[0] + rx, c[1]);
      sil.detail
        .M(c[0] - rx * 0.8, c[1] + 2)
        .A(rx * 0.8, rx * 0.2, 0, 0, c[0] + rx * 0.8, c[1] + 2);
    }
    tube(
      sil.fill,
      curve(fr.P(0, 0.05), fr.P(0.1, 0.4), fr.P(0, 0.8), 6),
      taper(0.04 * H, 0.5 * H, 6),
    );
    eyes(sil, fr.P(0.06, 0.68), 0.025 * H);
    eyes(sil, fr.P(-0.06, 0.68), 0.025 * H);
    return fr.P(0, 0.9);
  }
  // fire: a dark figure with raised arms inside a tall flame; the flame is
  // light behind it (sil.back), with brighter tongues licking its edges
  const outer: Pt[] = [fr.P(-0.3, 0)];
  const n = 11;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const x = -0.3 + t * 0.6;
    const top = 0.55 + Math.sin(t * Math.PI) * 0.4;
    outer.push(fr.P(x + rng.range(-0.04, 0.04), i % 2 ? top * 0.72 : top + rng.range(0, 0.15)));
  }
  outer.push(fr.P(0.3, 0));
  sil.back.poly(outer);
  const core = fr.P(0, 0.05);
  tube(sil.fill, curve(core, fr.P(0.03, 0.3), fr.P(0, 0.55), 4), taper(0.2 * H, 0.12 * H, 4));
  sil.fill.circle(...fr.P(0.02, 0.64), 0.08 * H);
  for (const side of [-1, 1]) {
    const sh = fr.P(side * 0.07, 0.5);
    const elbow = fr.P(side * 0.2, 0.62);
    const hand = fr.P(side * 0.22, 0.82);
    sil.line(0.05 * H, [sh, elbow, hand]);
    // a flame in each hand
    sil.glow.poly([
      [hand[0] - 0.04 * H, hand[1]],
      [hand[0] + side * 0.02 * H, hand[1] - 0.14 * H],
      [hand[0] + 0.04 * H, hand[1]],
    ]);
  }
  for (let i = 0; i < 5; i++) {
    const o = fr.P(rng.range(-0.2, 0.2), rng.range(0.1, 0.45));
    sil.glow.poly([
      [o[0] - 0.025 * H, o[1]],
      [o[0], o[1] - rng.range(0.08, 0.16) * H],
      [o[0] + 0.025 * H, o[1]],
    ]);
  }
  eyes(sil, fr.P(0.05, 0.66), 0.02 * H);
  return fr.P(0, 0.95);
}

function spirit(d: Draw, s: Subject, fr: Frame): Pt {
  const H = fr.H;
  if (s.held === "lantern") {
    // a wisp: a glowing orb with a trailing tail
    const c = fr.P(0, 0.5);
    d.sil.glow.circle(c[0], c[1], 0.13 * H);
    tube(d.sil.glow, curve(c, fr.P(-0.3, 0.3), fr.P(-0.5, 0.55), 5), taper(0.2 * H, 0.01 * H, 5));
    d.sil.fill.circle(c[0], c[1], 0.06 * H);
    return fr.P(0, 0.65);
  }
  return humanoid(
    d,
    { ...s, robe: true, pose: "float", head: s.head === "bare" ? "hood" : s.head },
    fr,
    false,
  );
}

function plant(d: Draw, s: Subject, fr: Frame): Pt {
  const { sil, rng } = d;
  const H = fr.H;
  const small = s.build === "small";
  const trunkTop = fr.P(rng.range(-0.05, 0.05), small ? 0.5 : 0.62);
  tube(
    sil.fill,
    curve(fr.P(0, 0), fr.P(0.05, 0.3), trunkTop, 4),
    taper((small ? 0.1 : 0.26) * H, (small ? 0.05 : 0.16) * H, 4),
  );
  // roots
  for (const dx of [-0.3, -0.15, 0.18, 0.32])
    sil.fill.poly([fr.P(dx * 0.5, 0.12), fr.P(dx, 0), fr.P(dx * 0.4, 0)]);
  // branch arms
  const arms = small ? 2 : 4;
  for (let i = 0; i < arms; i++) {
    const side = i % 2 ? -1 : 1;
    const o = fr.P(0, (small ? 0.3 : 0.4) + i * 0.06);
    const tip = fr.from(o, small ? 0.25 : 0.45, side * rng.range(40, 90));
    sil.line((small ? 0.03 : 0.06) * H, [o, fr.from(o, 0.2, side * 50), tip]);
    if (!small) sil.line(0.025 * H, [tip, fr.from(tip, 0.12, side * 20)]);
  }
  // canopy
  const leaves = small ? 4 : 7;
  for (let i = 0; i < leaves; i++) {
    const c = fr.from(trunkTop, rng.range(0.05, small ? 0.14 : 0.26), rng.range(-110, 110));
    sil.fill.circle(c[0], c[1], H * rng.range(small ? 0.06 : 0.1, small ? 0.1 : 0.16));
  }
  if (!small) {
    eyes(sil, fr.P(-0.04, 0.45), 0.02 * H);
    eyes(sil, fr.P(0.06, 0.45), 0.02 * H);
  }
  for (let i = 0; i < 3; i++)
    sil.glow.circle(...fr.from(trunkTop, rng.range(0.1, 0.3), rng.range(-100, 100)), 0.015 * H);
  return fr.from(trunkTop, 0.3, 0);
}
