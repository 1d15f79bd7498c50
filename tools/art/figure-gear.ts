/**
 * What a person wears and holds (figure-person.ts): headgear by `Subject.head`,
 * what the hands hold by `Subject.held`, a shield, and wings. Each table has
 * an entry for every value, so a new head or held thing must be drawn here.
 */

import { curve, type Draw, type Frame, lerp, type Pt, taper } from "./figure-kit.ts";
import type { Head, Held, Subject } from "./subject.ts";

interface HeadCtx {
  sil: Draw["sil"];
  rng: Draw["rng"];
  fr: Frame;
  H: number;
  /** The head's centre and size (figure units), the body's lean. */
  c: Pt;
  hu: number;
  lean: number;
  /** The top of the head. */
  top: Pt;
}

/** A crown of three points with a jewel. */
function crownHead(ctx: HeadCtx): void {
  const { sil, H, top, c, hu, lean, fr } = ctx;
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
  sil.as("gold").poly(pts);
  sil.glow.circle(top[0], top[1] - hu * H * 0.3, Math.max(0.8, hu * H * 0.16));
}

/** A pointed hood falling behind. */
function hoodHead(ctx: HeadCtx): void {
  const { sil, rng, c, hu, fr } = ctx;
  // the peak and the back of the hood, open on the face
  sil
    .as("cloth")
    .poly([
      fr.from(c, hu * 1.25, 75),
      fr.from(c, hu * 1.3, 35),
      fr.from(c, hu * 2.1, -25 + rng.range(-15, 15)),
      fr.from(c, hu * 1.9, 200),
      fr.from(c, hu * 1.6, 250),
      fr.from(c, hu * 0.6, -150),
      fr.from(c, hu * 0.8, -20),
      fr.from(c, hu * 0.85, 40),
    ]);
  // the shadow the hood casts on the face
  sil.ink.M(...fr.from(c, hu * 1.05, 70)).L(...fr.from(c, hu * 0.75, 30));
}

/** Two curved horns. */
function hornsHead(ctx: HeadCtx): void {
  const { sil, H, c, hu, lean, fr } = ctx;
  for (const side of [-1, 1]) {
    const root = fr.from(c, hu * 0.8, lean + side * 40);
    const mid = fr.from(root, hu * 1.2, lean + side * 75);
    const tip = fr.from(mid, hu * 1.1, lean + side * 10);
    sil.as("horn").tube(curve(root, mid, tip, 4), taper(hu * H * 0.5, 0.3, 4));
  }
}

/** A wide-brimmed pointed hat. */
function hatHead(ctx: HeadCtx): void {
  const { sil, rng, c, hu, lean, fr, H } = ctx;
  const brimL = fr.from(c, hu * 1.9, lean - 80);
  const brimR = fr.from(c, hu * 1.9, lean + 80);
  sil
    .as("cloth")
    .poly([
      brimL,
      fr.from(c, hu * 0.9, lean - 60),
      fr.from(c, hu * 3.2, lean - 15),
      fr.from(c, hu * 3.6, lean - 45 - rng.range(0, 30)),
      fr.from(c, hu * 0.9, lean + 60),
      brimR,
    ]);
  sil
    .paint("gold")
    .line(Math.max(0.6, hu * H * 0.25), [
      fr.from(c, hu * 1.05, lean - 62),
      fr.from(c, hu * 1.05, lean + 62),
    ]);
}

/** A helm with a crest. */
function helmHead(ctx: HeadCtx): void {
  const { sil, H, c, hu, lean, fr } = ctx;
  sil
    .as("metal")
    .poly([
      fr.from(c, hu * 1.1, lean - 70),
      fr.from(c, hu * 1.25, lean),
      fr.from(c, hu * 1.1, lean + 70),
      fr.from(c, hu * 1.0, lean + 120),
      fr.from(c, hu * 1.05, lean - 130),
    ]);
  // the visor's slit and a rivet line
  sil.inkFill.poly([
    fr.from(c, hu * 0.5, lean + 55),
    fr.from(c, hu * 1.12, lean + 72),
    fr.from(c, hu * 1.1, lean + 82),
    fr.from(c, hu * 0.5, lean + 70),
  ]);
  const crest = fr.from(c, hu * 1.25, lean);
  sil.as("cloth2").line(hu * H * 0.35, [crest, fr.from(crest, hu * 1.4, lean - 70)]);
}

/** Long pointed ears. */
function earsHead(ctx: HeadCtx): void {
  const { sil, c, hu, lean, fr } = ctx;
  for (const side of [-1, 1]) {
    const root = fr.from(c, hu * 0.7, lean + side * 80);
    sil
      .as("skin")
      .poly([
        fr.from(root, hu * 0.3, lean),
        fr.from(root, hu * 1.6, lean + side * 60),
        fr.from(root, hu * 0.3, lean + 180),
      ]);
  }
}

/** Three leaves sprouting. */
function leafHead(ctx: HeadCtx): void {
  const { sil, H, c, hu, lean, fr } = ctx;
  for (const a of [-40, 0, 40]) {
    const tip = fr.from(c, hu * 2.2, lean + a);
    const root = fr.from(c, hu * 0.7, lean + a);
    sil
      .as("cloth")
      .tube(curve(root, fr.from(root, hu * 0.8, lean + a - 20), tip, 3), [
        0.5,
        hu * H * 0.7,
        hu * H * 0.6,
        0.5,
      ]);
  }
}

const nothing = (): void => {};

const HEADGEAR: Record<Head, (ctx: HeadCtx) => void> = {
  crown: crownHead,
  hood: hoodHead,
  horns: hornsHead,
  hat: hatHead,
  helm: helmHead,
  ears: earsHead,
  leaf: leafHead,
  bare: nothing,
  skull: nothing,
};

export function headgear(d: Draw, s: Subject, fr: Frame, c: Pt, hu: number, lean: number): void {
  const top = fr.from(c, hu * 0.9, lean * 0.6);
  HEADGEAR[s.head]({ sil: d.sil, rng: d.rng, fr, H: fr.H, c, hu, lean, top });
}

interface HandCtx {
  sil: Draw["sil"];
  s: Subject;
  fr: Frame;
  H: number;
  /** The front hand, the back hand. */
  hand: Pt;
  back: Pt;
  /** The angle a held thing points at, from the front arm's. */
  up: number;
}

/** A sword, its edge lit. */
function swordInHand(ctx: HandCtx): void {
  const { sil, H, up, fr, s, hand } = ctx;
  const a = s.pose === "lunge" ? 90 : up;
  const tip = fr.from(hand, 0.42, a);
  sil.as("metal").line(0.035 * H, [hand, tip]);
  sil.glowLines.M(...fr.from(hand, 0.1, a)).L(...tip);
  sil.as("gold").line(0.025 * H, [fr.from(hand, 0.07, a - 90), fr.from(hand, 0.07, a + 90)]);
}

/** A dagger, and a second blade in the back hand. */
function daggerInHand(ctx: HandCtx): void {
  const { sil, H, up, fr, s, hand, back } = ctx;
  const a = s.pose === "crouch" || s.pose === "lunge" ? 95 : up + 20;
  const tip = fr.from(hand, 0.2, a);
  sil.as("metal").line(0.03 * H, [hand, tip]);
  sil.glowLines.M(...fr.from(hand, 0.06, a)).L(...tip);
  // a second blade in the back hand
  const tip2 = fr.from(back, 0.16, -140);
  sil.as("metal").line(0.028 * H, [back, tip2]);
}

/** A staff with a glowing top. */
function staffInHand(ctx: HandCtx): void {
  const { sil, H, fr, hand } = ctx;
  const bottom = fr.from(hand, 0.35, 180 - 5);
  const top = fr.from(hand, 0.45, -5);
  sil.as("leather").line(0.028 * H, [bottom, top]);
  sil.glow.circle(top[0], top[1], 0.05 * H);
}

/** A glowing orb. */
function orbInHand(ctx: HandCtx): void {
  const { sil, H, fr, hand } = ctx;
  const o = fr.from(hand, 0.08, 20);
  sil.glow.circle(o[0], o[1], 0.065 * H);
}

/** A bow and its string to the back hand. */
function bowInHand(ctx: HandCtx): void {
  const { sil, H, fr, hand, back } = ctx;
  const c = fr.from(hand, 0.04, 90);
  const t = fr.from(c, 0.3, -10);
  const bt = fr.from(c, 0.3, 190);
  sil.as("leather").tube(
    curve(t, fr.from(c, 0.18, 90), bt, 6),
    [0.4, 2, 3, 3.4, 3, 2, 0.4].map((w) => (w * H) / 100),
  );
  sil.detail
    .M(...t)
    .L(...back)
    .L(...bt);
}

/** An axe. */
function axeInHand(ctx: HandCtx): void {
  const { sil, H, up, fr, hand } = ctx;
  const top = fr.from(hand, 0.32, up - 10);
  sil.as("leather").line(0.035 * H, [fr.from(hand, 0.12, up + 170), top]);
  const blade = fr.from(top, 0.02, up + 80);
  sil
    .as("metal")
    .poly([
      fr.from(top, 0.02, up - 90),
      fr.from(blade, 0.14, up - 40),
      fr.from(blade, 0.16, up + 90),
      fr.from(blade, 0.14, up + 220),
      fr.from(top, 0.1, up + 180),
    ]);
}

/** A spear with a lit tip. */
function spearInHand(ctx: HandCtx): void {
  const { sil, H, fr, s, hand } = ctx;
  const a = s.pose === "guard" ? 10 : s.pose === "lunge" ? 80 : 25;
  const tip = fr.from(hand, 0.55, a);
  sil.as("leather").line(0.028 * H, [fr.from(hand, 0.35, a + 180), tip]);
  sil
    .as("metal")
    .poly([fr.from(tip, 0.03, a - 90), fr.from(tip, 0.14, a), fr.from(tip, 0.03, a + 90)]);
  sil.glowLines.M(...tip).L(...fr.from(tip, 0.12, a));
}

/** A club. */
function clubInHand(ctx: HandCtx): void {
  const { sil, H, up, fr, hand } = ctx;
  const top = fr.from(hand, 0.3, up);
  sil.as("leather").tube([hand, lerp(hand, top, 0.5), top], [0.03 * H, 0.06 * H, 0.1 * H]);
}

/** A shovel. */
function shovelInHand(ctx: HandCtx): void {
  const { sil, H, fr, hand } = ctx;
  const top = fr.from(hand, 0.25, -10);
  const bottom = fr.from(hand, 0.45, 175);
  sil.as("leather").line(0.025 * H, [top, bottom]);
  sil
    .as("metal")
    .poly([
      fr.from(bottom, 0.05, 85),
      fr.from(bottom, 0.12, 165),
      fr.from(bottom, 0.12, 195),
      fr.from(bottom, 0.05, 275),
    ]);
}

/** An open book. */
function bookInHand(ctx: HandCtx): void {
  const { sil, fr, hand } = ctx;
  const o = fr.from(hand, 0.06, 60);
  sil
    .as("leather")
    .poly([
      fr.from(o, 0.09, -40),
      fr.from(o, 0.09, 40),
      fr.from(o, 0.09, 140),
      fr.from(o, 0.09, 220),
    ]);
  sil.glowLines.M(...fr.from(o, 0.06, -30)).L(...fr.from(o, 0.06, 150));
}

/** A lantern hanging from the hand. */
function lanternInHand(ctx: HandCtx): void {
  const { sil, H, fr, hand } = ctx;
  const o = fr.from(hand, 0.12, 180);
  sil.as("metal").line(0.012 * H, [hand, o]);
  sil.glow.poly([
    fr.from(o, 0.05, 60),
    fr.from(o, 0.05, 120),
    fr.from(o, 0.1, 150),
    fr.from(o, 0.1, 210),
  ]);
  sil.glow.circle(o[0], o[1] + 0.06 * H, 0.045 * H);
}

/** A bomb with a lit fuse. */
function bombInHand(ctx: HandCtx): void {
  const { sil, H, fr, hand } = ctx;
  const o = fr.from(hand, 0.08, 0);
  sil.as("metal").ellipse(o, 0.07 * H, 0.07 * H);
  const fuse = fr.from(o, 0.12, 40);
  sil.as("leather").line(0.015 * H, [fr.from(o, 0.06, 30), fuse]);
  sil.glow.circle(fuse[0], fuse[1], 0.035 * H);
}

/** A sack over the back hand. */
function sackInHand(ctx: HandCtx): void {
  const { sil, H, fr, back } = ctx;
  const o = fr.from(back, 0.1, -20);
  sil.as("cloth2").ellipse(o, 0.12 * H, 0.11 * H);
  sil.ink.M(o[0] - 0.03 * H, o[1] - 0.1 * H).L(o[0] + 0.02 * H, o[1] - 0.07 * H);
}

const HELD: Record<Held, (ctx: HandCtx) => void> = {
  none: nothing,
  sword: swordInHand,
  dagger: daggerInHand,
  staff: staffInHand,
  orb: orbInHand,
  bow: bowInHand,
  axe: axeInHand,
  spear: spearInHand,
  club: clubInHand,
  shovel: shovelInHand,
  book: bookInHand,
  lantern: lanternInHand,
  bomb: bombInHand,
  sack: sackInHand,
};

export function held(d: Draw, s: Subject, fr: Frame, hand: Pt, back: Pt, armA: number): void {
  const up = armA > 110 ? 0 : armA > 60 ? 60 : 20;
  HELD[s.held]({ sil: d.sil, s, fr, H: fr.H, hand, back, up });
}

export function shield(d: Draw, fr: Frame, hand: Pt, k: number): void {
  const H = fr.H;
  const c: Pt = [hand[0] + fr.f * 0.03 * H, hand[1]];
  const w = 0.13 * H * k;
  const h = 0.19 * H * k;
  d.sil.as("metal").poly([
    [c[0] - w, c[1] - h * 0.8],
    [c[0], c[1] - h],
    [c[0] + w, c[1] - h * 0.8],
    [c[0] + w * 0.9, c[1] + h * 0.2],
    [c[0], c[1] + h],
    [c[0] - w * 0.9, c[1] + h * 0.2],
  ]);
  // a gold cross on the face of the shield
  d.sil.paint("gold").line(Math.max(0.6, w * 0.18), [
    [c[0], c[1] - h * 0.8],
    [c[0], c[1] + h * 0.8],
  ]);
  d.sil.paint("gold").line(Math.max(0.6, w * 0.18), [
    [c[0] - w * 0.7, c[1] - h * 0.2],
    [c[0] + w * 0.7, c[1] - h * 0.2],
  ]);
}

/** A pair of wings from the back point `at`; span in figure units. */
export function wings(d: Draw, kind: "bat" | "feather", fr: Frame, at: Pt, span: number): void {
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
      sil.as("wing").poly(pts);
      sil.as("horn").line(fr.H * 0.02, [at, wrist]);
      // the membrane's fingers
      if (span * fr.H > 12)
        for (let i = 2; i < pts.length - 1; i += 2) sil.ink.M(...wrist).L(...(pts[i] as Pt));
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
      sil.as("wing").poly(pts);
      // the feathers' quills
      if (span * fr.H > 12)
        for (let i = 1; i < pts.length; i += 2)
          sil.ink.M(...lerp(at, pts[i] as Pt, 0.4)).L(...(pts[i] as Pt));
    }
  }
}
