/**
 * The house way of painting an icon, shared by card art, medallions,
 * portraits and boxes: a coloured aura, a drop shadow, a dark outline, and a
 * bevel (the light colour inside the shape with the gradient body shifted
 * down-right over it, so a lit rim stays along the upper-left edges).
 */
import { ICON_BOX, iconPath } from "./icons.ts";
import type { Palette } from "./palette.ts";
import { el, num, stops } from "./svg.ts";

export interface PaintOptions {
  /** Prefix for the ids this icon defines, unique in its document. */
  id: string;
  icon: string;
  /** Centre and size of the icon box in document units. */
  cx: number;
  cy: number;
  size: number;
  pal: Palette;
  mirror?: boolean;
  /** Document units per "card unit" (1 on a 200-wide mini card). */
  k: number;
  /** Outline colour; the palette's shade by default. */
  outline?: string;
  /** Icon path data if already fitted, else the icon is minified on `step`. */
  d?: string;
  step?: number;
  /** Id of a blur filter already in the document for the aura, or none. */
  blur?: string;
  /** Aura opacity, 0 to skip. */
  aura?: number;
  /** Outline width in card units (k); 2.5 by default. */
  line?: number;
}

/** A transform that puts the 512 box at (cx, cy) with the given size. */
export function iconTransform(
  cx: number,
  cy: number,
  size: number,
  mirror = false,
  grow = 1,
): string {
  const s = (size * grow) / ICON_BOX;
  const half = (size * grow) / 2;
  const x = mirror ? cx + half : cx - half;
  return `translate(${num(x)} ${num(cy - half)}) scale(${num(mirror ? -s : s, 4)} ${num(s, 4)})`;
}

export function paintIcon(o: PaintOptions): { defs: string; body: string } {
  const { id, pal, k } = o;
  const d = o.d ?? iconPath(o.icon, o.step ?? 1);
  const at = (dx: number, dy: number, grow = 1): string =>
    iconTransform(o.cx + dx, o.cy + dy, o.size, o.mirror, grow);
  const defs =
    el("path", { id: `${id}i`, d }) +
    el(
      "linearGradient",
      { id: `${id}f`, x2: ".3", y2: "1" },
      stops([
        [0, pal.light],
        [0.42, pal.ink],
        [1, pal.shade],
      ]),
    ) +
    el("clipPath", { id: `${id}c` }, el("use", { href: `#${id}i`, transform: at(0, 0) }));
  const strokeW = ((o.line ?? 2.5) * k * ICON_BOX) / o.size;
  let body = "";
  if ((o.aura ?? 0.75) > 0 && o.blur) {
    body += el("use", {
      href: `#${id}i`,
      transform: at(0, 0, 1.04),
      fill: pal.glow,
      opacity: num(o.aura ?? 0.75, 2),
      filter: `url(#${o.blur})`,
    });
  }
  body += el("use", { href: `#${id}i`, transform: at(2 * k, 3 * k), fill: "#000", opacity: ".55" });
  body += el("use", {
    href: `#${id}i`,
    transform: at(0, 0),
    fill: pal.shade,
    stroke: o.outline ?? pal.shade,
    "stroke-width": num(strokeW),
    "stroke-linejoin": "round",
  });
  body += el(
    "g",
    { "clip-path": `url(#${id}c)` },
    el("rect", {
      x: num(o.cx - o.size / 2),
      y: num(o.cy - o.size / 2),
      width: num(o.size),
      height: num(o.size),
      fill: pal.light,
    }) + el("use", { href: `#${id}i`, transform: at(1.2 * k, 1.6 * k), fill: `url(#${id}f)` }),
  );
  return { defs, body };
}
