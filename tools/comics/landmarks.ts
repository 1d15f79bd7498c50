/**
 * The landmark of a slide's setting (landscape.ts), drawn between the far and
 * middle ridges: an ancient tree, a chapel, the guild tower, a ruined
 * cathedral, the Mage Tower, a volcano, a ruined fortress, a gothic castle.
 * One function per setting, in a table with an entry for every setting.
 */
import type { SceneSetting } from "@cardrealm/content";
import type { Rng } from "../shared/rng.ts";
import type { SlidePalette } from "./palette.ts";
import { i, mix, n, poly } from "./svg.ts";

function windowGlow(x: number, y: number, w: number, h: number, glow: string): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(Math.min(w, h) / 2)}" fill="${glow}"/>`;
}

function halo(x: number, y: number, r: number, opacity = 0.7): string {
  return `<circle cx="${i(x)}" cy="${i(y)}" r="${i(r)}" fill="url(#halo)" opacity="${n(opacity)}"/>`;
}

/** Where the landmark stands and how it is coloured. */
interface LandmarkAt {
  x: number;
  base: number;
  color: string;
  p: SlidePalette;
  rng: Rng;
  /** The palette's glow: lit windows. */
  g: string;
}

/** An ancient tree: a flaring trunk and a crown of overlapping lobes. */
function forest(at: LandmarkAt): string {
  const { x, base, color, rng } = at;
  const trunk = poly([
    [x - 44, base],
    [x - 18, base - 40],
    [x - 14, base - 170],
    [x - 40, base - 210],
    [x - 6, base - 190],
    [x + 4, base - 230],
    [x + 12, base - 188],
    [x + 46, base - 214],
    [x + 16, base - 160],
    [x + 20, base - 40],
    [x + 50, base],
  ]);
  let crown = "";
  for (let k = 0; k < 9; k++) {
    const a = (k / 9) * Math.PI;
    const cx = x + Math.cos(a) * 120 * rng.range(0.8, 1.1);
    const cy = base - 250 - Math.sin(a) * 70 * rng.range(0.8, 1.2);
    crown += `<ellipse cx="${i(cx)}" cy="${i(cy)}" rx="${i(rng.range(60, 90))}" ry="${i(rng.range(40, 60))}"/>`;
  }
  const lights = [0, 1, 2, 3, 4]
    .map(() => halo(x + rng.range(-150, 150), base - rng.range(200, 320), rng.range(6, 14), 0.9))
    .join("");
  return `<g fill="${color}"><path d="${trunk}"/>${crown}</g>${lights}`;
}

/** A small chapel on a hill, one lit window. */
function graveyard(at: LandmarkAt): string {
  const { x, base, color, g } = at;
  const body = `M${i(x - 60)} ${i(base)}L${i(x - 60)} ${i(base - 80)}L${i(x)} ${i(base - 130)}L${i(x + 60)} ${i(base - 80)}L${i(x + 60)} ${i(base)}Z`;
  const steeple = poly([
    [x - 18, base - 110],
    [x - 18, base - 175],
    [x, base - 240],
    [x + 18, base - 175],
    [x + 18, base - 110],
  ]);
  const hill = `M${i(x - 240)} ${i(base + 30)}Q${i(x)} ${i(base - 40)} ${i(x + 240)} ${i(base + 30)}Z`;
  return `<g fill="${color}"><path d="${hill}"/><path d="${body}"/><path d="${steeple}"/></g>${halo(x, base - 60, 40, 0.5)}${windowGlow(x - 8, base - 78, 16, 30, g)}${windowGlow(x - 5, base - 170, 10, 18, g)}`;
}

/** The guild tower: a tall square tower with a great lit window. */
function harbour(at: LandmarkAt): string {
  const { x, base, color, g } = at;
  const tower = poly([
    [x - 34, base],
    [x - 34, base - 230],
    [x - 46, base - 236],
    [x, base - 300],
    [x + 46, base - 236],
    [x + 34, base - 230],
    [x + 34, base],
  ]);
  const house = poly([
    [x - 110, base],
    [x - 110, base - 80],
    [x - 80, base - 118],
    [x - 50, base - 80],
    [x - 50, base],
  ]);
  const house2 = poly([
    [x + 40, base],
    [x + 40, base - 100],
    [x + 80, base - 140],
    [x + 120, base - 100],
    [x + 120, base],
  ]);
  return `<g fill="${color}"><path d="${tower}"/><path d="${house}"/><path d="${house2}"/></g>${halo(x, base - 190, 60, 0.55)}${windowGlow(x - 12, base - 212, 24, 40, g)}${windowGlow(x - 86, base - 60, 10, 14, g)}${windowGlow(x + 70, base - 76, 10, 14, g)}${windowGlow(x + 90, base - 46, 10, 14, g)}`;
}

/** A ruined cathedral: nave, a whole tower, a broken tower, a rose window. */
function cathedral(at: LandmarkAt): string {
  const { x, base, color, g } = at;
  const nave = `M${i(x - 120)} ${i(base)}L${i(x - 120)} ${i(base - 150)}L${i(x)} ${i(base - 220)}L${i(x + 120)} ${i(base - 150)}L${i(x + 120)} ${i(base)}Z`;
  const tl = poly([
    [x - 170, base],
    [x - 170, base - 260],
    [x - 145, base - 340],
    [x - 120, base - 260],
    [x - 120, base],
  ]);
  const tr = poly([
    [x + 120, base],
    [x + 120, base - 250],
    [x + 132, base - 272],
    [x + 140, base - 250],
    [x + 152, base - 290],
    [x + 160, base - 256],
    [x + 170, base - 236],
    [x + 170, base],
  ]);
  const arches = [-80, -40, 40, 80]
    .map((dx) => windowGlow(x + dx - 7, base - 120, 14, 50, mix(g, color, 0.35)))
    .join("");
  return `<g fill="${color}"><path d="${nave}"/><path d="${tl}"/><path d="${tr}"/></g>${halo(x, base - 150, 70, 0.5)}<circle cx="${i(x)}" cy="${i(base - 150)}" r="22" fill="${g}"/><circle cx="${i(x)}" cy="${i(base - 150)}" r="22" fill="none" stroke="${color}" stroke-width="4" stroke-dasharray="6 5"/>${arches}`;
}

/** The Mage Tower: slender, banded, a conical roof and a beacon. */
function tower(at: LandmarkAt): string {
  const { x, base, color, g } = at;
  const body = poly([
    [x - 42, base],
    [x - 30, base - 330],
    [x - 44, base - 338],
    [x, base - 430],
    [x + 44, base - 338],
    [x + 30, base - 330],
    [x + 42, base],
  ]);
  let wins = "";
  for (let k = 0; k < 6; k++) {
    const y = base - 60 - k * 48;
    wins += windowGlow(x - 5 + (k % 2) * 8, y, 8, 16, g);
  }
  return `${halo(x, base - 360, 140, 0.45)}<g fill="${color}"><path d="${body}"/></g>${wins}<circle cx="${i(x)}" cy="${i(base - 438)}" r="7" fill="${g}"/>`;
}

/** A volcano: a broad cone, a glowing crater and smoke. */
function ember(at: LandmarkAt): string {
  const { x, base, color, p, rng, g } = at;
  const cone = poly([
    [x - 320, base],
    [x - 60, base - 230],
    [x - 30, base - 240],
    [x, base - 226],
    [x + 36, base - 244],
    [x + 70, base - 228],
    [x + 330, base],
  ]);
  const lava = `M${i(x - 10)} ${i(base - 228)}Q${i(x - 30)} ${i(base - 150)} ${i(x - 70)} ${i(base - 60)}`;
  let smoke = "";
  for (let k = 0; k < 5; k++) {
    smoke += `<ellipse cx="${i(x + k * 30 + rng.range(-20, 20))}" cy="${i(base - 280 - k * 50)}" rx="${i(50 + k * 22)}" ry="${i(30 + k * 10)}"/>`;
  }
  return `<g fill="${mix(color, p.sky, 0.5)}" opacity=".55" filter="url(#soft)">${smoke}</g>${halo(x, base - 240, 120, 0.8)}<g fill="${color}"><path d="${cone}"/></g><path d="${lava}" fill="none" stroke="${g}" stroke-width="5" stroke-linecap="round" opacity=".85"/>`;
}

/** A flattened fortress on a peak: broken walls and a stump of a keep. */
function mountain(at: LandmarkAt): string {
  const { x, base, color, g } = at;
  const peak = poly([
    [x - 260, base],
    [x - 70, base - 180],
    [x + 80, base - 190],
    [x + 280, base],
  ]);
  const ruin = poly([
    [x - 80, base - 178],
    [x - 80, base - 220],
    [x - 64, base - 220],
    [x - 64, base - 206],
    [x - 40, base - 206],
    [x - 40, base - 250],
    [x - 20, base - 240],
    [x - 10, base - 256],
    [x + 10, base - 244],
    [x + 10, base - 212],
    [x + 44, base - 212],
    [x + 50, base - 226],
    [x + 66, base - 218],
    [x + 90, base - 188],
  ]);
  return `<g fill="${color}"><path d="${peak}"/><path d="${ruin}"/></g>${halo(x - 20, base - 226, 30, 0.7)}${windowGlow(x - 24, base - 232, 8, 12, g)}`;
}

/** A gothic castle on a crag: spires of different heights, lit windows. */
function castle(at: LandmarkAt): string {
  const { x, base, color, g } = at;
  const crag = poly([
    [x - 210, base + 40],
    [x - 150, base - 60],
    [x - 120, base - 120],
    [x + 120, base - 130],
    [x + 160, base - 50],
    [x + 220, base + 40],
  ]);
  const spire = (cx: number, w: number, h: number) =>
    poly([
      [cx - w, base - 120],
      [cx - w, base - 120 - h],
      [cx - w - 6, base - 124 - h],
      [cx, base - 190 - h],
      [cx + w + 6, base - 124 - h],
      [cx + w, base - 120 - h],
      [cx + w, base - 120],
    ]);
  const keep = poly([
    [x - 80, base - 120],
    [x - 80, base - 240],
    [x + 80, base - 240],
    [x + 80, base - 120],
  ]);
  const wins = [
    [x - 50, base - 200],
    [x - 12, base - 210],
    [x + 30, base - 196],
    [x - 100, base - 290],
    [x + 4, base - 360],
    [x + 108, base - 260],
  ]
    .map(([a, b]) => windowGlow(a ?? 0, b ?? 0, 7, 14, g))
    .join("");
  return `<g fill="${color}"><path d="${crag}"/><path d="${keep}"/><path d="${spire(x - 100, 18, 150)}"/><path d="${spire(x, 22, 230)}"/><path d="${spire(x + 108, 16, 120)}"/><path d="${spire(x - 50, 12, 90)}"/></g>${wins}`;
}

const LANDMARKS: Record<SceneSetting, (at: LandmarkAt) => string> = {
  forest,
  graveyard,
  harbour,
  cathedral,
  tower,
  ember,
  mountain,
  castle,
};

export function landmarkSvg(
  setting: SceneSetting,
  x: number,
  base: number,
  color: string,
  p: SlidePalette,
  rng: Rng,
): string {
  return LANDMARKS[setting]({ x, base, color, p, rng, g: p.glow });
}
