/**
 * People (and earth elementals, lamias, imps...): a skeleton posed by
 * `Subject.pose` and sized by `Subject.build`, then, back to front, a cape,
 * hair and wings, legs (or a robe or a snake's tail), the torso, the head
 * with its headgear, the arms with what they hold, and the eyes.
 */

import type { Rng } from "../shared/rng.ts";
import { headgear, held, shield, wings } from "./figure-gear.ts";
import {
  curve,
  type Draw,
  ellipse,
  eyes,
  type Frame,
  lerp,
  type Pt,
  taper,
  tube,
} from "./figure-kit.ts";
import type { Subject } from "./subject.ts";

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

/** The joints of a posed person, in picture units. */
interface Skeleton {
  b: (typeof BUILDS)[keyof typeof BUILDS];
  pose: PoseAngles;
  /** How far a flyer is lifted; figure units. */
  lift: number;
  /** A robe, a tail or floating: no legs drawn. */
  noLegs: boolean | undefined;
  hip: Pt;
  neck: Pt;
  headC: Pt;
  hr: number;
  shW: number;
  /** Shoulders and waist, front and back. */
  shF: Pt;
  shB: Pt;
  wF: Pt;
  wB: Pt;
}

function skeleton(rng: Rng, s: Subject, fr: Frame): Skeleton {
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
  return { b, pose, lift, noLegs, hip, neck, headC, hr, shW, shF, shB, wF, wB };
}

/** Behind the body: cape, hair, wings. */
function behindBody(d: Draw, s: Subject, fr: Frame, k: Skeleton): void {
  const { sil, rng } = d;
  const { b, pose, lift, noLegs, neck, headC, shF, shB } = k;
  const H = fr.H;
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
}

/** Legs, a robe or a snake's tail. */
function lowerBody(d: Draw, s: Subject, fr: Frame, k: Skeleton): void {
  const { sil } = d;
  const { b, pose, lift, noLegs, hip, shW, shF, shB } = k;
  const H = fr.H;
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
}

export function humanoid(d: Draw, s: Subject, fr: Frame, rocky: boolean): Pt {
  const { sil, rng } = d;
  const k = skeleton(rng, s, fr);
  const { b, pose, neck, headC, hr, shF, shB, wF, wB } = k;
  const H = fr.H;
  behindBody(d, s, fr, k);
  lowerBody(d, s, fr, k);

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
