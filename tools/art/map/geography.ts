/**
 * The world map's geography: the spots the client keeps for its medallions,
 * the continent and islands (ragged by midpoint displacement, smoothed by
 * Catmull-Rom curves), and the tests "on land" and "free of the spots".
 */

import {
  ARENA_POSITION,
  CHAPTER_POSITIONS,
} from "../../../apps/client/src/features/map/map-layout.ts";
import type { Rng } from "../../shared/rng.ts";
import { type PathBuilder, path } from "../path.ts";

export const MAP_W = 1600;
export const MAP_H = 900;

/**
 * Where the client puts each chapter medallion and the arena icon (centre,
 * map units). The client owns these positions and draws the dotted road on
 * top of the map, so the map reads them from the client's layout: land,
 * scenery and the painted road bed follow when they move.
 */
export const MAP_SPOTS: Readonly<Record<string, { x: number; y: number }>> = Object.fromEntries([
  ...Object.entries(CHAPTER_POSITIONS).map(([k, p]) => [k, { x: p.x * 16, y: p.y * 9 }] as const),
  ["arena", { x: ARENA_POSITION.x * 16, y: ARENA_POSITION.y * 9 }] as const,
]);
/** Radius around a spot left free of scenery. */
export const CLEAR = 78;

export type Pt = readonly [number, number];

const CONTINENT: Pt[] = [
  [60, 170],
  [150, 95],
  [300, 75],
  [480, 60],
  [680, 85],
  [880, 60],
  [1080, 75],
  [1280, 55],
  [1470, 90],
  [1545, 190],
  [1530, 340],
  [1555, 480],
  [1525, 620],
  [1550, 760],
  [1470, 845],
  [1280, 855],
  [1080, 835],
  [900, 860],
  [730, 840],
  [660, 770],
  [640, 650],
  [655, 530],
  [610, 430],
  [560, 395],
  [480, 420],
  [360, 400],
  [240, 430],
  [120, 400],
  [55, 300],
];
const ISLANDS: Pt[][] = [
  [
    [140, 600],
    [240, 575],
    [290, 640],
    [240, 700],
    [150, 690],
  ],
  [
    [330, 800],
    [420, 780],
    [460, 830],
    [400, 870],
    [340, 850],
  ],
  [
    [540, 690],
    [590, 670],
    [610, 720],
    [570, 750],
    [530, 730],
  ],
];

export function clear(x: number, y: number, extra = 0): boolean {
  for (const s of Object.values(MAP_SPOTS)) {
    if (Math.hypot(s.x - x, s.y - y) < CLEAR + extra) return false;
  }
  return true;
}

/** Midpoint displacement: a ragged coastline through the given corners. */
function roughen(rng: Rng, pts: readonly Pt[], levels: number, amount: number): Pt[] {
  let cur: Pt[] = [...pts];
  let amt = amount;
  for (let l = 0; l < levels; l++) {
    const next: Pt[] = [];
    for (let i = 0; i < cur.length; i++) {
      const a = cur[i] as Pt;
      const b = cur[(i + 1) % cur.length] as Pt;
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len = Math.hypot(dx, dy) || 1;
      const off = rng.range(-amt, amt);
      next.push(a, [(a[0] + b[0]) / 2 + (-dy / len) * off, (a[1] + b[1]) / 2 + (dx / len) * off]);
    }
    cur = next;
    amt *= 0.5;
  }
  return cur;
}

/** A closed Catmull-Rom curve through the points. */
function smoothClosed(p: PathBuilder, pts: readonly Pt[]): PathBuilder {
  const n = pts.length;
  const at = (i: number): Pt => pts[((i % n) + n) % n] as Pt;
  p.M(at(0)[0], at(0)[1]);
  for (let i = 0; i < n; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    p.C(
      p1[0] + (p2[0] - p0[0]) / 6,
      p1[1] + (p2[1] - p0[1]) / 6,
      p2[0] - (p3[0] - p1[0]) / 6,
      p2[1] - (p3[1] - p1[1]) / 6,
      p2[0],
      p2[1],
    );
  }
  return p.Z();
}

/** An open Catmull-Rom curve. */
export function smoothOpen(p: PathBuilder, pts: readonly Pt[]): PathBuilder {
  const n = pts.length;
  const at = (i: number): Pt => pts[Math.max(0, Math.min(n - 1, i))] as Pt;
  p.M(at(0)[0], at(0)[1]);
  for (let i = 0; i < n - 1; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    p.C(
      p1[0] + (p2[0] - p0[0]) / 6,
      p1[1] + (p2[1] - p0[1]) / 6,
      p2[0] - (p3[0] - p1[0]) / 6,
      p2[1] - (p3[1] - p1[1]) / 6,
      p2[0],
      p2[1],
    );
  }
  return p;
}

function inPoly(x: number, y: number, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] as Pt;
    const [xj, yj] = poly[j] as Pt;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export const spot = (key: string): { x: number; y: number } => {
  const s = MAP_SPOTS[key];
  if (!s) throw new Error(`no map spot "${key}"`);
  return s;
};

/** The land of the map, drawn once from the seeded generator. */
export interface Terrain {
  /** Continent and islands as one path. */
  land: PathBuilder;
  onLand: (x: number, y: number) => boolean;
  /** On land and away from every spot (by CLEAR plus extra). */
  free: (x: number, y: number, extra?: number) => boolean;
}

export function terrain(rng: Rng): Terrain {
  const coast = roughen(rng, CONTINENT, 3, 30);
  const land = smoothClosed(path(), coast);
  const isles = ISLANDS.map((i) => roughen(rng, i, 2, 12));
  for (const i of isles) smoothClosed(land, i);
  const onLand = (x: number, y: number): boolean =>
    inPoly(x, y, coast) || isles.some((i) => inPoly(x, y, i));
  const free = (x: number, y: number, extra = 0): boolean => clear(x, y, extra) && onLand(x, y);
  return { land, onLand, free };
}
