import { CHAPTERS, type ChapterKey } from "./chapters.ts";

/**
 * Where each icon sits on the 16:9 world map, in percent of the map's width
 * and height (the medallion's centre). Presentation only, so it lives here;
 * a record over content's map icons, so a new chapter does not compile
 * until it has its spot.
 */
export const CHAPTER_POSITIONS: Record<ChapterKey, { x: number; y: number }> = {
  elf: { x: 11, y: 30 },
  gabby: { x: 25, y: 24 },
  kailis: { x: 39, y: 31 },
  kailis2: { x: 53, y: 24 },
  tower: { x: 67, y: 31 },
  tower2: { x: 80, y: 44 },
  troll: { x: 65, y: 62 },
  vampires: { x: 47, y: 66 },
  promo: { x: 28, y: 62 },
};

export const ARENA_POSITION = { x: 88, y: 72 };

/**
 * The sea serpent painted into the map's art (tools/art/map/landmarks.ts): its
 * centre in percent of the map, and its size in the art's 1600 px width. It
 * lies clear of every medallion, name and star, beside the ship in the open
 * western sea (e2e/map-names.journey.ts; it sat on the coming-soon chapter's
 * stars at 30%, 77.8%).
 */
export const SEA_SERPENT = { x: 11.9, y: 57.8, size: 84 };

/** The journey order the dotted road follows: the chapters by level (content's order). */
export const ROAD_ORDER: readonly ChapterKey[] = [...CHAPTERS]
  .sort((a, b) => a.level - b.level)
  .map((c) => c.key);

/** A smooth path (Catmull-Rom as cubic Béziers) through points in a 1600x900 box. */
export function roadPath(points: readonly { x: number; y: number }[]): string {
  const p = points.map((pt) => ({ x: pt.x * 16, y: pt.y * 9 }));
  const first = p[0];
  if (!first) return "";
  let d = `M ${first.x} ${first.y}`;
  for (let i = 0; i < p.length - 1; i++) {
    const p0 = p[i - 1] ?? p[i];
    const p1 = p[i];
    const p2 = p[i + 1];
    const p3 = p[i + 2] ?? p2;
    if (!p0 || !p1 || !p2 || !p3) continue;
    const c1x = p1.x + (p2.x - p0.x) / 6;
    const c1y = p1.y + (p2.y - p0.y) / 6;
    const c2x = p2.x - (p3.x - p1.x) / 6;
    const c2y = p2.y - (p3.y - p1.y) / 6;
    d += ` C ${c1x.toFixed(1)} ${c1y.toFixed(1)}, ${c2x.toFixed(1)} ${c2y.toFixed(1)}, ${p2.x} ${p2.y}`;
  }
  return d;
}
