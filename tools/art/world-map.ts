/**
 * The world map, 1600 x 900: a dark violet sea, one continent with islands,
 * regions tinted by the chapter that lives there, mountains, forests, a
 * graveyard, a harbour, the mage tower, a volcano, the vampire castle, roads
 * between the chapters in story order, a compass and a gold frame. The nine
 * spots where the client puts the chapter medallions are kept clear; their
 * coordinates are written beside the map as world-map-spots.json.
 */

import {
  ARENA_POSITION,
  CHAPTER_POSITIONS,
  ROAD_ORDER,
} from "../../apps/client/src/features/map/map-layout.ts";
import { Rng } from "../shared/rng.ts";
import { dots, sparkle } from "./card-art.ts";
import { paintIcon } from "./paint.ts";
import { GOLD, GOLD_DARK, GOLD_LIGHT, NIGHT_DEEP, PALETTES } from "./palette.ts";
import { type PathBuilder, path } from "./path.ts";
import { nearScenery } from "./scenery.ts";
import { el, num, stops, svgDoc } from "./svg.ts";
import { blobGradient, cloudPattern, grainPattern } from "./texture.ts";

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
const CLEAR = 78;

type Pt = readonly [number, number];

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

function clear(x: number, y: number, extra = 0): boolean {
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
function smoothOpen(p: PathBuilder, pts: readonly Pt[]): PathBuilder {
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

interface Mountains {
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

const spot = (key: string): { x: number; y: number } => {
  const s = MAP_SPOTS[key];
  if (!s) throw new Error(`no map spot "${key}"`);
  return s;
};

/** A little domed hill mark, the map's texture on open land. */
function hillMark(p: PathBuilder, x: number, y: number, s: number): void {
  p.M(x - s, y).Q(x, y - s * 1.2, x + s, y);
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

export function worldMapSvg(): string {
  const W = MAP_W;
  const H = MAP_H;
  const rng = new Rng("world-map");
  const coast = roughen(rng, CONTINENT, 3, 30);
  const land = smoothClosed(path(), coast);
  const isles = ISLANDS.map((i) => roughen(rng, i, 2, 12));
  for (const i of isles) smoothClosed(land, i);
  const onLand = (x: number, y: number): boolean =>
    inPoly(x, y, coast) || isles.some((i) => inPoly(x, y, i));
  const free = (x: number, y: number, extra = 0): boolean => clear(x, y, extra) && onLand(x, y);

  // sea waves: little double arcs scattered over the water
  const waves = path();
  for (let i = 0; i < 220; i++) {
    const x = rng.range(30, W - 50);
    const y = rng.range(30, H - 30);
    if (onLand(x - 8, y) || onLand(x + 32, y) || onLand(x + 12, y + 10) || !clear(x + 12, y, -6))
      continue;
    waves
      .M(x, y)
      .Q(x + 6, y - 6, x + 12, y)
      .Q(x + 18, y - 6, x + 24, y);
  }

  // mountains: the northern wall, the troll range and the eastern peaks
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
      const t = r.n === 1 ? 0 : i / (r.n - 1);
      const x = r.from[0] + (r.to[0] - r.from[0]) * t + rng.range(-18, 18);
      const y = r.from[1] + (r.to[1] - r.from[1]) * t + rng.range(-20, 20);
      const s = r.s * rng.range(0.75, 1.25);
      if (free(x, y - s / 2, 8) && free(x - s * 0.7, y) && free(x + s * 0.7, y))
        peaks.push([x, y, s]);
    }
  }
  peaks.sort((a, b) => a[1] - b[1]);
  for (const [x, y, s] of peaks) mountain(m, x, y, s, rng);

  // forests: the elven wood, groves, and the vampires' dead wood
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
      if (free(x, y) && onLand(x, y + 14) && onLand(x - 8, y) && onLand(x + 8, y)) {
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

  // graveyard stones around the zombie chapter
  const gab = spot("gabby");
  const stones = path();
  for (let i = 0; i < 40; i++) {
    const x = gab.x + rng.range(-160, 160);
    const y = gab.y + rng.range(-90, 110);
    if (!free(x, y, -8) || !onLand(x, y + 10)) continue;
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

  // the harbour: houses between the thieves' spot and the bay, piers into the water
  const kai = spot("kailis");
  const houses = path();
  const windows = path(1);
  for (let i = 0; i < 40; i++) {
    const x = kai.x + rng.range(-110, 90);
    const y = kai.y + rng.range(40, 150);
    if (!free(x, y, -10) || !onLand(x, y + 10) || !onLand(x + 18, y + 10)) continue;
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

  // dunes and the heretics' ruined temple
  const her = spot("kailis2");
  const dunes = path();
  for (let i = 0; i < 22; i++) {
    const x = her.x + rng.range(-170, 150);
    const y = her.y + rng.range(-60, 150);
    if (!free(x, y, -12)) continue;
    dunes.M(x, y).Q(x + 14, y - 9, x + 30, y);
  }
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

  // open land texture: small hill marks
  const marks = path();
  for (let i = 0; i < 260; i++) {
    const x = rng.range(40, W - 40);
    const y = rng.range(40, H - 40);
    if (!free(x, y, -14) || !onLand(x - 12, y) || !onLand(x + 12, y)) continue;
    hillMark(marks, x, y, rng.range(6, 10));
  }

  // the troll queen's boulders
  const tro = spot("troll");
  const rocks = path();
  for (let i = 0; i < 26; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(85, 170);
    const x = tro.x + Math.cos(a) * d * 1.2;
    const y = tro.y + Math.sin(a) * d * 0.7;
    if (free(x, y, -6)) boulder(rocks, rng, x, y, rng.range(6, 12));
  }

  // rivers: from the northern wall into the bay, and from the troll range to the south coast
  const river = smoothOpen(path(), [
    [760, 150],
    [730, 220],
    [760, 300],
    [700, 360],
    [640, 380],
    [600, 410],
  ]).toString();
  const river2 = smoothOpen(path(), [
    [1240, 520],
    [1300, 600],
    [1280, 700],
    [1340, 780],
    [1330, 850],
  ]).toString();

  // the road bed under the client's dotted road (same curve: Catmull-Rom through the spots in ROAD_ORDER)
  const road = smoothOpen(
    path(),
    ROAD_ORDER.map((k) => {
      const s = spot(k);
      return [s.x, s.y] as const;
    }),
  ).toString();

  // landmarks
  const towerSpot = spot("tower");
  const demon = spot("tower2");
  const tower = paintIcon({
    id: "t",
    icon: "white-tower",
    cx: towerSpot.x + 105,
    cy: towerSpot.y - 70,
    size: 120,
    pal: PALETTES.tower,
    k: 1,
    blur: "b",
    step: 2,
    line: 2,
  });
  const ship = paintIcon({
    id: "s",
    icon: "caravel",
    cx: 300,
    cy: 520,
    size: 74,
    pal: PALETTES.thief,
    k: 1,
    step: 2,
    line: 1.5,
    aura: 0,
  });
  const serpent = paintIcon({
    id: "r",
    icon: "sea-serpent",
    cx: 480,
    cy: 700,
    size: 84,
    pal: PALETTES.tower,
    k: 1,
    step: 2,
    line: 1.5,
    aura: 0,
  });
  const castle = nearScenery("vampire", new Rng("map-castle"), 200, 151, 150, 38);
  const castleX = vamp.x + 110;
  const castleY = vamp.y + 80 - 150;

  // the volcano of the ember fields, east of the demon hunter's spot
  const vx = demon.x + 90;
  const vy = demon.y - 110;
  const volcanoBody = path()
    .poly([
      [vx - 80, vy + 60],
      [vx - 20, vy - 20],
      [vx + 18, vy - 20],
      [vx + 80, vy + 60],
    ])
    .toString();
  const volcanoShade = path()
    .poly([
      [vx, vy - 20],
      [vx + 18, vy - 20],
      [vx + 80, vy + 60],
      [vx + 20, vy + 60],
    ])
    .toString();
  const lavaFlow = path()
    .M(vx - 6, vy - 18)
    .Q(vx - 16, vy + 10, vx - 30, vy + 30)
    .Q(vx - 40, vy + 44, vx - 44, vy + 58)
    .M(vx + 8, vy - 18)
    .Q(vx + 14, vy + 20, vx + 30, vy + 56)
    .toString();
  const smoke = path();
  for (let i = 0; i < 6; i++)
    smoke.circle(vx + i * 10 + rng.range(-4, 4), vy - 36 - i * 20, 12 + i * 4);
  const embers: Pt[] = [];
  for (let i = 0; i < 40; i++) {
    const x = demon.x + rng.range(-150, 180);
    const y = demon.y + rng.range(-130, 120);
    if (free(x, y, -20)) embers.push([x, y]);
  }

  // clouds along the edges
  const clouds: [number, number, number][] = [];
  for (const [cx, cy, s] of [
    [160, 60, 1],
    [700, 40, 1.3],
    [1500, 430, 0.9],
    [1100, 880, 1.1],
    [40, 480, 0.8],
    [1350, 40, 1],
  ] as const) {
    for (let i = 0; i < 5; i++)
      clouds.push([
        cx + (i - 2) * 34 * s + rng.range(-8, 8),
        cy + rng.range(-10, 10),
        rng.range(22, 34) * s,
      ]);
  }

  // compass rose in the south-western sea
  const cpx = 120;
  const cpy = 800;
  const compass = path(1);
  const compassDark = path(1);
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const long = i % 2 === 0 ? 62 : 36;
    const tip: Pt = [cpx + Math.cos(a) * long, cpy + Math.sin(a) * long];
    compass.poly([
      tip,
      [cpx + Math.cos(a + Math.PI / 2) * 9, cpy + Math.sin(a + Math.PI / 2) * 9],
      [cpx, cpy],
    ]);
    compassDark.poly([
      tip,
      [cpx + Math.cos(a - Math.PI / 2) * 9, cpy + Math.sin(a - Math.PI / 2) * 9],
      [cpx, cpy],
    ]);
  }

  const tint = (id: string, colour: string): string =>
    el(
      "radialGradient",
      { id },
      stops([
        [0, colour, 0.7],
        [0.55, colour, 0.3],
        [1, colour, 0],
      ]),
    );
  const regionOf: Array<[string, string, number, number]> = [
    ["elf", PALETTES.elf.ink, 240, 190],
    ["gabby", PALETTES.undead.ink, 210, 150],
    ["kailis", PALETTES.thief.ink, 200, 150],
    ["kailis2", "#e08a78", 220, 160],
    ["tower", PALETTES.tower.ink, 200, 160],
    ["tower2", PALETTES.demon.ink, 240, 190],
    ["troll", PALETTES.troll.ink, 220, 160],
    ["vampires", PALETTES.vampire.ink, 230, 180],
  ];
  const regions = regionOf.map(([k, c, rx, ry]) => ({ k, c, rx, ry, ...spot(k) }));

  const sparks = path(1);
  for (let i = 0; i < 22; i++)
    sparkle(sparks, rng.range(30, W - 30), rng.range(30, H - 30), rng.range(2, 4.5));

  const defs =
    el(
      "radialGradient",
      { id: "sea", cx: ".35", cy: ".7", r: ".9" },
      stops([
        [0, "#2e175a"],
        [0.55, "#1a0c36"],
        [1, "#0a0416"],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "land", x2: ".2", y2: "1" },
      stops([
        [0, "#54426a"],
        [0.5, "#3e2e54"],
        [1, "#2c1f3e"],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "vg", r: ".78" },
      stops([
        [0.62, NIGHT_DEEP, 0],
        [1, NIGHT_DEEP, 0.85],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "lv" },
      stops([
        [0, "#ffb040", 0.75],
        [1, "#ff5020", 0],
      ]),
    ) +
    el(
      "radialGradient",
      { id: "cg" },
      stops([
        [0, "#ff3a5a", 0.8],
        [1, "#ff3a5a", 0],
      ]),
    ) +
    el(
      "linearGradient",
      { id: "vo", x2: "0", y2: "1" },
      stops([
        [0, "#5a2a22"],
        [1, "#24100c"],
      ]),
    ) +
    regions.map((r) => tint(`r${r.k}`, r.c)).join("") +
    el("clipPath", { id: "lc" }, el("path", { d: land.toString() })) +
    el(
      "filter",
      { id: "b", x: "-50%", y: "-50%", width: "200%", height: "200%" },
      el("feGaussianBlur", { stdDeviation: "4" }),
    ) +
    // texture without feTurbulence (see texture.ts): grain tile, soft blobs
    grainPattern("n", "world-map") +
    // mottling: turbulence at .012 (83 px cells, 3 octaves) baked into a tile
    cloudPattern(
      "mt",
      {
        seed: "world-map-mottle",
        size: 160,
        cells: 5,
        octaves: 3,
        colour: "#1a0d33",
        gain: 1.4,
        bias: -0.55,
      },
      2.6,
    ) +
    blobGradient("cl", "#d8c8f0") +
    tower.defs +
    ship.defs +
    serpent.defs;

  const landD = land.toString();
  const cloudBlobs = clouds
    .map(([x, y, r]) =>
      el("circle", { cx: num(x), cy: num(y), r: num(r * 1.7), fill: "url(#cl)", opacity: ".09" }),
    )
    .join("");
  const body = [
    el("rect", { width: W, height: H, fill: "url(#sea)" }),
    el("rect", { width: W, height: H, fill: "url(#mt)", opacity: ".45" }),
    el("path", {
      d: waves.toString(),
      fill: "none",
      stroke: "#9a72d8",
      "stroke-width": "2",
      opacity: ".4",
      "stroke-linecap": "round",
    }),
    // shallow-water glow, a pale shore line, then the land
    el(
      "g",
      { fill: "none", stroke: "#7a58c0", "stroke-linejoin": "round" },
      el("path", { d: landD, "stroke-width": "56", opacity: ".08" }) +
        el("path", { d: landD, "stroke-width": "38", opacity: ".1" }) +
        el("path", { d: landD, "stroke-width": "22", opacity: ".12" }),
    ),
    el("path", { d: landD, fill: "none", stroke: "#b89ae8", "stroke-width": "9", opacity: ".35" }),
    el("path", { d: landD, fill: "url(#land)" }),
    el(
      "g",
      { "clip-path": "url(#lc)" },
      regions
        .map((r) => el("ellipse", { cx: r.x, cy: r.y, rx: r.rx, ry: r.ry, fill: `url(#r${r.k})` }))
        .join("") +
        el("rect", { width: W, height: H, fill: "url(#mt)", opacity: ".6" }) +
        el(
          "g",
          { fill: "none", stroke: "#140a22", "stroke-linejoin": "round" },
          el("path", { d: landD, "stroke-width": "26", opacity: ".12" }) +
            el("path", { d: landD, "stroke-width": "16", opacity: ".16" }) +
            el("path", { d: landD, "stroke-width": "7", opacity: ".2" }),
        ),
    ),
    el("path", { d: landD, fill: "none", stroke: "#140a22", "stroke-width": "2.5" }),
    el("path", {
      d: marks.toString(),
      fill: "none",
      stroke: "#1e1430",
      "stroke-width": "2",
      opacity: ".5",
      "stroke-linecap": "round",
    }),
    el("path", {
      d: dunes.toString(),
      fill: "none",
      stroke: "#f0b89a",
      "stroke-width": "2",
      opacity: ".45",
      "stroke-linecap": "round",
    }),
    el("path", {
      d: river,
      fill: "none",
      stroke: "#140a22",
      "stroke-width": "10",
      "stroke-linecap": "round",
    }),
    el("path", {
      d: river,
      fill: "none",
      stroke: "#7258c0",
      "stroke-width": "5.5",
      "stroke-linecap": "round",
    }),
    el("path", {
      d: river2,
      fill: "none",
      stroke: "#140a22",
      "stroke-width": "9",
      "stroke-linecap": "round",
    }),
    el("path", {
      d: river2,
      fill: "none",
      stroke: "#7258c0",
      "stroke-width": "4.5",
      "stroke-linecap": "round",
    }),
    // road bed: a worn dirt track the client's dotted road runs along
    el("path", {
      d: road,
      fill: "none",
      stroke: "#140a12",
      "stroke-width": "16",
      opacity: ".45",
      "stroke-linecap": "round",
    }),
    el("path", {
      d: road,
      fill: "none",
      stroke: "#8a6a4a",
      "stroke-width": "10",
      opacity: ".55",
      "stroke-linecap": "round",
    }),
    el("circle", { cx: num(demon.x + 40), cy: num(demon.y - 40), r: "190", fill: "url(#lv)" }),
    el("path", {
      d: dots(embers),
      stroke: "#ffb040",
      "stroke-width": "3",
      "stroke-linecap": "round",
      opacity: ".7",
    }),
    el("path", { d: m.light.toString(), fill: "#75648c" }),
    el("path", { d: m.dark.toString(), fill: "#2c2040" }),
    el("path", { d: m.snow.toString(), fill: "#ece4f8", opacity: ".9" }),
    el("path", {
      d: `${m.light}${m.dark}`,
      fill: "none",
      stroke: "#140a22",
      "stroke-width": "1.6",
      "stroke-linejoin": "round",
    }),
    el("path", { d: rocks.toString(), fill: "#5e5470", stroke: "#140a22", "stroke-width": "1.5" }),
    el("path", {
      d: rocks.toString(),
      fill: "#a898c0",
      opacity: ".35",
      transform: "translate(-1 -1.5)",
      "clip-path": "url(#lc)",
    }),
    el("path", {
      d: trees.toString(),
      fill: "#1f5a44",
      stroke: "#0a1a14",
      "stroke-width": "1.2",
      "stroke-linejoin": "round",
    }),
    el("path", {
      d: trees.toString(),
      fill: "#7dffc0",
      opacity: ".2",
      transform: "translate(-1.5 -1)",
    }),
    el("path", { d: deadTrees.toString(), fill: "#1a0610" }),
    el("path", { d: stones.toString(), fill: "#9aa494", stroke: "#141a12", "stroke-width": "1.2" }),
    el("path", { d: houses.toString(), fill: "#4a3422", stroke: "#120a06", "stroke-width": "1.2" }),
    el("path", { d: windows.toString(), fill: "#ffc86a" }),
    el("path", {
      d: temple.toString(),
      fill: "#3a2030",
      stroke: "#f0b89a",
      "stroke-width": "1.2",
      "stroke-opacity": ".6",
    }),
    // volcano
    el("path", { d: smoke.toString(), fill: "#2a1a24", opacity: ".7", filter: "url(#b)" }),
    el("path", {
      d: volcanoBody,
      fill: "url(#vo)",
      stroke: "#140806",
      "stroke-width": "2",
      "stroke-linejoin": "round",
    }),
    el("path", { d: volcanoShade, fill: "#000", opacity: ".3" }),
    el("path", {
      d: lavaFlow,
      fill: "none",
      stroke: "#ff7a2a",
      "stroke-width": "4",
      "stroke-linecap": "round",
    }),
    el("ellipse", { cx: num(vx + 1), cy: num(vy - 20), rx: "20", ry: "5", fill: "#ffb040" }),
    // vampire castle with its red glow
    el("circle", { cx: num(castleX + 100), cy: num(castleY + 110), r: "120", fill: "url(#cg)" }),
    el(
      "g",
      { transform: `translate(${num(castleX)} ${num(castleY)})` },
      el("path", {
        d: castle.d,
        fill: "#1a0610",
        stroke: "#ff3a5a",
        "stroke-width": "1.2",
        "stroke-opacity": ".5",
      }) + (castle.lights ? el("path", { d: castle.lights, fill: "#ff8a5a" }) : ""),
    ),
    tower.body,
    ship.body,
    serpent.body,
    el("circle", {
      cx: cpx,
      cy: cpy,
      r: "48",
      fill: "none",
      stroke: GOLD,
      "stroke-width": "2",
      opacity: ".7",
    }),
    el("path", { d: compass.toString(), fill: GOLD }),
    el("path", { d: compassDark.toString(), fill: GOLD_DARK }),
    el("path", { d: sparks.toString(), fill: GOLD_LIGHT, opacity: ".7" }),
    cloudBlobs,
    el("rect", { width: W, height: H, fill: "url(#n)", opacity: ".12" }),
    el("rect", { width: W, height: H, fill: "url(#vg)" }),
    // the frame: a dark band, a thick and a thin gold line, and corner diamonds
    el("rect", {
      x: "6",
      y: "6",
      width: W - 12,
      height: H - 12,
      fill: "none",
      stroke: "#0a0412",
      "stroke-width": "12",
    }),
    el("rect", {
      x: "12",
      y: "12",
      width: W - 24,
      height: H - 24,
      fill: "none",
      stroke: GOLD,
      "stroke-width": "3",
    }),
    el("rect", {
      x: "20",
      y: "20",
      width: W - 40,
      height: H - 40,
      fill: "none",
      stroke: GOLD_DARK,
      "stroke-width": "1.5",
    }),
    el("path", {
      d: path()
        .poly([
          [16, 0],
          [32, 16],
          [16, 32],
          [0, 16],
        ])
        .poly([
          [W - 16, 0],
          [W, 16],
          [W - 16, 32],
          [W - 32, 16],
        ])
        .poly([
          [16, H - 32],
          [32, H - 16],
          [16, H],
          [0, H - 16],
        ])
        .poly([
          [W - 16, H - 32],
          [W, H - 16],
          [W - 16, H],
          [W - 32, H - 16],
        ])
        .toString(),
      fill: GOLD,
      stroke: "#2a1206",
      "stroke-width": "2",
    }),
  ].join("");
  return svgDoc(W, H, el("defs", {}, defs) + body, "World map");
}
