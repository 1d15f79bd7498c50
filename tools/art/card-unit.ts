/**
 * A unit's subject in its card picture (card-art.ts): the figure placed on
 * the ground (sized by cost, its group behind it, a flock around it, a shadow
 * under flyers), then the props of its keywords (blood drops, poison
 * bubbles, leaves, speed lines) and of its first effect (a halo, chevrons,
 * motes, sparks, pages).
 */

import type { Rng } from "../shared/rng.ts";
import type { Ground, Light } from "./card-setting.ts";
import { HH, W } from "./card-setting.ts";
import { drawSubject } from "./figure.ts";
import type { Draw, Sil } from "./figure-kit.ts";
import { ELEMENT_LIGHT } from "./palette.ts";
import { sparkle } from "./path.ts";
import type { Subject } from "./subject.ts";
import { el, num } from "./svg.ts";
import type { CardDef } from "./types.ts";

/** Where the figure stands and how big it is. */
interface Placed {
  focus: [number, number];
  /** The top of the main figure (a halo sits above it). */
  top: readonly [number, number];
  /** Height of the main figure. */
  H: number;
  /** The way the figure faces: 1 right, -1 left. */
  f: number;
  /** A shadow on the ground under a flying figure, or "". */
  shadow: string;
  /** Where the figure stands. */
  sx: number;
}

/** How close the camera is: the whole figure, from the thighs up, or head and shoulders. */
export type Framing = "full" | "half" | "close";

/** A unit's size: what it costs plus what it hits and takes. */
export function unitSize(card: CardDef): number {
  return card.cost.fire + card.cost.diamond + card.cost.pow + (card.attack ?? 0) + (card.hp ?? 0);
}

/** Named rulers and masters are shown close whatever they cost. */
const NAMED =
  /,|\b(lord|queen|king|countess|princess|matriarch|archmage|master|warlord|nosferatu)\b/i;

/**
 * The framing and the subject's scale (0-1) from the card's size and cost and
 * from what the subject is (docs/art.md "Composition"): small cheap units
 * stand whole and small in their setting, big ones are cut by the frame.
 */
export function framingOf(card: CardDef, subject: Subject): { framing: Framing; t: number } {
  const t = Math.max(0, Math.min(1, (unitSize(card) - 5) / 17));
  let framing: Framing = t >= 0.6 ? "close" : t >= 0.3 ? "half" : "full";
  if (subject.body === "humanoid" && NAMED.test(card.name)) framing = "close";
  if (subject.body === "bat" || subject.flock) framing = t >= 0.3 ? "half" : "full";
  if (subject.body === "structure" && framing === "close") framing = "half";
  return { framing, t };
}

/** How high the top of a body is, as a share of its height. */
const TOP: Partial<Record<Subject["body"], number>> = { beast: 0.72, structure: 0.92, plant: 0.9 };

function placeFigure(d: Draw, card: CardDef, subject: Subject, lit: Light, ground: Ground): Placed {
  const { rng } = d;
  const { side, hz } = lit;
  const { framing, t } = framingOf(card, subject);
  const small = subject.build === "small" ? 0.85 : 1;
  const f = rng.chance(0.75) ? side : -side;
  const top = TOP[subject.body] ?? 1;
  let sx = ground.sx;
  let H: number;
  let g: number;
  if (subject.body === "beast" && framing !== "full") {
    // a beast is long rather than tall: big ones stand at the frame's foot and fill its width
    H = HH * (0.5 + 0.45 * t) * small * (subject.flying ? 0.72 : 1);
    g = HH - 6;
  } else if (framing === "full") {
    H = HH * (0.36 + 0.7 * t) * small * (subject.body === "beast" ? 0.85 : 1);
    g = ground.groundAt(sx);
    // keep the head (and a hat or a raised staff) inside the picture
    H = Math.min(H, (g - 12) / (subject.flying ? 1.3 : 1.08));
  } else {
    const k = framing === "half" ? 0.8 + ((t - 0.3) / 0.3) * 0.25 : 1.15 + ((t - 0.6) / 0.4) * 0.35;
    H = (HH * k * small) / top;
    sx = W / 2 - side * rng.range(6, 26);
    g = HH * (framing === "half" ? 0.1 : 0.06) + H * top * 1.02;
  }
  let y = g;
  if (subject.body === "bat") {
    H *= 1.1;
    y = g - H * 0.3;
  }
  // the rest of a group stands behind, smaller
  for (let i = 1; i < subject.count; i++) {
    const dx = (i % 2 ? -1 : 1) * Math.ceil(i / 2) * Math.max(28, H * 0.3);
    drawSubject(
      d,
      { ...subject, count: 1 },
      sx + dx,
      framing === "full" ? ground.groundAt(sx + dx) - 2 : g - H * 0.1,
      H * 0.78,
      i % 2 ? f : -f,
    );
  }
  const head = drawSubject(d, subject, sx, y, H, f);
  const fy = framing === "full" ? (head[1] + g) / 2 : head[1] + Math.min(H * 0.25, 40);
  const focus: [number, number] = [sx, Math.max(20, Math.min(HH - 20, fy))];
  if (subject.flock) {
    for (let i = 0; i < 7; i++)
      drawSubject(
        d,
        { ...subject, body: "bat", count: 1 },
        rng.range(10, W - 10),
        rng.range(5, hz - 30),
        rng.range(12, 22),
        rng.chance(0.5) ? 1 : -1,
      );
  }
  const shadow =
    subject.flying || subject.body === "bat"
      ? el("ellipse", {
          cx: num(sx),
          cy: num(g),
          rx: num(H * 0.3),
          ry: num(H * 0.05),
          fill: "#000",
          opacity: ".5",
        })
      : "";
  return { focus, top: head, H, f, shadow, sx };
}

/** Props of the keywords: blood drops, poison bubbles, leaves, speed lines. */
function keywordProps(
  rng: Rng,
  card: CardDef,
  at: Placed,
  sx: number,
  sil: Sil,
  props: Sil,
  around: (r: number) => [number, number],
): void {
  const kw = card.keywords ?? {};
  const { focus, H, f } = at;
  if (kw.lifesteal) {
    for (let i = 0; i < 5; i++) {
      const [x, yy] = around(H * 0.55);
      props.glow
        .M(x, yy - 4)
        .Q(x + 2.6, yy, x, yy + 1.6)
        .Q(x - 2.6, yy, x, yy - 4)
        .Z();
    }
  }
  if (kw.poison) {
    for (let i = 0; i < 6; i++) {
      const [x, yy] = around(H * 0.5);
      props.glowLines.circle(x, yy, rng.range(1.5, 3.5));
    }
  }
  if (kw.regenerate) {
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      const x = focus[0] + Math.cos(a) * H * 0.42;
      const yy = focus[1] + Math.sin(a) * H * 0.3;
      props.detail
        .M(x - 2.5, yy + 1)
        .Q(x, yy - 3, x + 2.5, yy - 1)
        .Q(x, yy + 2, x - 2.5, yy + 1)
        .Z();
    }
  }
  if (kw.first_strike) {
    for (let i = 0; i < 4; i++) {
      const yy = focus[1] - H * 0.2 + i * H * 0.12;
      const x0 = sx - f * H * rng.range(0.3, 0.45);
      sil.glowLines.M(x0, yy).L(x0 - f * H * rng.range(0.25, 0.5), yy);
    }
  }
}

/**
 * Props of the first effect: a halo (heal), chevrons (buff), motes of the
 * resource (gain, drain), sparks (stun), pages (draw, discard). Returns what
 * is painted over the figure (the motes), or [].
 */
function effectProps(
  rng: Rng,
  card: CardDef,
  at: Placed,
  sil: Sil,
  props: Sil,
  around: (r: number) => [number, number],
): string[] {
  const first = card.abilities[0]?.effect;
  const { top, H } = at;
  if (first?.kind === "heal") {
    const hx = top[0];
    const hy = top[1] - 5;
    sil.glowLines
      .M(hx - 9, hy)
      .A(9, 3, 1, 0, hx + 9, hy)
      .A(9, 3, 1, 0, hx - 9, hy);
  } else if (first?.kind === "buff") {
    for (let i = 0; i < 3; i++) {
      const [x, yy] = around(H * 0.5);
      sil.glowLines
        .M(x - 4, yy + 3)
        .L(x, yy)
        .L(x + 4, yy + 3);
    }
  } else if (
    first?.kind === "gain_resource" ||
    first?.kind === "gain_inc" ||
    first?.kind === "drain_resource" ||
    first?.kind === "drain_inc"
  ) {
    const mote = ELEMENT_LIGHT[first.resource];
    for (let i = 0; i < 5; i++) {
      const [x, yy] = around(H * 0.6);
      sparkle(props.fill, x, yy, rng.range(1.6, 2.8));
    }
    return [el("path", { d: props.fill.toString(), fill: mote, opacity: ".95" })];
  } else if (first?.kind === "stun") {
    for (let i = 0; i < 2; i++) {
      const [x, yy] = around(H * 0.5);
      sil.glowLines
        .M(x, yy)
        .L(x + 3, yy + 4)
        .L(x - 1, yy + 6)
        .L(x + 2, yy + 10);
    }
  } else if (first?.kind === "draw" || first?.kind === "discard") {
    for (let i = 0; i < 3; i++) {
      const [x, yy] = around(H * 0.55);
      sil.glow.poly([
        [x - 3, yy - 4],
        [x + 3, yy - 5],
        [x + 4, yy + 3],
        [x - 2, yy + 4],
      ]);
    }
  }
  return [];
}

/**
 * Draws a unit's figure into `d.sil` and its props into `props`. Returns the
 * point the eye goes to, the flyer's shadow (painted under the figure) and
 * what is painted over it.
 */
export function drawUnit(
  d: Draw,
  card: CardDef,
  subject: Subject,
  lit: Light,
  ground: Ground,
  props: Sil,
): { focus: [number, number]; shadow: string; after: string[] } {
  const { rng, sil } = d;
  const placed = placeFigure(d, card, subject, lit, ground);
  // props keep to the visible part of a big figure
  const at = { ...placed, H: Math.min(placed.H, HH * 0.7) };
  const { focus } = at;
  const around = (r: number): [number, number] => [
    focus[0] + rng.range(-r, r),
    focus[1] + rng.range(-r * 0.8, r * 0.6),
  ];
  keywordProps(rng, card, at, at.sx, sil, props, around);
  const after = effectProps(rng, card, at, sil, props, around);
  return { focus, shadow: at.shadow, after };
}
