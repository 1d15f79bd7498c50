/**
 * What covers the world map's land and sea, each drawn from the one seeded
 * generator in the map's order: waves, mountain ranges, forests, the
 * graveyard, the harbour, dunes and the ruined temple, hill marks and the
 * troll queen's boulders. Each returns path data; world-map.ts paints them.
 */

import type { Rng } from "../../shared/rng.ts";
import { type PathBuilder, path } from "../path.ts";
import { clear, MAP_H, MAP_W, type Pt, spot, type Terrain } from "./geography.ts";

const W = MAP_W;
const H = MAP_H;

/** Sea waves: little double arcs scattered over the water. */
export function seaWaves(rng: Rng, t: Terrain): string {
  const waves = path();
  for (let i = 0; i < 220; i++) {
    const x = rng.range(30, W - 50);
    const y = rng.range(30, H - 30);
    if (
      t.onLand(x - 8, y) ||
      t.onLand(x + 32, y) ||
      t.onLand(x + 12, y + 10) ||
      !clear(x + 12, y, -6)
    )
      continue;
    waves
      .M(x, y)
      .Q(x + 6, y - 6, x + 12, y)
      .Q(x + 18, y - 6, x + 24, y);
  }
  return waves.toString();
}

export interface Mountains {
  light: PathBuilder;
  dark: PathBuilder;
  snow: PathBuilder;
}

function mountain(m: Mountains, x: number, y: number, s: number, rng: Rng): void {
  const peakX = x + rng.range(-s * 0.15, s * 0.15);
  const peakY = y - s * rng.range(0.8, 1.1);
  const l = x - s * 0.75;
  const r = x + s * 0.75;
  m.light.poly([
    [l, y],
    [peakX, peakY],
    [peakX + s * 0.05, y],
  ]);
  m.dark.poly([
    [peakX, peakY],
    [r, y],
    [peakX + s * 0.05, y],
  ]);
  const cap = 0.32;
  m.snow.poly([
    [peakX, peakY],
    [peakX + (r - peakX) * cap, peakY + (y - peakY) * cap],
    [peakX + s * 0.08, peakY + (y - peakY) * cap * 0.7],
    [peakX - s * 0.05, peakY + (y - peakY) * cap * 1.05],
    [peakX + (l - peakX) * cap, peakY + (y - peakY) * cap],
  ]);
}

/** Mountains: the northern wall, the troll range and the eastern peaks. */
export function mountainRanges(rng: Rng, t: Terrain): Mountains {
  const m: Mountains = { light: path(), dark: path(), snow: path() };
  const ranges: Array<{ from: Pt; to: Pt; n: number; s: number }> = [
    { from: [520, 140], to: [1000, 130], n: 16, s: 44 },
    { from: [1150, 120], to: [1440, 150], n: 8, s: 40 },
    { from: [880, 470], to: [1220, 500], n: 10, s: 48 },
    { from: [900, 640], to: [1200, 700], n: 8, s: 40 },
    { from: [1420, 250], to: [1480, 480], n: 5, s: 36 },
    { from: [80, 190], to: [260, 130], n: 4, s: 32 },
  ];
  const peaks: Array<[number, number, number]> = [];
  for (const r of ranges) {
    for (let i = 0; i < r.n; i++) {
      const f = r.n === 1 ? 0 : i / (r.n - 1);
      const x = r.from[0] + (r.to[0] - r.from[0]) * f + rng.range(-18, 18);
      const y = r.from[1] + (r.to[1] - r.from[1]) * f + rng.range(-20, 20);
      const s = r.s * rng.range(0.75, 1.25);
      if (t.free(x, y - s / 2, 8) && t.free(x - s * 0.7, y) && t.free(x + s * 0.7, y))
        peaks.push([x, y, s]);
    }
  }
  peaks.sort((a, b) => a[1] - b[1]);
  for (const [x, y, s] of peaks) mountain(m, x, y, s, rng);
  return m;
}

function pine(p: PathBuilder, x: number, y: number, s: number): void {
  p.poly([
    [x, y - s],
    [x + s * 0.42, y - s * 0.1],
    [x + s * 0.08, y - s * 0.1],
    [x + s * 0.08, y + s * 0.12],
    [x - s * 0.08, y + s * 0.12],
    [x - s * 0.08, y - s * 0.1],
    [x - s * 0.42, y - s * 0.1],
  ]);
}

/** Forests: the elven wood, groves, and the vampires' dead wood. */
export function forests(rng: Rng, t: Terrain): { trees: string; deadTrees: string } {
  const trees = path();
  const deadTrees = path();
  const elf = spot("elf");
  const vamp = spot("vampires");
  const groves: Array<{ c: Pt; r: number; n: number; dead?: boolean }> = [
    { c: [elf.x + 40, elf.y + 10], r: 150, n: 110 },
    { c: [510, 320], r: 60, n: 18 },
    { c: [960, 360], r: 60, n: 16 },
    { c: [1330, 560], r: 70, n: 20 },
    { c: [1240, 780], r: 60, n: 16 },
    { c: [vamp.x, vamp.y + 40], r: 130, n: 60, dead: true },
    { c: [200, 640], r: 40, n: 10 },
  ];
  const treeSpots: Array<[number, number, number, boolean]> = [];
  for (const g of groves) {
    for (let i = 0; i < g.n; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = g.r * Math.sqrt(rng.next());
      const x = g.c[0] + Math.cos(a) * d * 1.3;
      const y = g.c[1] + Math.sin(a) * d * 0.8;
      if (t.free(x, y) && t.onLand(x, y + 14) && t.onLand(x - 8, y) && t.onLand(x + 8, y)) {
        treeSpots.push([x, y, rng.range(14, 22), g.dead === true]);
      }
    }
  }
  treeSpots.sort((a, b) => a[1] - b[1]);
  for (const [x, y, s, dead] of treeSpots) {
    if (dead) {
      deadTrees.poly([
        [x - 1.5, y + 3],
        [x - 1, y - s * 0.5],
        [x - s * 0.35, y - s * 0.8],
        [x - 0.5, y - s * 0.62],
        [x, y - s],
        [x + 1, y - s * 0.6],
        [x + s * 0.3, y - s * 0.85],
        [x + 1.5, y - s * 0.45],
        [x + 1.5, y + 3],
      ]);
    } else pine(trees, x, y, s);
  }
  return { trees: trees.toString(), deadTrees: deadTrees.toString() };
}

/** Graveyard stones around the zombie chapter: crosses and round-topped slabs. */
export function graveyard(rng: Rng, t: Terrain): string {
  const gab = spot("gabby");
  const stones = path();
  for (let i = 0; i < 40; i++) {
    const x = gab.x + rng.range(-160, 160);
    const y = gab.y + rng.range(-90, 110);
    if (!t.free(x, y, -8) || !t.onLand(x, y + 10)) continue;
    const s = rng.range(7, 11);
    if (rng.chance(0.4)) {
      stones.poly([
        [x - 1.5, y],
        [x - 1.5, y - s * 0.6],
        [x - s * 0.45, y - s * 0.6],
        [x - s * 0.45, y - s * 0.85],
        [x - 1.5, y - s * 0.85],
        [x - 1.5, y - s * 1.3],
        [x + 1.5, y - s * 1.3],
        [x + 1.5, y - s * 0.85],
        [x + s * 0.45, y - s * 0.85],
        [x + s * 0.45, y - s * 0.6],
        [x + 1.5, y - s * 0.6],
        [x + 1.5, y],
      ]);
    } else {
      stones
        .M(x - s / 2, y)
        .L(x - s / 2, y - s * 0.7)
        .A(s / 2, s / 2, 0, 1, x + s / 2, y - s * 0.7)
        .L(x + s / 2, y)
        .Z();
    }
  }
  return stones.toString();
}

/** The harbour: houses between the thieves' spot and the bay, with lit windows. */
export function harbour(rng: Rng, t: Terrain): { houses: string; windows: string } {
  const kai = spot("kailis");
  const houses = path();
  const windows = path(1);
  for (let i = 0; i < 40; i++) {
    const x = kai.x + rng.range(-110, 90);
    const y = kai.y + rng.range(40, 150);
    if (!t.free(x, y, -10) || !t.onLand(x, y + 10) || !t.onLand(x + 18, y + 10)) continue;
    const w = rng.range(12, 18);
    const hh = rng.range(9, 14);
    houses.poly([
      [x, y],
      [x, y - hh],
      [x + w / 2, y - hh - 8],
      [x + w, y - hh],
      [x + w, y],
    ]);
    if (rng.chance(0.7))
      windows
        .M(x + w * 0.35, y - hh * 0.55)
        .h(3)
        .v(4)
        .h(-3)
        .Z();
  }
  return { houses: houses.toString(), windows: windows.toString() };
}

/** Dunes around the heretics' spot. */
export function dunes(rng: Rng, t: Terrain): string {
  const her = spot("kailis2");
  const p = path();
  for (let i = 0; i < 22; i++) {
    const x = her.x + rng.range(-170, 150);
    const y = her.y + rng.range(-60, 150);
    if (!t.free(x, y, -12)) continue;
    p.M(x, y).Q(x + 14, y - 9, x + 30, y);
  }
  return p.toString();
}

/** The heretics' ruined temple: a base, broken columns and a fallen lintel. */
export function ruinedTemple(): string {
  const her = spot("kailis2");
  const temple = path();
  const tx = her.x + 110;
  const ty = her.y + 95;
  temple.poly([
    [tx - 46, ty],
    [tx + 46, ty],
    [tx + 40, ty - 7],
    [tx - 40, ty - 7],
  ]);
  for (const [dx, hgt] of [
    [-32, 40],
    [-16, 26],
    [0, 44],
    [16, 14],
    [32, 38],
  ] as const) {
    temple.poly([
      [tx + dx - 4, ty - 7],
      [tx + dx - 4, ty - 7 - hgt],
      [tx + dx + 4, ty - 4 - hgt],
      [tx + dx + 4, ty - 7],
    ]);
  }
  temple.poly([
    [tx - 38, ty - 48],
    [tx + 6, ty - 52],
    [tx + 6, ty - 46],
    [tx - 38, ty - 42],
  ]);
  return temple.toString();
}

/** Open land texture: small domed hill marks. */
export function hillMarks(rng: Rng, t: Terrain): string {
  const marks = path();
  for (let i = 0; i < 260; i++) {
    const x = rng.range(40, W - 40);
    const y = rng.range(40, H - 40);
    if (!t.free(x, y, -14) || !t.onLand(x - 12, y) || !t.onLand(x + 12, y)) continue;
    const s = rng.range(6, 10);
    marks.M(x - s, y).Q(x, y - s * 1.2, x + s, y);
  }
  return marks.toString();
}

function boulder(p: PathBuilder, rng: Rng, x: number, y: number, r: number): void {
  const pts: Pt[] = [];
  for (let k = 0; k < 7; k++) {
    const a = Math.PI + (Math.PI * k) / 6;
    const rr = r * rng.range(0.75, 1.1);
    pts.push([x + Math.cos(a) * rr * 1.25, y + Math.sin(a) * rr]);
  }
  p.poly(pts);
}

/** The troll queen's boulders, in a ring around her spot. */
export function trollRocks(rng: Rng, t: Terrain): string {
  const tro = spot("troll");
  const rocks = path();
  for (let i = 0; i < 26; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(85, 170);
    const x = tro.x + Math.cos(a) * d * 1.2;
    const y = tro.y + Math.sin(a) * d * 0.7;
    if (t.free(x, y, -6)) boulder(rocks, rng, x, y, rng.range(6, 12));
  }
  return rocks.toString();
}
