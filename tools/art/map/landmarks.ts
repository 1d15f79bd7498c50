/**
 * The world map's landmarks, each painted where world-map.ts layers it: the
 * rivers and the road bed, the mage tower, a ship and a sea serpent, the
 * vampire castle, the volcano of the ember fields, the compass rose, clouds
 * and gold sparkles.
 */

import { ROAD_ORDER, SEA_SERPENT } from "../../../apps/client/src/features/map/map-layout.ts";
import { Rng } from "../../shared/rng.ts";
import { paintIcon } from "../paint.ts";
import { GOLD, GOLD_DARK, GOLD_LIGHT, PALETTES } from "../palette.ts";
import { dots, path, sparkle } from "../path.ts";
import { nearScenery } from "../scenery.ts";
import { el, num } from "../svg.ts";
import { MAP_H, MAP_W, type Pt, smoothOpen, spot, type Terrain } from "./geography.ts";

const W = MAP_W;
const H = MAP_H;

/**
 * Rivers (from the northern wall into the bay, and from the troll range to the
 * south coast), then the road bed under the client's dotted road: the same
 * curve, Catmull-Rom through the spots in ROAD_ORDER.
 */
export function watersAndRoad(): string {
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
  const road = smoothOpen(
    path(),
    ROAD_ORDER.map((k) => {
      const s = spot(k);
      return [s.x, s.y] as const;
    }),
  ).toString();
  return (
    el("path", {
      d: river,
      fill: "none",
      stroke: "#140a22",
      "stroke-width": "10",
      "stroke-linecap": "round",
    }) +
    el("path", {
      d: river,
      fill: "none",
      stroke: "#7258c0",
      "stroke-width": "5.5",
      "stroke-linecap": "round",
    }) +
    el("path", {
      d: river2,
      fill: "none",
      stroke: "#140a22",
      "stroke-width": "9",
      "stroke-linecap": "round",
    }) +
    el("path", {
      d: river2,
      fill: "none",
      stroke: "#7258c0",
      "stroke-width": "4.5",
      "stroke-linecap": "round",
    }) +
    // road bed: a worn dirt track the client's dotted road runs along
    el("path", {
      d: road,
      fill: "none",
      stroke: "#140a12",
      "stroke-width": "16",
      opacity: ".45",
      "stroke-linecap": "round",
    }) +
    el("path", {
      d: road,
      fill: "none",
      stroke: "#8a6a4a",
      "stroke-width": "10",
      opacity: ".55",
      "stroke-linecap": "round",
    })
  );
}

type Painted = ReturnType<typeof paintIcon>;

/** The painted icons: the mage tower by its spot, a ship and a sea serpent at sea. */
export function mapIcons(): { tower: Painted; ship: Painted; serpent: Painted } {
  const towerSpot = spot("tower");
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
    // Clear of the medallions' names and stars (map-layout.ts, e2e/map-names.journey.ts).
    cx: SEA_SERPENT.x * 16,
    cy: SEA_SERPENT.y * 9,
    size: SEA_SERPENT.size,
    pal: PALETTES.tower,
    k: 1,
    step: 2,
    line: 1.5,
    aura: 0,
  });
  return { tower, ship, serpent };
}

/** The vampire castle with its red glow, south-east of the vampires' spot. */
export function vampireCastle(): string {
  const vamp = spot("vampires");
  const castle = nearScenery("vampire", new Rng("map-castle"), 200, 151, 150, 38);
  const castleX = vamp.x + 110;
  const castleY = vamp.y + 80 - 150;
  return (
    el("circle", { cx: num(castleX + 100), cy: num(castleY + 110), r: "120", fill: "url(#cg)" }) +
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
    )
  );
}

/**
 * The volcano of the ember fields, east of the demon hunter's spot: `glow` (its
 * light and the embers on the fields, painted under the mountains) and
 * `mountain` (smoke, cone, shade, lava and crater, painted over them).
 */
export function volcano(rng: Rng, t: Terrain): { glow: string; mountain: string } {
  const demon = spot("tower2");
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
    if (t.free(x, y, -20)) embers.push([x, y]);
  }
  const glow =
    el("circle", { cx: num(demon.x + 40), cy: num(demon.y - 40), r: "190", fill: "url(#lv)" }) +
    el("path", {
      d: dots(embers),
      stroke: "#ffb040",
      "stroke-width": "3",
      "stroke-linecap": "round",
      opacity: ".7",
    });
  const mountain =
    el("path", { d: smoke.toString(), fill: "#2a1a24", opacity: ".7", filter: "url(#b)" }) +
    el("path", {
      d: volcanoBody,
      fill: "url(#vo)",
      stroke: "#140806",
      "stroke-width": "2",
      "stroke-linejoin": "round",
    }) +
    el("path", { d: volcanoShade, fill: "#000", opacity: ".3" }) +
    el("path", {
      d: lavaFlow,
      fill: "none",
      stroke: "#ff7a2a",
      "stroke-width": "4",
      "stroke-linecap": "round",
    }) +
    el("ellipse", { cx: num(vx + 1), cy: num(vy - 20), rx: "20", ry: "5", fill: "#ffb040" });
  return { glow, mountain };
}

/** Faint cloud blobs along the edges. */
export function edgeClouds(rng: Rng): string {
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
  return clouds
    .map(([x, y, r]) =>
      el("circle", { cx: num(x), cy: num(y), r: num(r * 1.7), fill: "url(#cl)", opacity: ".09" }),
    )
    .join("");
}

/** The compass rose in the south-western sea. */
export function compassRose(): string {
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
  return (
    el("circle", {
      cx: cpx,
      cy: cpy,
      r: "48",
      fill: "none",
      stroke: GOLD,
      "stroke-width": "2",
      opacity: ".7",
    }) +
    el("path", { d: compass.toString(), fill: GOLD }) +
    el("path", { d: compassDark.toString(), fill: GOLD_DARK })
  );
}

/** Gold sparkles scattered over the map. */
export function goldSparks(rng: Rng): string {
  const sparks = path(1);
  for (let i = 0; i < 22; i++)
    sparkle(sparks, rng.range(30, W - 30), rng.range(30, H - 30), rng.range(2, 4.5));
  return el("path", { d: sparks.toString(), fill: GOLD_LIGHT, opacity: ".7" });
}
