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
  PLAIN,
  type Pt,
  type Race,
  taper,
} from "./figure-kit.ts";
import { boulder, seams, stoneLimb } from "./figure-rock.ts";
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
    sil.as("cloth2").poly(pts);
    // folds: lines from the shoulders to the hem's points
    for (let i = 1; i < n; i++)
      sil.ink.M(...lerp(shB, shF, 0.5)).L(...lerp(pts[i + 1] as Pt, neck, 0.15));
  }
  if (s.hair) {
    const back = fr.from(headC, b.head * 0.9, -100);
    sil
      .as("hair")
      .poly([
        fr.from(headC, b.head, -20),
        fr.from(headC, b.head * 1.1, -80),
        [back[0] - fr.f * H * 0.1, back[1] + H * 0.24],
        [back[0] - fr.f * H * 0.02, back[1] + H * 0.2],
        fr.from(neck, 0.02, 90),
      ]);
    // strands
    for (const t of [0.35, 0.6, 0.85])
      sil.ink
        .M(...fr.from(headC, b.head * 0.9, -60))
        .L(back[0] - fr.f * H * 0.06 * t, back[1] + H * 0.2 * t);
  }
  if (s.wings !== "none") wings(d, s.wings, fr, fr.from(neck, 0.04, pose.lean + 180), 0.55);
}

/** Legs (trousers and boots), a robe or a snake's tail. */
function lowerBody(d: Draw, s: Subject, fr: Frame, k: Skeleton, look: Race, rocky = false): void {
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
    const widths = taper(shW * 0.62 * H, 0.015 * H, pts.length - 1);
    sil.as("hide").tube(pts, widths);
    // scales: bands across the tail
    for (let i = 1; i < pts.length - 1; i++) {
      const p = pts[i] as Pt;
      const w = (widths[i] ?? 0) * 0.4;
      sil.ink.M(p[0] - w * 0.3, p[1] - w).L(p[0] + w * 0.3, p[1] + w);
    }
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
    sil.as("cloth").poly(pts);
    // the robe's folds and a trim down its front
    for (let i = 1; i < n; i++) sil.ink.M(...lerp(shB, shF, 0.5)).L(...(pts[i + 1] as Pt));
    sil
      .paint("gold")
      .line(Math.max(0.6, H * 0.012), [
        lerp(shF, shB, 0.3),
        fr.P(spread / 2 - 0.06, hem + lift + 0.01),
      ]);
  } else {
    const lw = b.limb * H * 1.15;
    const footF = s.pose === "leap" ? fr.P(0.16, 0.18 + lift) : fr.P(pose.stance / 2 + 0.02, lift);
    const footB = fr.P(-pose.stance / 2, lift + (s.pose === "leap" ? 0.06 : 0));
    const knee = (foot: Pt, fwd: number): Pt => [
      (hip[0] + foot[0]) / 2 + fr.f * fwd * H,
      (hip[1] + foot[1]) / 2,
    ];
    const legs = look.bare ? "skin" : "cloth2";
    for (const [foot, fwd] of [
      [footB, 0.02],
      [footF, 0.05],
    ] as const) {
      const kn = knee(foot, fwd);
      sil.as(legs).line(lw, [hip, kn, foot]);
      if (rocky) {
        stoneLimb(d, kn, foot, lw * 1.1);
        continue;
      }
      // a boot from below the knee, and the foot
      sil.as(look.bare ? "skin" : "leather").line(lw * 1.05, [lerp(kn, foot, 0.35), foot]);
      sil
        .as(look.bare ? "skin" : "leather")
        .line(lw * 0.8, [foot, [foot[0] + fr.f * 0.05 * H, foot[1]]]);
    }
  }
}

/** The torso: a tunic, a breastplate and pauldrons on the armoured, a belt with a buckle. */
function torso(d: Draw, s: Subject, fr: Frame, k: Skeleton, look: Race, rocky: boolean): void {
  const { sil, rng } = d;
  const { b, neck, shF, shB, wF, wB } = k;
  const H = fr.H;
  sil.as(rocky || look.stone ? "skin" : "cloth").poly([shB, shF, wF, wB]);
  if (look.stone && !rocky) {
    // a golem: a chest plate with rivets, and a crack
    sil
      .paint("metal")
      .fill.poly([
        lerp(shB, shF, 0.15),
        lerp(shF, shB, 0.1),
        lerp(lerp(shF, wF, 0.55), lerp(shB, wB, 0.55), 0.15),
        lerp(lerp(shF, wF, 0.6), lerp(shB, wB, 0.6), 0.8),
      ]);
    for (const t of [0.25, 0.5, 0.75]) {
      const o = lerp(lerp(shB, shF, 0.15), lerp(shF, shB, 0.1), t);
      sil.shine.circle(o[0], o[1] + b.limb * H * 0.25, Math.max(0.4, b.limb * H * 0.07));
    }
    sil.ink
      .M(...lerp(shB, wF, 0.55))
      .L(...lerp(shB, wF, 0.7))
      .L(...lerp(wB, wF, 0.75));
    return;
  }
  if (rocky) {
    // stacked stone: a boulder at each corner of the chest and at the neck, glowing seams
    const stones = [wB, wF, shB, shF, neck];
    for (const [i, o] of stones.entries()) {
      const rx = b.limb * H * rng.range(1.1, 1.5);
      boulder(d, o, rx, b.limb * H * rng.range(0.95, 1.25), i % 2 ? "hide" : "skin");
    }
    seams(d, shF, shB, wF, wB);
    return;
  }
  if (s.bones) {
    // ribs over a dark chest
    for (let i = 0; i < 4; i++) {
      const y = 0.15 + i * 0.18;
      sil
        .paint("bone")
        .line(Math.max(0.6, b.limb * H * 0.35), [
          lerp(lerp(shB, wB, y), lerp(shF, wF, y), 0.15),
          lerp(lerp(shB, wB, y + 0.06), lerp(shF, wF, y + 0.06), 0.85),
        ]);
    }
    sil.paint("bone").line(Math.max(0.6, b.limb * H * 0.3), [neck, lerp(wB, wF, 0.5)]);
  } else if (look.armour) {
    const inset = (p: Pt, q: Pt, t: number): Pt => lerp(p, q, t);
    sil
      .paint("metal")
      .fill.poly([
        inset(shB, shF, 0.12),
        inset(shF, shB, 0.12),
        inset(wF, shF, 0.3),
        lerp(wF, wB, 0.5),
        inset(wB, shB, 0.3),
      ]);
    sil.ink.M(...lerp(shB, shF, 0.5)).L(...lerp(wB, wF, 0.5));
  } else {
    // a neckline
    sil.ink
      .M(...lerp(shB, shF, 0.3))
      .L(...lerp(lerp(shB, wB, 0.3), lerp(shF, wF, 0.3), 0.55))
      .L(...lerp(shB, shF, 0.75));
  }
  if (!s.robe && !s.bones && !look.stone) {
    const belt = Math.max(0.8, H * 0.03);
    const a = lerp(wB, shB, 0.1);
    const c = lerp(wF, shF, 0.1);
    sil.paint("leather").line(belt, [a, c]);
    const m = lerp(a, c, 0.6);
    sil.paint("gold").fill.poly([
      [m[0] - belt * 0.5, m[1] - belt * 0.5],
      [m[0] + belt * 0.5, m[1] - belt * 0.5],
      [m[0] + belt * 0.5, m[1] + belt * 0.5],
      [m[0] - belt * 0.5, m[1] + belt * 0.5],
    ]);
  }
}

/** Pauldrons over the shoulders of the armoured. */
function pauldron(d: Draw, fr: Frame, sh: Pt, k: Skeleton): void {
  const r = k.b.limb * fr.H * (k.b === BUILDS.bulky ? 0.62 : 0.9);
  const a = k.pose.lean;
  // a plate over the shoulder: a dome, flat underneath, with a gold edge
  const pts: Pt[] = [];
  for (let i = 0; i <= 6; i++) pts.push(fr.from(sh, (r * 1.15) / fr.H, a - 90 + i * 30));
  d.sil.as("metal").poly(pts);
  d.sil.paint("gold").line(Math.max(0.6, r * 0.2), [pts[0] as Pt, pts[6] as Pt]);
}

/** Head radius (picture units) under which a face is drawn bold: one dark eye, a brow. */
const SMALL_HEAD = 8;

/** A face looking the figure's way: nose, eye, brow, mouth, and the race's features. */
function face(d: Draw, s: Subject, fr: Frame, k: Skeleton, look: Race): void {
  const { sil } = d;
  const { b, pose, headC, hr } = k;
  const hu = b.head;
  const at = (r: number, a: number): Pt => fr.from(headC, hu * r, pose.lean * 0.6 + a);
  const skull = s.head === "skull" || look.undead;
  // the nose, out of the head's outline
  if (!skull) sil.as("skin").poly([at(0.85, 60), at(1.22, 100), at(0.9, 118)]);
  const eye = at(0.35, 70);
  const er = Math.max(0.45, hr * 0.17);
  if (skull) {
    // a socket with a spark in it, and teeth
    ellipse(sil.inkFill, eye, er * 1.6, er * 1.4);
    const back = at(0.45, -20);
    ellipse(sil.inkFill, back, er * 1.2, er * 1.2);
    sil.shine.poly([at(0.8, 125), at(0.95, 140), at(0.75, 150)]);
    sil.ink.M(...at(0.7, 120)).L(...at(0.85, 150));
  } else if (look.glowEyes) {
    sil.ink.M(...at(0.55, 45)).L(...at(0.6, 80));
  } else if (hr < SMALL_HEAD) {
    // a small head (a full figure): one dark eye with a catchlight, big enough to
    // read at hand size, under a brow; a mouth would be under a pixel
    ellipse(sil.inkFill, eye, hr * 0.2, hr * 0.26);
    ellipse(sil.shine, at(0.42, 62), hr * 0.07, hr * 0.07);
    sil.ink.M(...at(0.62, 28)).L(...at(0.66, 78));
  } else {
    ellipse(sil.shine, eye, er * 1.3, er * 0.8);
    const pupil = fr.from(eye, (er * 0.5) / fr.H, 90);
    ellipse(sil.inkFill, pupil, er * 0.6, er * 0.7);
    // the brow, lower and angrier on fighters
    const fierce = s.pose === "lunge" || s.pose === "crouch" || look.tusks || look.horns;
    sil.ink.M(...at(0.55, fierce ? 30 : 25)).L(...at(0.62, fierce ? 80 : 70));
    // the mouth
    sil.ink.M(...at(0.55, 128)).L(...at(0.78, fierce ? 125 : 120));
  }
  if (look.tusks) {
    for (const a of [112, 128]) sil.shine.poly([at(0.8, a + 12), at(1.05, a - 8), at(0.85, a)]);
  }
  if (look.ears !== "none" && s.head !== "hood" && s.head !== "helm" && s.head !== "ears") {
    const root = at(0.25, -40);
    const long = look.ears === "elf" ? 1.5 : 1.1;
    sil
      .as("skin")
      .poly([
        fr.from(root, hu * 0.35, pose.lean - 20),
        fr.from(root, hu * long, pose.lean - 70),
        fr.from(root, hu * 0.35, pose.lean + 160),
      ]);
  }
}

/** Hair over the top and back of a bare head. */
function hairCap(d: Draw, fr: Frame, k: Skeleton): void {
  const { b, pose, headC } = k;
  const at = (r: number, a: number): Pt => fr.from(headC, b.head * r, pose.lean * 0.6 + a);
  d.sil
    .as("hair")
    .poly([
      at(1.08, 40),
      at(1.12, 0),
      at(1.1, -50),
      at(1.05, -110),
      at(0.8, -150),
      at(0.5, -60),
      at(0.7, 20),
    ]);
}

/** A high collar behind the head (vampires). */
function collar(d: Draw, fr: Frame, k: Skeleton): void {
  const { b, neck, headC } = k;
  const at = (o: Pt, r: number, a: number): Pt => fr.from(o, b.head * r, a);
  d.sil
    .as("cloth2")
    .poly([
      at(neck, 1.2, -80),
      at(headC, 1.5, -70),
      at(headC, 0.6, -120),
      at(neck, 0.3, 0),
      at(headC, 1.4, 40),
      at(neck, 1.3, 80),
    ]);
}

export function humanoid(d: Draw, s: Subject, fr: Frame, rocky: boolean): Pt {
  const { sil, rng } = d;
  const race = d.race ?? PLAIN;
  const k = skeleton(rng, s, fr);
  const { b, pose, neck, headC, hr, shF, shB } = k;
  const H = fr.H;
  const look: Race = rocky ? { ...race, bare: true, glowEyes: true, armour: false } : race;
  behindBody(d, s, fr, k);

  // arms: the back one behind the body, the front one over it
  const armW = b.limb * H * (s.build === "bulky" ? 1.1 : 0.85);
  const sleeve = rocky || look.bare ? "skin" : "cloth";
  const arm = (sh: Pt, a: number): [Pt, Pt] => {
    const elbow = fr.from(sh, b.arm / 2, 180 - a);
    const hand = fr.from(elbow, b.arm / 2, 180 - a - pose.bend);
    sil.as(sleeve).line(armW, [sh, elbow, hand]);
    if (rocky) {
      stoneLimb(d, elbow, hand, armW * 1.1);
      return [hand, elbow];
    }
    if (!look.bare)
      sil
        .as(look.armour ? "metal" : "leather")
        .line(armW * 1.1, [lerp(elbow, hand, 0.45), lerp(elbow, hand, 0.85)]);
    sil.as(s.bones ? "bone" : "skin").ellipse(hand, armW * 0.62, armW * 0.62);
    return [hand, elbow];
  };
  const [handB] = arm(shB, pose.back);
  lowerBody(d, s, fr, k, look, rocky);
  torso(d, s, fr, k, look, rocky);
  if (look.armour || (s.build === "bulky" && !rocky && !look.bare)) pauldron(d, fr, shB, k);
  if (look.collar) collar(d, fr, k);
  if (s.head === "hood") {
    // the hood's back is drawn before the face
    sil.as("cloth").ellipse(fr.from(headC, b.head * 0.25, pose.lean - 100), hr * 1.3, hr * 1.35);
  }

  // head and neck
  sil.as(s.bones ? "bone" : "skin").line(b.limb * H, [fr.from(neck, -0.02, pose.lean), headC]);
  const skin = s.head === "skull" || s.bones ? "bone" : "skin";
  if (s.head === "skull") {
    sil.as(skin).ellipse(headC, hr * 0.9, hr);
    sil
      .as(skin)
      .poly([
        fr.from(headC, b.head * 0.4, 120),
        fr.from(headC, b.head * 1.2, 170),
        fr.from(headC, b.head * 1.1, 200),
        fr.from(headC, b.head * 0.4, 240),
      ]);
  } else if (rocky) {
    boulder(d, headC, hr * 1.05, hr);
  } else {
    sil.as(skin).ellipse(headC, hr, hr * 1.08);
  }
  face(d, s, fr, k, { ...look, undead: look.undead || s.bones });
  if (
    (s.head === "bare" || s.head === "horns" || s.head === "crown") &&
    !rocky &&
    !s.bones &&
    !look.undead &&
    s.build !== "bulky"
  )
    hairCap(d, fr, k);
  headgear(d, s, fr, headC, b.head, pose.lean);
  if (look.horns && s.head !== "horns")
    headgear(d, { ...s, head: "horns" }, fr, headC, b.head * 0.8, pose.lean);

  // the front arm
  const [handF] = arm(shF, pose.front);
  if (look.armour) pauldron(d, fr, shF, k);
  held(d, s, fr, handF, handB, pose.front);
  if (s.shield) shield(d, fr, handF, s.build === "bulky" ? 1.4 : 1);
  // glowing eyes on the undead, demons, vampires and golems
  if (!d.race || look.glowEyes || s.head === "skull" || s.bones || rocky) {
    const eye = fr.from(headC, b.head * 0.35, 70);
    eyes(sil, eye, hr * (d.race ? 0.18 : 0.22));
  }
  return [headC[0], headC[1] - hr];
}
