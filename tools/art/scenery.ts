/**
 * Faction scenery: silhouettes drawn behind the subject of a card (and reused
 * by the battle backgrounds). Every shape comes from the seeded generator.
 * Coordinates are in a box of width w; `base` is the ground line.
 */

import type { Rng } from "../shared/rng.ts";
import { path } from "./path.ts";
import type { Faction } from "./types.ts";

export interface Layer {
  /** Filled silhouette path. */
  d: string;
  /** Optional small lights (windows, lava, eyes) drawn in the glow colour. */
  lights?: string;
  /** Optional thin lines (mortar between bricks) drawn darker than the silhouette. */
  lines?: string;
}

/** A jagged mountain ridge from x=0 to x=w, closed at the bottom (h). */
export function ridge(
  rng: Rng,
  w: number,
  h: number,
  base: number,
  amp: number,
  steps: number,
): string {
  const p = path()
    .M(0, h)
    .L(0, base - rng.range(0, amp * 0.5));
  for (let i = 1; i <= steps; i++) {
    const x = (w * i) / steps;
    const peak = base - rng.range(amp * 0.3, amp);
    const valley = base - rng.range(0, amp * 0.35);
    p.L(x - w / steps / 2 + rng.range(-3, 3), peak).L(x, valley);
  }
  return p.L(w, h).Z().toString();
}

/** Soft rolling hills. */
export function hills(
  rng: Rng,
  w: number,
  h: number,
  base: number,
  amp: number,
  count: number,
): string {
  const p = path().M(0, h).L(0, base);
  const step = w / count;
  for (let i = 0; i < count; i++) {
    const x0 = i * step;
    p.Q(
      x0 + step / 2,
      base - rng.range(amp * 0.4, amp) * 2,
      x0 + step,
      base + rng.range(-amp * 0.2, amp * 0.2),
    );
  }
  return p.L(w, h).Z().toString();
}

function pines(rng: Rng, w: number, h: number, base: number, size: number, count: number): string {
  const p = path().M(0, h).L(0, base).L(w, base).L(w, h).Z();
  for (let i = 0; i < count; i++) {
    const x = rng.range(-size, w + size);
    const tall = size * rng.range(0.7, 1.5);
    const wide = tall * 0.42;
    const y = base + rng.range(0, size * 0.15);
    for (let t = 0; t < 3; t++) {
      const top = y - tall + t * tall * 0.22;
      const bottom = y - tall * 0.45 + t * tall * 0.28;
      const half = wide * (0.55 + t * 0.3);
      p.poly([
        [x, top],
        [x + half, bottom],
        [x - half, bottom],
      ]);
    }
    p.poly([
      [x - size * 0.05, y - tall * 0.2],
      [x + size * 0.05, y - tall * 0.2],
      [x + size * 0.05, y + 2],
      [x - size * 0.05, y + 2],
    ]);
  }
  return p.toString();
}

function roundTrees(
  rng: Rng,
  w: number,
  h: number,
  base: number,
  size: number,
  count: number,
): string {
  const p = path().M(0, h).L(0, base).L(w, base).L(w, h).Z();
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, w);
    const r = size * rng.range(0.35, 0.6);
    const y = base - size * rng.range(0.5, 0.9);
    p.circle(x, y, r);
    p.circle(x - r * 0.6, y + r * 0.35, r * 0.7);
    p.circle(x + r * 0.6, y + r * 0.3, r * 0.7);
    p.poly([
      [x - r * 0.12, y],
      [x + r * 0.12, y],
      [x + r * 0.18, base + 1],
      [x - r * 0.18, base + 1],
    ]);
  }
  return p.toString();
}

function graves(rng: Rng, w: number, h: number, base: number, size: number, count: number): string {
  const p = path().M(0, h);
  // uneven ground
  p.L(0, base);
  for (let i = 1; i <= 6; i++) p.L((w * i) / 6, base + rng.range(-size * 0.15, size * 0.1));
  p.L(w, h).Z();
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, w);
    const s = size * rng.range(0.35, 0.6);
    const y = base + rng.range(-2, size * 0.1);
    const tilt = rng.range(-s * 0.15, s * 0.15);
    if (rng.chance(0.35)) {
      // a cross
      const t = s * 0.14;
      p.poly([
        [x - t, y],
        [x - t + tilt, y - s * 0.65],
        [x - s * 0.35 + tilt, y - s * 0.65],
        [x - s * 0.35 + tilt, y - s * 0.65 - 2 * t],
        [x - t + tilt, y - s * 0.65 - 2 * t],
        [x - t + tilt, y - s * 1.05],
        [x + t + tilt, y - s * 1.05],
        [x + t + tilt, y - s * 0.65 - 2 * t],
        [x + s * 0.35 + tilt, y - s * 0.65 - 2 * t],
        [x + s * 0.35 + tilt, y - s * 0.65],
        [x + t + tilt, y - s * 0.65],
        [x + t, y],
      ]);
    } else {
      const half = s * 0.32;
      p.M(x - half, y)
        .L(x - half + tilt, y - s * 0.6)
        .A(half, half, 0, 1, x + half + tilt, y - s * 0.6)
        .L(x + half, y)
        .Z();
    }
  }
  // a dead tree
  const tx = rng.range(w * 0.05, w * 0.95);
  const th = size * rng.range(1.3, 1.9);
  const trunk = size * 0.07;
  p.poly([
    [tx - trunk * 2, base + 2],
    [tx - trunk, base - th * 0.5],
    [tx - size * 0.5, base - th * 0.8],
    [tx - trunk * 0.5, base - th * 0.6],
    [tx - trunk * 0.4, base - th],
    [tx + trunk * 0.4, base - th * 0.7],
    [tx + size * 0.45, base - th * 0.95],
    [tx + trunk, base - th * 0.55],
    [tx + trunk * 2, base + 2],
  ]);
  return p.toString();
}

function rooftops(rng: Rng, w: number, h: number, base: number, size: number): Layer {
  const p = path().M(0, h).L(0, base).L(w, base).L(w, h).Z();
  const lights = path();
  let x = rng.range(-size * 0.5, 0);
  while (x < w) {
    const bw = size * rng.range(0.5, 0.9);
    const bh = size * rng.range(0.5, 1.2);
    const top = base - bh;
    const roof = size * rng.range(0.25, 0.5);
    p.poly([
      [x, base + 1],
      [x, top],
      [x + bw / 2, top - roof],
      [x + bw, top],
      [x + bw, base + 1],
    ]);
    if (rng.chance(0.5)) {
      const cx = x + bw * rng.range(0.6, 0.75);
      p.poly([
        [cx, top - roof * 0.3],
        [cx, top - roof * 0.9],
        [cx + size * 0.08, top - roof * 0.9],
        [cx + size * 0.08, top - roof * 0.15],
      ]);
    }
    const wins = rng.int(0, 2);
    for (let i = 0; i < wins; i++) {
      const wx = x + bw * rng.range(0.2, 0.7);
      const wy = top + bh * rng.range(0.2, 0.6);
      const s = size * 0.08;
      lights.poly([
        [wx, wy],
        [wx + s, wy],
        [wx + s, wy + s * 1.4],
        [wx, wy + s * 1.4],
      ]);
    }
    x += bw + rng.range(-size * 0.1, size * 0.08);
  }
  return { d: p.toString(), lights: lights.toString() };
}

function pillars(
  rng: Rng,
  w: number,
  h: number,
  base: number,
  size: number,
  count: number,
): string {
  const p = path().M(0, h).L(0, base).L(w, base).L(w, h).Z();
  for (let i = 0; i < count; i++) {
    const x = (w * (i + 0.5)) / count + rng.range(-size * 0.3, size * 0.3);
    const cw = size * 0.22;
    const tall = size * rng.range(0.9, 1.8);
    const broken = rng.chance(0.45);
    const top = base - tall;
    p.poly([
      [x - cw * 0.7, base + 1],
      [x - cw * 0.7, base - size * 0.1],
      [x - cw * 0.5, base - size * 0.12],
      [x - cw * 0.5, top + size * 0.12],
      [x - cw * 0.75, top + size * 0.06],
      ...(broken
        ? ([
            [x - cw * 0.75, top + size * 0.2],
            [x - cw * 0.1, top + size * 0.05],
            [x + cw * 0.2, top + size * 0.18],
            [x + cw * 0.75, top],
          ] as const)
        : ([
            [x - cw * 0.8, top],
            [x + cw * 0.8, top],
          ] as const)),
      [x + cw * 0.75, top + size * 0.06],
      [x + cw * 0.5, top + size * 0.12],
      [x + cw * 0.5, base - size * 0.12],
      [x + cw * 0.7, base - size * 0.1],
      [x + cw * 0.7, base + 1],
    ]);
  }
  return p.toString();
}

function battlements(rng: Rng, w: number, h: number, base: number, size: number): string {
  const p = path().M(0, h);
  const wallTop = base - size * 0.45;
  const merlon = size * 0.2;
  p.L(0, wallTop);
  for (let x = 0; x < w; x += merlon * 2) {
    p.L(x, wallTop - merlon * 0.8)
      .L(x + merlon, wallTop - merlon * 0.8)
      .L(x + merlon, wallTop)
      .L(x + merlon * 2, wallTop);
  }
  p.L(w, h).Z();
  // a tower with a cone roof
  const tx = rng.range(w * 0.1, w * 0.9);
  const tw = size * 0.55;
  const th = size * rng.range(1.6, 2.2);
  p.poly([
    [tx - tw / 2, base],
    [tx - tw / 2, base - th],
    [tx - tw * 0.65, base - th],
    [tx, base - th - size * 0.9],
    [tx + tw * 0.65, base - th],
    [tx + tw / 2, base - th],
    [tx + tw / 2, base],
  ]);
  return p.toString();
}

function brickLines(rng: Rng, w: number, base: number, h: number, size: number): string {
  const p = path();
  const row = size * 0.16;
  let r = 0;
  for (let y = base - size * 0.3; y < h; y += row, r++) {
    p.M(0, y).L(w, y);
    for (let x = (r % 2) * size * 0.2 + rng.range(0, 2); x < w; x += size * 0.4) {
      p.M(x, y).L(x, y + row);
    }
  }
  return p.toString();
}

function spikes(rng: Rng, w: number, h: number, base: number, size: number, count: number): string {
  const p = path().M(0, h).L(0, base);
  for (let i = 0; i < count; i++) {
    const x0 = (w * i) / count;
    const x1 = (w * (i + 1)) / count;
    const tall = size * rng.range(0.4, 1.6);
    p.L(x0 + (x1 - x0) * rng.range(0.3, 0.7), base - tall).L(
      x1,
      base + rng.range(-size * 0.1, size * 0.1),
    );
  }
  return p.L(w, h).Z().toString();
}

function boulders(
  rng: Rng,
  w: number,
  h: number,
  base: number,
  size: number,
  count: number,
): string {
  const p = path().M(0, h).L(0, base).L(w, base).L(w, h).Z();
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, w);
    const r = size * rng.range(0.3, 0.75);
    const pts: [number, number][] = [];
    const n = 7;
    for (let k = 0; k < n; k++) {
      const a = Math.PI + (Math.PI * k) / (n - 1);
      const rr = r * rng.range(0.75, 1.1);
      pts.push([x + Math.cos(a) * rr * 1.3, base + 2 + Math.sin(a) * rr]);
    }
    p.poly(pts);
  }
  return p.toString();
}

function spires(rng: Rng, w: number, h: number, base: number, size: number): Layer {
  const p = path().M(0, h).L(0, base).L(w, base).L(w, h).Z();
  const lights = path();
  const cx = rng.range(w * 0.25, w * 0.75);
  const n = rng.int(4, 6);
  for (let i = 0; i < n; i++) {
    const x = cx + (i - (n - 1) / 2) * size * rng.range(0.45, 0.6);
    const tall = size * (1.8 - Math.abs(i - (n - 1) / 2) * 0.35) * rng.range(0.85, 1.15);
    const tw = size * rng.range(0.18, 0.28);
    p.poly([
      [x - tw, base + 1],
      [x - tw, base - tall],
      [x - tw * 1.3, base - tall],
      [x, base - tall - size * 0.8],
      [x + tw * 1.3, base - tall],
      [x + tw, base - tall],
      [x + tw, base + 1],
    ]);
    if (rng.chance(0.7)) {
      const wy = base - tall * rng.range(0.5, 0.85);
      const s = tw * 0.45;
      lights
        .M(x - s / 2, wy + s * 2)
        .L(x - s / 2, wy + s * 0.5)
        .A(s / 2, s / 2, 0, 1, x + s / 2, wy + s * 0.5)
        .L(x + s / 2, wy + s * 2)
        .Z();
    }
  }
  // the curtain wall between the spires
  const left = cx - (n / 2) * size * 0.55;
  const right = cx + (n / 2) * size * 0.55;
  p.poly([
    [left, base + 1],
    [left, base - size * 0.6],
    [right, base - size * 0.6],
    [right, base + 1],
  ]);
  return { d: p.toString(), lights: lights.toString() };
}

/**
 * The near scenery of a faction: a silhouette (and maybe lights) on the
 * ground line. `size` is roughly the height of one element.
 */
export function nearScenery(
  faction: Faction,
  rng: Rng,
  w: number,
  h: number,
  base: number,
  size: number,
): Layer {
  const density = w / size;
  switch (faction) {
    case "elf":
      return rng.chance(0.5)
        ? { d: pines(rng, w, h, base, size, Math.round(density * 0.9)) }
        : { d: roundTrees(rng, w, h, base, size, Math.round(density * 0.7)) };
    case "undead":
      return { d: graves(rng, w, h, base, size, Math.round(density * 0.7)) };
    case "thief":
      return rooftops(rng, w, h, base, size);
    case "heretic":
      return { d: pillars(rng, w, h, base, size, Math.max(3, Math.round(density * 0.35))) };
    case "tower":
      return { d: battlements(rng, w, h, base, size), lines: brickLines(rng, w, base, h, size) };
    case "demon":
      return { d: spikes(rng, w, h, base, size, Math.round(density * 1.2)) };
    case "troll":
      return { d: boulders(rng, w, h, base, size, Math.round(density * 0.6)) };
    case "vampire":
      return spires(rng, w, h, base, size);
    case "neutral":
      return { d: hills(rng, w, h, base, size * 0.35, 3) };
  }
}

/** Which factions show a moon in the sky. */
export function hasMoon(faction: Faction): boolean {
  return (
    faction === "vampire" || faction === "undead" || faction === "thief" || faction === "heretic"
  );
}
