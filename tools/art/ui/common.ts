/** Pieces shared by the UI art: the gold gradient, small filters and star dots. */

import type { Rng } from "../../shared/rng.ts";
import { GOLD, GOLD_DARK, GOLD_LIGHT } from "../palette.ts";
import { dots } from "../path.ts";
import { el, num, stops } from "../svg.ts";

/** A metal gold gradient (vertical, with a bright band) under the given id. */
export function goldGradient(id: string, attrs: Record<string, string> = {}): string {
  return el(
    "linearGradient",
    { id, x2: "0", y2: "1", ...attrs },
    stops([
      [0, GOLD_LIGHT],
      [0.3, GOLD],
      [0.55, GOLD_DARK],
      [0.72, "#d8a848"],
      [1, "#5a3a10"],
    ]),
  );
}

export const blurFilter = (id: string, sd: number): string =>
  el(
    "filter",
    { id, x: "-50%", y: "-50%", width: "200%", height: "200%" },
    el("feGaussianBlur", { stdDeviation: num(sd) }),
  );

export const grainFilter = (id: string, freq: number, seed: number): string =>
  el(
    "filter",
    { id },
    el("feTurbulence", { type: "fractalNoise", baseFrequency: num(freq, 3), numOctaves: 2, seed }) +
      el("feColorMatrix", { values: "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2.2 0 0 0 -1.05" }),
  );

export const wobbleFilter = (id: string, freq: number, scale: number, seed: number): string =>
  el(
    "filter",
    { id },
    el("feTurbulence", { type: "fractalNoise", baseFrequency: num(freq, 3), numOctaves: 2, seed }) +
      el("feDisplacementMap", { in: "SourceGraphic", scale: num(scale) }),
  );

export function starDots(rng: Rng, n: number, w: number, h: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) pts.push([rng.range(0, w), rng.range(0, h)]);
  return dots(pts);
}
