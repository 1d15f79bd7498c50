/**
 * What the spell pictures (spell-scene.ts) draw with: the context of one
 * spell's picture and small shapes (an ellipse, a star).
 */

import type { Rng } from "../shared/rng.ts";
import type { Draw, Sil } from "./figure-kit.ts";
import type { Subject } from "./subject.ts";

export type Pt = [number, number];

/** What a spell's picture shows. */
export type SpellLook =
  | "bolt"
  | "flame"
  | "shard"
  | "rock"
  | "slash"
  | "dart"
  | "heal"
  | "buff"
  | "stun"
  | "destroy"
  | "hearth"
  | "crystal"
  | "drums"
  | "chest"
  | "drain"
  | "book"
  | "pages"
  | "portal"
  | "smoke"
  | "swap";

/** One spell's picture: where things land and where the light is. */
export interface SpellCtx {
  d: Draw;
  sil: Sil;
  rng: Rng;
  look: SpellLook;
  /** How many things the effect hits. */
  n: number;
  /** Where things land (one spot, several, or a castle's top). */
  spots: Pt[];
  /** Where things fly from: high on the light's side. */
  src: Pt;
  /** The picture's centre line, its width and its ground line. */
  cx: number;
  w: number;
  g: number;
  /** The side the light comes from: 1 right, -1 left. */
  light: number;
  /** The subject of the card a summon spell calls. */
  summoned: Subject | undefined;
  /** The default focus, above the centre of the ground. */
  focus: Pt;
}

export const rad = (deg: number): number => (deg * Math.PI) / 180;

export function ellipse(sil: Sil["fill"], c: Pt, rx: number, ry: number): void {
  sil
    .M(c[0] - rx, c[1])
    .A(rx, ry, 1, 0, c[0] + rx, c[1])
    .A(rx, ry, 1, 0, c[0] - rx, c[1])
    .Z();
}

export function star(
  p: Sil["glow"],
  c: Pt,
  r: number,
  n: number,
  turn: number,
  inner = 0.35,
): void {
  const pts: Pt[] = [];
  for (let i = 0; i < n * 2; i++) {
    const a = turn + (i * Math.PI) / n;
    const rr = i % 2 ? r * inner : r;
    pts.push([c[0] + Math.cos(a) * rr, c[1] + Math.sin(a) * rr]);
  }
  p.poly(pts);
}
