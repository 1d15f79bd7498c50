/**
 * Bodies other than people and structures (figure.ts): beasts (rats, hounds,
 * chimeras, dragons, griffins), bats, fire and air elementals, spirits and
 * plants.
 */

import { wings } from "./figure-gear.ts";
import { curve, type Draw, eyes, Frame, lerp, type Pt, taper, tube, tube2 } from "./figure-kit.ts";
import { humanoid } from "./figure-person.ts";
import type { Subject } from "./subject.ts";

/** Teeth along a beast's jaw (a beak for griffins), and the line of its mouth. */
function jaw(d: Draw, fr: Frame, kind: Subject["beast"], c: Pt, hu: number, snout: Pt): void {
  const { sil } = d;
  const H = fr.H;
  if (kind !== "rat" && kind !== "griffin") {
    // teeth along the jaw
    for (let t = 0; t < 3; t++) {
      const o = lerp(fr.from(c, hu * 0.9, 140), snout, 0.3 + t * 0.2);
      sil.shine.poly([
        [o[0] - 0.008 * H, o[1]],
        [o[0] + 0.008 * H, o[1]],
        [o[0], o[1] + 0.03 * H],
      ]);
    }
  }
  if (kind === "griffin")
    sil.as("horn").poly([fr.from(c, hu * 0.7, 80), snout, fr.from(c, hu * 0.8, 150)]);
  sil.ink.M(...fr.from(c, hu * 0.5, 120)).L(...lerp(fr.from(c, hu * 0.6, 130), snout, 0.8));
}

export function beast(d: Draw, s: Subject, fr: Frame): Pt {
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
  sil.as("hide").tube(tail, taper(bodyW * H * 0.45, 0.01 * H, 6));
  if (kind === "dragon") {
    const end = tail[tail.length - 1] as Pt;
    sil.as("hide").poly([end, fr.from(end, 0.08, -150), fr.from(end, 0.08, -60)]);
  }
  if (kind === "hound") sil.as("hide").circle(tEnd[0], tEnd[1], 0.05 * H);
  if (s.wings !== "none")
    wings(d, s.wings, fr, fr.from(front, 0.06, -40), kind === "dragon" ? 0.95 : 0.7);
  // legs
  const legW = (kind === "rat" ? 0.05 : 0.075) * H * (s.build === "bulky" ? 1.3 : 1);
  const lift = s.flying ? 0.2 : 0;
  const leg = (o: Pt, dx: number, bend: number): void => {
    const foot = fr.P(dx, lift);
    const knee: Pt = [(o[0] + foot[0]) / 2 + fr.f * bend * H, (o[1] + foot[1]) / 2];
    sil.as("hide").line(legW, [o, knee, foot]);
  };
  leg(rear, -0.46 + rng.range(-0.05, 0.05), -0.06);
  leg(rear, -0.3, -0.04);
  leg(front, 0.28 + prowl, 0.04);
  leg(front, 0.42 + rng.range(0, 0.1), 0.05);
  // body
  sil.as("hide").tube(
    curve(rear, mid, front, 6),
    [0.8, 0.95, 1, 1, 1, 0.95, 0.85].map((k) => k * bodyW * H),
  );
  // the lighter underside, and the far legs' shadow side
  const belly = curve(rear, mid, front, 6).map((p): Pt => [p[0], p[1] + bodyW * H * 0.22]);
  sil.paint("belly").fill.poly(
    tube2(
      belly,
      [0.3, 0.45, 0.5, 0.5, 0.5, 0.45, 0.35].map((k) => k * bodyW * H),
    ),
  );
  // neck(s) and head(s)
  let topHead: Pt = front;
  const heads = Math.max(1, s.heads);
  for (let i = 0; i < heads; i++) {
    const spread = (i - (heads - 1) / 2) * 28;
    const neckLen = kind === "dragon" ? 0.45 : kind === "rat" ? 0.08 : 0.2;
    const up = (kind === "dragon" ? rng.range(10, 35) : rng.range(35, 70)) + spread;
    const neckEnd = fr.from(front, neckLen, up);
    sil
      .as("hide")
      .tube(
        curve(front, fr.from(front, neckLen * 0.6, up + 25), neckEnd, 4),
        taper(bodyW * H * 0.7, bodyW * H * 0.4, 4),
      );
    const hu =
      (kind === "rat" ? 0.09 : kind === "dragon" ? 0.09 : 0.1) * (s.build === "small" ? 1.2 : 1);
    const c = neckEnd;
    const snoutA = kind === "griffin" ? 115 : 100 + (i - (heads - 1) / 2) * 15;
    const snout = fr.from(c, hu * (kind === "rat" ? 2.4 : kind === "griffin" ? 1.6 : 2), snoutA);
    sil
      .as("hide")
      .poly([
        fr.from(c, hu, -20),
        fr.from(c, hu * 1.1, 50),
        snout,
        fr.from(c, hu * 0.8, 160),
        fr.from(c, hu, 220),
      ]);
    jaw(d, fr, kind, c, hu, snout);
    if (kind === "chimera" && i === 0) {
      // a mane
      const mane: Pt[] = [];
      for (let k = 0; k < 10; k++) mane.push(fr.from(c, hu * (k % 2 ? 1.1 : 1.9), -120 + k * 26));
      sil.as("hair").poly(mane);
    }
    const earA = [-10, 30];
    for (const a of earA) {
      const root = fr.from(c, hu * 0.8, a);
      if (kind === "rat") sil.as("hide").circle(...fr.from(root, hu * 0.4, a), hu * H * 0.5);
      else if (kind === "dragon")
        sil
          .as("horn")
          .tube(curve(root, fr.from(root, hu * 1.5, a - 40), fr.from(root, hu * 2.2, a - 90), 3), [
            hu * H * 0.5,
            hu * H * 0.4,
            hu * H * 0.25,
            0.3,
          ]);
      else
        sil
          .as("hide")
          .poly([
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

export function bat(d: Draw, fr: Frame): Pt {
  const H = fr.H;
  const c = fr.P(0, 0.5);
  d.sil.as("hide").ellipse(c, 0.07 * H, 0.11 * H);
  d.sil.as("hide").circle(c[0], c[1] - 0.12 * H, 0.06 * H);
  for (const side of [-1, 1])
    d.sil
      .as("hide")
      .poly([
        fr.from([c[0], c[1] - 0.12 * H], 0.05, side * 25),
        fr.from([c[0], c[1] - 0.12 * H], 0.13, side * 15),
        fr.from([c[0], c[1] - 0.12 * H], 0.05, side * 70),
      ]);
  wings(d, "bat", new Frame(c[0], c[1], H, 1), [c[0], c[1] - 0.05 * H], 0.5);
  eyes(d.sil, [c[0] + fr.f * 0.025 * H, c[1] - 0.13 * H], 0.015 * H);
  return [c[0], c[1] - 0.2 * H];
}

export function elemental(d: Draw, s: Subject, fr: Frame): Pt {
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
    sil
      .as("hide")
      .tube(curve(fr.P(0, 0.05), fr.P(0.1, 0.4), fr.P(0, 0.8), 6), taper(0.04 * H, 0.5 * H, 6));
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
  sil.as("hide").tube(curve(core, fr.P(0.03, 0.3), fr.P(0, 0.55), 4), taper(0.2 * H, 0.12 * H, 4));
  sil.as("hide").circle(...fr.P(0.02, 0.64), 0.08 * H);
  for (const side of [-1, 1]) {
    const sh = fr.P(side * 0.07, 0.5);
    const elbow = fr.P(side * 0.2, 0.62);
    const hand = fr.P(side * 0.22, 0.82);
    sil.as("hide").line(0.05 * H, [sh, elbow, hand]);
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

export function spirit(d: Draw, s: Subject, fr: Frame): Pt {
  const H = fr.H;
  if (s.held === "lantern") {
    // a wisp: a glowing orb with a trailing tail
    const c = fr.P(0, 0.5);
    d.sil.glow.circle(c[0], c[1], 0.13 * H);
    tube(d.sil.glow, curve(c, fr.P(-0.3, 0.3), fr.P(-0.5, 0.55), 5), taper(0.2 * H, 0.01 * H, 5));
    d.sil.as("hide").circle(c[0], c[1], 0.06 * H);
    return fr.P(0, 0.65);
  }
  return humanoid(
    d,
    { ...s, robe: true, pose: "float", head: s.head === "bare" ? "hood" : s.head },
    fr,
    false,
  );
}

export function plant(d: Draw, s: Subject, fr: Frame): Pt {
  const { sil, rng } = d;
  const H = fr.H;
  const small = s.build === "small";
  const trunkTop = fr.P(rng.range(-0.05, 0.05), small ? 0.5 : 0.62);
  sil
    .as("hide")
    .tube(
      curve(fr.P(0, 0), fr.P(0.05, 0.3), trunkTop, 4),
      taper((small ? 0.1 : 0.26) * H, (small ? 0.05 : 0.16) * H, 4),
    );
  // roots
  for (const dx of [-0.3, -0.15, 0.18, 0.32])
    sil.as("hide").poly([fr.P(dx * 0.5, 0.12), fr.P(dx, 0), fr.P(dx * 0.4, 0)]);
  // branch arms
  const arms = small ? 2 : 4;
  for (let i = 0; i < arms; i++) {
    const side = i % 2 ? -1 : 1;
    const o = fr.P(0, (small ? 0.3 : 0.4) + i * 0.06);
    const tip = fr.from(o, small ? 0.25 : 0.45, side * rng.range(40, 90));
    sil.as("hide").line((small ? 0.03 : 0.06) * H, [o, fr.from(o, 0.2, side * 50), tip]);
    if (!small) sil.as("hide").line(0.025 * H, [tip, fr.from(tip, 0.12, side * 20)]);
  }
  // canopy
  const leaves = small ? 4 : 7;
  for (let i = 0; i < leaves; i++) {
    const c = fr.from(trunkTop, rng.range(0.05, small ? 0.14 : 0.26), rng.range(-110, 110));
    sil.as("cloth").circle(c[0], c[1], H * rng.range(small ? 0.06 : 0.1, small ? 0.1 : 0.16));
  }
  if (!small) {
    eyes(sil, fr.P(-0.04, 0.45), 0.02 * H);
    eyes(sil, fr.P(0.06, 0.45), 0.02 * H);
  }
  for (let i = 0; i < 3; i++)
    sil.glow.circle(...fr.from(trunkTop, rng.range(0.1, 0.3), rng.range(-100, 100)), 0.015 * H);
  return fr.from(trunkTop, 0.3, 0);
}
