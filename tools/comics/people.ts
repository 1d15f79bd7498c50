/**
 * People in the comics (figures.ts): a standing person built from options
 * (bulk, hunch, robe, cape, headgear, what the arms do, wings, glowing eyes,
 * a tilt), and groups of them. One function per headgear and per arms pose,
 * in tables with an entry for every value.
 */
import type { Rng } from "../shared/rng.ts";
import { circle, type FigureColors, halo, line, orb, type Pt, path } from "./figure-parts.ts";
import { GOLD, GOLD_DARK, GOLD_LIGHT } from "./palette.ts";
import { n, n2, poly } from "./svg.ts";

export type Head = "bare" | "hood" | "witch" | "crown" | "horns" | "ears" | "collar" | "hair";
export type Arms =
  | "down"
  | "sword"
  | "raise"
  | "staff"
  | "forward"
  | "lantern"
  | "goblet"
  | "dagger"
  | "book"
  | "club"
  | "spear"
  | "present"
  | "candle";

export interface HumanOpts {
  bulk?: number;
  hunch?: number;
  robe?: boolean;
  cape?: number;
  head?: Head;
  arms?: Arms;
  wings?: boolean;
  /** Glowing eyes. */
  eyes?: boolean;
  /** Head radius (7 by default). */
  headR?: number;
  /** Lean of the whole body in degrees (shambling). */
  tilt?: number;
  banner?: boolean;
}

/** Where the head is and what the figure is made of so far. */
interface HeadAt {
  hx: number;
  hy: number;
  body: string[];
  glow: string[];
}

function hoodHead(at: HeadAt): void {
  const { hx, hy, body } = at;
  body.push(
    path(
      `M${n(hx - 9)} ${n(hy + 6)}Q${n(hx - 11)} ${n(hy - 10)} ${n(hx - 4)} ${n(hy - 14)}Q${n(hx + 8)} ${n(hy - 12)} ${n(hx + 9)} ${n(hy + 2)}L${n(hx + 12)} ${n(hy + 12)}L${n(hx - 12)} ${n(hy + 12)}Z`,
    ),
  );
}

function witchHead(at: HeadAt): void {
  const { hx, hy, body } = at;
  body.push(
    path(
      `M${n(hx - 15)} ${n(hy - 4)}L${n(hx + 15)} ${n(hy - 6)}L${n(hx + 14)} ${n(hy - 9)}L${n(hx + 7)} ${n(hy - 9)}Q${n(hx + 4)} ${n(hy - 24)} ${n(hx + 14)} ${n(hy - 36)}Q${n(hx - 4)} ${n(hy - 26)} ${n(hx - 7)} ${n(hy - 9)}L${n(hx - 15)} ${n(hy - 8)}Z`,
    ),
  );
  body.push(
    path(
      `M${n(hx - 10)} ${n(hy)}Q${n(hx - 14)} ${n(hy + 16)} ${n(hx - 18)} ${n(hy + 24)}L${n(hx - 6)} ${n(hy + 10)}Z`,
    ),
  );
}

function crownHead(at: HeadAt): void {
  const { hx, hy, glow } = at;
  glow.push(
    `<path d="M${n(hx - 7)} ${n(hy - 5)}L${n(hx - 8)} ${n(hy - 14)}L${n(hx - 4)} ${n(hy - 9)}L${n(hx)} ${n(hy - 16)}L${n(hx + 4)} ${n(hy - 9)}L${n(hx + 8)} ${n(hy - 14)}L${n(hx + 7)} ${n(hy - 5)}Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8"/>`,
  );
}

function hornsHead(at: HeadAt): void {
  const { hx, hy, body } = at;
  const horn = (s: number) =>
    `M${n(hx + s * 3)} ${n(hy - 5)}Q${n(hx + s * 14)} ${n(hy - 12)} ${n(hx + s * 10)} ${n(hy - 26)}Q${n(hx + s * 8)} ${n(hy - 14)} ${n(hx + s * 1)} ${n(hy - 3)}Z`;
  body.push(path(horn(-1)), path(horn(1)));
}

function earsHead(at: HeadAt): void {
  const { hx, hy, body } = at;
  body.push(
    path(`M${n(hx - 5)} ${n(hy - 1)}L${n(hx - 17)} ${n(hy - 8)}L${n(hx - 5)} ${n(hy + 3)}Z`),
  );
  body.push(
    path(`M${n(hx + 5)} ${n(hy - 1)}L${n(hx + 17)} ${n(hy - 8)}L${n(hx + 5)} ${n(hy + 3)}Z`),
  );
}

function collarHead(at: HeadAt): void {
  const { hx, hy, body } = at;
  body.push(
    path(`M${n(hx - 4)} ${n(hy + 8)}L${n(hx - 15)} ${n(hy - 8)}L${n(hx - 9)} ${n(hy + 14)}Z`),
  );
  body.push(
    path(`M${n(hx + 4)} ${n(hy + 8)}L${n(hx + 15)} ${n(hy - 8)}L${n(hx + 9)} ${n(hy + 14)}Z`),
  );
}

function hairHead(at: HeadAt): void {
  const { hx, hy, body } = at;
  body.push(
    path(
      `M${n(hx - 7)} ${n(hy - 2)}Q${n(hx - 14)} ${n(hy + 22)} ${n(hx - 20)} ${n(hy + 34)}Q${n(hx - 8)} ${n(hy + 26)} ${n(hx - 2)} ${n(hy + 8)}Z`,
    ),
  );
}

const HEADS: Record<Head, (at: HeadAt) => void> = {
  hood: hoodHead,
  witch: witchHead,
  crown: crownHead,
  horns: hornsHead,
  ears: earsHead,
  collar: collarHead,
  hair: hairHead,
  bare: () => {},
};

/** The arms' build, the options and colours, the parts so far, and how to add each arm. */
interface ArmsAt {
  b: number;
  c: FigureColors;
  o: HumanOpts;
  body: string[];
  glow: string[];
  backArm: (pts: Pt[]) => void;
  frontArm: (pts: Pt[]) => void;
}

function downArms(at: ArmsAt): void {
  const { b, backArm, frontArm } = at;
  backArm([
    [-12 * b, -62],
    [-12 * b, -46],
  ]);
  frontArm([
    [13 * b, -62],
    [14 * b, -46],
  ]);
}

function swordArms(at: ArmsAt): void {
  const { b, body, glow, backArm, frontArm } = at;
  backArm([
    [-14 * b, -64],
    [-16 * b, -50],
  ]);
  const hand: Pt = [27, -92];
  frontArm([[19, -86], hand]);
  body.push(
    line([hand, [44, -132]], 2.6),
    line(
      [
        [22, -96],
        [32, -88],
      ],
      2.2,
    ),
  );
  glow.push(
    `<path d="M${n(28)} ${n(-96)}L${n(44)} ${n(-132)}" stroke="${GOLD_LIGHT}" stroke-width=".9" opacity=".8"/>`,
  );
}

function raiseArms(at: ArmsAt): void {
  const { c, glow, backArm, frontArm } = at;
  backArm([
    [-17, -92],
    [-20, -110],
  ]);
  frontArm([
    [17, -92],
    [20, -110],
  ]);
  glow.push(orb(0, -118, 4, c));
}

function staffArms(at: ArmsAt): void {
  const { b, c, body, glow, backArm, frontArm } = at;
  backArm([
    [-12 * b, -62],
    [-12 * b, -48],
  ]);
  frontArm([
    [17, -66],
    [21, -60],
  ]);
  body.push(
    line(
      [
        [22, -116],
        [22, 0],
      ],
      2.4,
    ),
  );
  glow.push(orb(22, -120, 3.6, c));
}

function forwardArms(at: ArmsAt): void {
  const { backArm, frontArm } = at;
  backArm([
    [12, -74],
    [26, -70],
  ]);
  frontArm([
    [22, -75],
    [34, -72],
  ]);
}

function lanternArms(at: ArmsAt): void {
  const { b, c, body, glow, backArm, frontArm } = at;
  backArm([
    [-12 * b, -62],
    [-12 * b, -46],
  ]);
  frontArm([
    [18, -70],
    [24, -62],
  ]);
  body.push(
    line(
      [
        [24, -62],
        [24, -54],
      ],
      1.2,
    ),
    path("M20 -54h8v9h-8Z"),
  );
  glow.push(
    `${halo(24, -49, 24)}<rect x="21.5" y="-52" width="5" height="6" rx="1" fill="${c.glow}"/>`,
  );
}

function gobletArms(at: ArmsAt): void {
  const { b, body, glow, backArm, frontArm } = at;
  backArm([
    [-12 * b, -62],
    [-12 * b, -46],
  ]);
  frontArm([
    [18, -62],
    [22, -74],
  ]);
  body.push(path("M18 -84h9l-2 6h-2v5h3v1h-9v-1h3v-5h-2Z"));
  glow.push(`<rect x="19.5" y="-83" width="6" height="2" fill="#c0283a"/>`);
}

function daggerArms(at: ArmsAt): void {
  const { body, glow, backArm, frontArm } = at;
  backArm([
    [-14, -60],
    [-6, -52],
  ]);
  frontArm([
    [20, -66],
    [28, -64],
  ]);
  body.push(
    line(
      [
        [28, -64],
        [38, -70],
      ],
      1.8,
    ),
  );
  glow.push(`<path d="M29 -65L38 -70" stroke="${GOLD_LIGHT}" stroke-width=".8"/>`);
}

function bookArms(at: ArmsAt): void {
  const { c, glow, backArm, frontArm } = at;
  backArm([
    [-2, -64],
    [14, -66],
  ]);
  frontArm([
    [18, -66],
    [20, -68],
  ]);
  glow.push(`${halo(20, -70, 26)}<path d="M12 -72l8 3l8 -3v-8l-8 3l-8 -3Z" fill="${c.glow}"/>`);
}

function clubArms(at: ArmsAt): void {
  const { b, body, backArm, frontArm } = at;
  backArm([
    [-14 * b, -62],
    [-14 * b, -46],
  ]);
  frontArm([
    [16 * b, -60],
    [18 * b, -44],
  ]);
  body.push(
    path(
      `M${n(16 * b)} -46L${n(20 * b)} -44L${n(30 * b)} -6Q${n(30 * b)} 2 ${n(22 * b)} 0L${n(14 * b)} -44Z`,
    ),
  );
}

function spearArms(at: ArmsAt): void {
  const { b, o, body, backArm, frontArm } = at;
  backArm([
    [-12 * b, -62],
    [-12 * b, -46],
  ]);
  frontArm([
    [16, -76],
    [18, -90],
  ]);
  body.push(
    line(
      [
        [18, -140],
        [18, 0],
      ],
      2,
    ),
    path("M18 -152l4 12h-8Z"),
  );
  if (o.banner) body.push(path("M19 -138h24l-6 9l6 9h-24Z"));
}

function presentArms(at: ArmsAt): void {
  const { b, backArm, frontArm } = at;
  backArm([
    [-12 * b, -62],
    [-12 * b, -46],
  ]);
  frontArm([
    [20, -88],
    [28, -100],
  ]);
}

function candleArms(at: ArmsAt): void {
  const { c, body, glow, backArm, frontArm } = at;
  backArm([
    [-2, -62],
    [10, -64],
  ]);
  frontArm([
    [16, -64],
    [14, -66],
  ]);
  body.push(path("M12 -66h4v-8h-4Z"));
  glow.push(`${halo(14, -78, 18)}<path d="M14 -84q3 4 0 7q-3 -3 0 -7Z" fill="${c.glow}"/>`);
}

const ARMS: Record<Arms, (at: ArmsAt) => void> = {
  down: downArms,
  sword: swordArms,
  raise: raiseArms,
  staff: staffArms,
  forward: forwardArms,
  lantern: lanternArms,
  goblet: gobletArms,
  dagger: daggerArms,
  book: bookArms,
  club: clubArms,
  spear: spearArms,
  present: presentArms,
  candle: candleArms,
};

export function human(o: HumanOpts, c: FigureColors): { body: string; glow: string } {
  const b = o.bulk ?? 1;
  const h = o.hunch ?? 0;
  const hx = h * 0.9 + 1;
  const hy = -89 + Math.abs(h) * 0.35;
  const shoulderY = -79 + Math.abs(h) * 0.3;
  const sl: Pt = [-10 * b + h * 0.5, shoulderY];
  const sr: Pt = [10 * b + h * 0.5, shoulderY];
  const body: string[] = [];
  const glow: string[] = [];

  if (o.wings) {
    const wing = (s: number) =>
      poly(
        [
          [s * 4, -74],
          [s * 30, -112],
          [s * 46, -118],
          [s * 42, -96],
          [s * 36, -92],
          [s * 36, -78],
          [s * 28, -80],
          [s * 24, -62],
          [s * 16, -68],
          [s * 8, -56],
        ],
        n,
      );
    body.push(path(wing(-1)), path(wing(1)));
  }
  if (o.cape) {
    const f = o.cape;
    body.push(
      path(
        `M${n(sl[0] + 2)} ${n(shoulderY - 2)}C${n(-18 - f * 4)} -56 ${n(-22 - f * 8)} -26 ${n(-26 - f * 14)} 0L4 0L${n(-6 * b)} -48Z`,
      ),
    );
  }
  // Torso with rounded shoulders.
  body.push(
    path(
      `M${n(sl[0])} ${n(sl[1])}Q${n(sl[0] - 1)} -62 ${n(-7 * b + h * 0.2)} -47L${n(7 * b + h * 0.2)} -47Q${n(sr[0] + 1)} -62 ${n(sr[0])} ${n(sr[1])}Q${n(h * 0.5)} ${n(shoulderY - 5)} ${n(sl[0])} ${n(sl[1])}Z`,
    ),
  );
  // Neck and head.
  body.push(
    path(
      `M${n(hx - 3)} ${n(hy + 4)}L${n(hx + 3)} ${n(hy + 4)}L${n(h * 0.5 + 4)} ${n(shoulderY)}L${n(h * 0.5 - 4)} ${n(shoulderY)}Z`,
    ),
  );
  body.push(circle(hx, hy, o.headR ?? 7));

  if (o.robe) {
    body.push(
      path(
        `M${n(-8 * b)} -50L${n(8 * b)} -50Q${n(12 * b)} -20 ${n(16 * b)} 0L${n(-16 * b)} 0Q${n(-12 * b)} -20 ${n(-8 * b)} -50Z`,
      ),
    );
  } else {
    body.push(path(`M${n(-7 * b)} -49L${n(-0.5)} -49L${n(-5)} -1L${n(-12)} 0Z`));
    body.push(path(`M${n(0.5)} -49L${n(7 * b)} -49L${n(12)} 0L${n(4)} -1Z`));
    body.push(path(`M${n(-7 * b)} -52L${n(7 * b)} -52L${n(7.5 * b)} -44L${n(-7.5 * b)} -44Z`));
  }

  HEADS[o.head ?? "bare"]({ hx, hy, body, glow });
  if (o.eyes) {
    glow.push(
      `<circle cx="${n(hx + 2.5)}" cy="${n(hy - 1)}" r="1.3" fill="${c.glow}"/><circle cx="${n(hx + 5.5)}" cy="${n(hy - 1)}" r="1.1" fill="${c.glow}"/>`,
    );
  }

  const w = 4.6 * b;
  const backArm = (pts: Pt[]) => body.push(line([sl, ...pts], w));
  const frontArm = (pts: Pt[]) => body.push(line([sr, ...pts], w));
  ARMS[o.arms ?? "down"]({ b, c, o, body, glow, backArm, frontArm });
  if (o.tilt) {
    const t = `<g transform="rotate(${n(o.tilt)})">`;
    return {
      body: `${t}${body.join("")}</g>`,
      glow: glow.length ? `${t}${glow.join("")}</g>` : "",
    };
  }
  return { body: body.join(""), glow: glow.join("") };
}

/** Several people side by side, from one description with some variety. */
export function group(
  count: number,
  spacing: number,
  rng: Rng,
  make: (k: number) => { body: string; glow: string },
): { body: string; glow: string } {
  let body = "";
  let glow = "";
  for (let k = 0; k < count; k++) {
    const x = (k - (count - 1) / 2) * spacing + rng.range(-4, 4);
    const s = rng.range(0.86, 1.06);
    const one = make(k);
    const t = `translate(${n(x)} 0) scale(${n2(s)})`;
    body += `<g transform="${t}">${one.body}</g>`;
    if (one.glow) glow += `<g transform="${t}">${one.glow}</g>`;
  }
  return { body, glow };
}
