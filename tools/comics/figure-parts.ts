/**
 * Shared pieces of the comic figures (figures.ts): what a figure is, its
 * colours, and small SVG shapes in local units.
 */
import { n } from "./svg.ts";

export interface FigureArt {
  /** Shapes without a fill of their own (the caller fills them). */
  body: string;
  /** Coloured shapes drawn over the body. */
  glow: string;
  /** Local units to pixels at size 1. */
  scale: number;
  /** Where the local origin sits: on the ground, floating, or in the sky. */
  place: "ground" | "float" | "sky" | "water";
}

export interface FigureColors {
  glow: string;
  ink: string;
  fire: string;
}

export type Pt = readonly [number, number];

export const line = (pts: readonly Pt[], width: number) =>
  `<path d="M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}" fill="none" stroke-width="${n(width)}"/>`;

export const path = (d: string) => `<path d="${d}"/>`;
export const circle = (x: number, y: number, r: number) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/>`;

export function halo(x: number, y: number, r: number, opacity = 0.8): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#halo)" opacity="${n(opacity)}"/>`;
}

export function orb(x: number, y: number, r: number, c: FigureColors): string {
  return `${halo(x, y, r * 5)}<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${c.glow}"/>`;
}
