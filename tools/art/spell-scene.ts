/**
 * A spell's picture is its effect happening in the landscape: bolts falling
 * on the ground, a column of healing light, a planted blade under a rising
 * aura, chains, a cracked sigil, a brazier or crystals of the resource it
 * gives, a vortex that drains a castle, a floating book, a portal with what it
 * summons, smoke, two swapping orbs. Chosen by the first ability's effect kind
 * (and a few name words); what it lands on (one target, many, a castle) by the
 * ability's target. Writes into a `Sil` like the figures do.
 */

import { type Draw, drawSubject, type Sil, tube } from "./figure.ts";
import type { Subject } from "./subject.ts";
import type { CardDef, Effect } from "./types.ts";

type Pt = [number, number];

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

/** Name words that pick a look before the effect kind does. */
const LOOK_WORDS: Record<string, SpellLook> = {
  bolt: "bolt",
  thunder: "bolt",
  storm: "bolt",
  chain: "stun",
  chains: "stun",
  fire: "flame",
  pyre: "flame",
  cinder: "flame",
  ember: "flame",
  embers: "flame",
  hellfire: "flame",
  eclipse: "flame",
  boulder: "rock",
  slash: "slash",
  gale: "slash",
  dart: "dart",
  hearth: "hearth",
  gem: "crystal",
  vein: "crystal",
  drums: "drums",
  cache: "chest",
  scroll: "book",
  smoke: "smoke",
  chill: "stun",
  sigil: "destroy",
  circle: "portal",
  swap: "swap",
  switch: "swap",
};

const KIND_LOOKS: Record<Effect["kind"], SpellLook> = {
  damage: "bolt",
  heal: "heal",
  buff: "buff",
  stun: "stun",
  destroy: "destroy",
  gain_resource: "crystal",
  gain_inc: "crystal",
  drain_resource: "drain",
  drain_inc: "drain",
  draw: "book",
  discard: "pages",
  summon: "portal",
  return_to_hand: "smoke",
  swap_cells: "swap",
};

/** The look of a spell: a name word, else its first effect (damage by its cost's element). */
export function spellLook(card: CardDef): SpellLook {
  for (const w of card.name.toLowerCase().split(/[^a-z]+/)) {
    const look = LOOK_WORDS[w];
    if (look) return look;
  }
  const effect = card.abilities[0]?.effect;
  if (!effect) return "heal";
  if (effect.kind === "damage") {
    const { fire, diamond, pow } = card.cost;
    return fire >= diamond && fire >= pow ? "flame" : diamond >= pow ? "shard" : "bolt";
  }
  if (effect.kind === "gain_resource" || effect.kind === "gain_inc") {
    return effect.resource === "fire"
      ? "hearth"
      : effect.resource === "diamond"
        ? "crystal"
        : "drums";
  }
  if (effect.kind === "discard") return "pages";
  return KIND_LOOKS[effect.kind];
}

/** How many things the effect hits, from its target selector. */
function spread(card: CardDef): number {
  const t = card.abilities[0]?.target;
  if (t === "all_enemy" || t === "all_units" || t === "all_own") return 4;
  if (t === "random_enemy") return 3;
  return 1;
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

function ellipse(sil: Sil["fill"], c: Pt, rx: number, ry: number): void {
  sil
    .M(c[0] - rx, c[1])
    .A(rx, ry, 1, 0, c[0] + rx, c[1])
    .A(rx, ry, 1, 0, c[0] - rx, c[1])
    .Z();
}

function star(p: Sil["glow"], c: Pt, r: number, n: number, turn: number, inner = 0.35): void {
  const pts: Pt[] = [];
  for (let i = 0; i < n * 2; i++) {
    const a = turn + (i * Math.PI) / n;
    const rr = i % 2 ? r * inner : r;
    pts.push([c[0] + Math.cos(a) * rr, c[1] + Math.sin(a) * rr]);
  }
  p.poly(pts);
}

/** A castle silhouette standing on the ground at x (what a castle-targeted spell hits). */
export function castle(sil: Sil, x: number, g: number, s: number): Pt {
  const p = sil.fill;
  p.poly([
    [x - 22 * s, g],
    [x - 22 * s, g - 18 * s],
    [x - 15 * s, g - 18 * s],
    [x - 15 * s, g - 34 * s],
    [x - 8 * s, g - 42 * s],
    [x - 1 * s, g - 34 * s],
    [x - 1 * s, g - 22 * s],
    [x + 8 * s, g - 22 * s],
    [x + 8 * s, g - 30 * s],
    [x + 14 * s, g - 36 * s],
    [x + 20 * s, g - 30 * s],
    [x + 20 * s, g],
  ]);
  sil.glow.circle(x - 8 * s, g - 28 * s, 1.4 * s).circle(x + 14 * s, g - 24 * s, 1.2 * s);
  return [x, g - 30 * s];
}

export interface SpellScene {
  look: SpellLook;
  /** Where the picture's brightest point is (the aura goes there). */
  focus: Pt;
}

/**
 * Draws a spell's effect into `d.sil` on a picture w x h with ground line g.
 * `light` is the side the light comes from (1 right, -1 left); `summoned` the
 * subject of the card a summon spell calls.
 */
export function drawSpell(
  d: Draw,
  card: CardDef,
  w: number,
  g: number,
  light: number,
  summoned: Subject | undefined,
  centre: number,
): SpellScene {
  const { sil, rng } = d;
  const look = spellLook(card);
  const n = spread(card);
  const target = card.abilities[0]?.target;
  const atCastle = target === "enemy_castle" || target === "own_castle";
  const cx = centre;
  const focus: Pt = [cx, g - 30];
  // where things land
  const spots: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    spots.push([cx + w * (t - 0.5) * 0.56 + rng.range(-8, 8), g + rng.range(2, 12)]);
  }
  if (atCastle && !["hearth", "crystal", "drums", "chest", "book", "pages"].includes(look)) {
    const x = w * (light > 0 ? rng.range(0.25, 0.4) : rng.range(0.6, 0.75));
    const top = castle(sil, x, g + 4, rng.range(0.9, 1.2));
    spots.splice(0, spots.length, [top[0], top[1] + 8]);
  }
  const src: Pt = [w * (light > 0 ? 0.92 : 0.08), 12];
  switch (look) {
    case "bolt": {
      for (const s of spots) {
        const x0 = s[0] + rng.range(-30, 30);
        const pts: Pt[] = [[x0, 0]];
        const steps = 6;
        for (let i = 1; i < steps; i++) {
          const t = i / steps;
          pts.push([x0 + (s[0] - x0) * t + rng.range(-9, 9), s[1] * t]);
        }
        pts.push(s);
        tube(
          sil.glow,
          pts,
          pts.map((_, i) => 4 - i * 0.5),
        );
        star(sil.glow, s, 12, 6, rng.range(0, 1));
      }
      return { look, focus: spots[0] ?? focus };
    }
    case "flame":
    case "shard":
    case "rock":
    case "dart": {
      for (const s of spots) {
        const from: Pt = [src[0] + rng.range(-20, 20), src[1] + rng.range(-10, 20)];
        const dx = s[0] - from[0];
        const dy = s[1] - from[1];
        const len = Math.hypot(dx, dy);
        const head: Pt = [from[0] + dx * 0.82, from[1] + dy * 0.82];
        const trail: Pt[] = [from, [from[0] + dx * 0.4, from[1] + dy * 0.4], head];
        if (look === "dart") {
          sil.glowLines.M(...from).L(...head);
          sil.fill.poly([
            head,
            [
              head[0] - (dy / len) * 3 - (dx / len) * 10,
              head[1] + (dx / len) * 3 - (dy / len) * 10,
            ],
            [
              head[0] + (dy / len) * 3 - (dx / len) * 10,
              head[1] - (dx / len) * 3 - (dy / len) * 10,
            ],
          ]);
        } else {
          tube(sil.glow, trail, look === "rock" ? [0.5, 6, 10] : [0.5, 8, 16]);
        }
        if (look === "rock") sil.fill.circle(head[0], head[1], 11);
        else if (look === "shard") star(sil.fill, head, 9, 4, rng.range(0, 1), 0.3);
        else if (look === "flame") sil.glow.circle(head[0], head[1], 7);
        star(sil.glow, s, look === "dart" ? 7 : 14, 7, rng.range(0, 1), 0.4);
        // a burst of sparks around the impact
        for (let i = 0; i < 5; i++) {
          const a = rad(rng.range(190, 350));
          sil.glowLines
            .M(s[0] + Math.cos(a) * 8, s[1] + Math.sin(a) * 8)
            .L(s[0] + Math.cos(a) * 18, s[1] + Math.sin(a) * 18);
        }
      }
      return { look, focus: spots[0] ?? focus };
    }
    case "slash": {
      for (let i = 0; i < 3; i++) {
        const c: Pt = [cx + (i - 1) * 18, g - 40 + i * 10];
        const r = 40 - i * 6;
        const pts: Pt[] = [];
        for (let k = 0; k <= 8; k++) {
          const a = rad(200 + k * 17);
          pts.push([c[0] + Math.cos(a) * r * light, c[1] + Math.sin(a) * r * 0.6]);
        }
        tube(sil.glow, pts, [0.5, 2, 4, 5, 5, 4, 3, 1.5, 0.5]);
      }
      return { look, focus: [cx, g - 50] };
    }
    case "heal": {
      const s = spots[0] ?? [cx, g];
      const top: Pt = [s[0] + light * 30, 0];
      sil.back.poly([
        [top[0] - 10, 0],
        [top[0] + 10, 0],
        [s[0] + 26, s[1]],
        [s[0] - 26, s[1]],
      ]);
      ellipse(sil.glowLines, [s[0], s[1] - 2], 30, 7);
      for (let i = 0; i < 12; i++) {
        const p: Pt = [s[0] + rng.range(-26, 26), s[1] - rng.range(5, 70)];
        star(sil.glow, p, rng.range(1.5, 3.5), 4, 0);
      }
      // a sprout in the light
      tube(
        sil.fill,
        [
          [s[0], s[1]],
          [s[0] + 2, s[1] - 10],
          [s[0] - 1, s[1] - 20],
        ],
        [4, 3, 1],
      );
      ellipse(sil.fill, [s[0] - 6, s[1] - 16], 6, 3);
      ellipse(sil.fill, [s[0] + 6, s[1] - 20], 6, 3);
      return { look, focus: [s[0], s[1] - 30] };
    }
    case "buff": {
      const s: Pt = [cx, g + 4];
      // a blade planted in the ground
      sil.fill.poly([
        [s[0] - 3, s[1]],
        [s[0] - 3.5, s[1] - 52],
        [s[0], s[1] - 60],
        [s[0] + 3.5, s[1] - 52],
        [s[0] + 3, s[1]],
      ]);
      sil.fill.poly([
        [s[0] - 14, s[1] - 52],
        [s[0] + 14, s[1] - 52],
        [s[0] + 14, s[1] - 48],
        [s[0] - 14, s[1] - 48],
      ]);
      sil.fill.poly([
        [s[0] - 2.5, s[1] - 48],
        [s[0] + 2.5, s[1] - 48],
        [s[0] + 2, s[1] - 30],
        [s[0] - 2, s[1] - 30],
      ]);
      sil.glowLines.M(s[0], s[1] - 4).L(s[0], s[1] - 46);
      for (let i = 0; i < 4 + n; i++) {
        const x = s[0] + rng.range(-50, 50);
        const y = s[1] - rng.range(20, 90);
        sil.glowLines
          .M(x - 5, y + 4)
          .L(x, y)
          .L(x + 5, y + 4);
      }
      for (let i = 0; i < 10; i++) {
        const a = rad(-90 + (i - 4.5) * 16);
        sil.glowLines
          .M(s[0] + Math.cos(a) * 30, s[1] - 60 + Math.sin(a) * 30)
          .L(s[0] + Math.cos(a) * 48, s[1] - 60 + Math.sin(a) * 48);
      }
      return { look, focus: [s[0], s[1] - 60] };
    }
    case "stun": {
      const s = spots[Math.floor(spots.length / 2)] ?? [cx, g];
      const c: Pt = [s[0], s[1] - 30];
      for (let i = 0; i < 3; i++) ellipse(sil.glowLines, c, 16 + i * 10, 5 + i * 3);
      // chain links across the picture
      const links = 9;
      for (let i = 0; i < links; i++) {
        const t = i / (links - 1);
        const p: Pt = [w * 0.05 + t * w * 0.9, c[1] - 20 + Math.sin(t * Math.PI) * 26];
        ellipse(sil.glowLines, p, i % 2 ? 7 : 5, i % 2 ? 3 : 5);
      }
      for (let i = 0; i < 6; i++)
        star(
          sil.glow,
          [c[0] + rng.range(-40, 40), c[1] + rng.range(-25, 15)],
          rng.range(2, 4),
          4,
          0.3,
          0.25,
        );
      return { look, focus: c };
    }
    case "destroy": {
      const c: Pt = [cx, g + 6];
      ellipse(sil.glowLines, c, 50, 12);
      ellipse(sil.glowLines, c, 38, 9);
      for (let i = 0; i < 12; i++) {
        const a = rad(i * 30);
        sil.glowLines
          .M(c[0] + Math.cos(a) * 38, c[1] + Math.sin(a) * 9)
          .L(c[0] + Math.cos(a) * 50, c[1] + Math.sin(a) * 12);
      }
      // a crack of light and shards flung up
      const crack: Pt[] = [[c[0] - 45, c[1] + 4]];
      for (let i = 1; i <= 6; i++) crack.push([c[0] - 45 + i * 15, c[1] + rng.range(-4, 4)]);
      tube(sil.glow, crack, [0.5, 3, 5, 6, 5, 3, 0.5]);
      for (let i = 0; i < 6; i++)
        star(
          sil.fill,
          [c[0] + rng.range(-40, 40), c[1] - rng.range(15, 70)],
          rng.range(3, 7),
          3,
          rng.range(0, 3),
          0.4,
        );
      sil.back.poly([
        [c[0] - 30, c[1]],
        [c[0], c[1] - 90],
        [c[0] + 30, c[1]],
      ]);
      return { look, focus: [c[0], c[1] - 40] };
    }
    case "hearth": {
      const c: Pt = [cx, g + 6];
      sil.fill.poly([
        [c[0] - 30, c[1]],
        [c[0] - 26, c[1] - 14],
        [c[0] + 26, c[1] - 14],
        [c[0] + 30, c[1]],
      ]);
      for (let i = 0; i < 5; i++) sil.fill.circle(c[0] - 24 + i * 12, c[1] - 15, 5);
      const flame: Pt[] = [[c[0] - 22, c[1] - 16]];
      for (let i = 0; i <= 8; i++)
        flame.push([
          c[0] - 22 + i * 5.5,
          c[1] - 16 - (i % 2 ? 20 : 40 + rng.range(0, 25)) * Math.sin(((i + 0.5) / 9) * Math.PI),
        ]);
      flame.push([c[0] + 22, c[1] - 16]);
      sil.glow.poly(flame);
      return { look, focus: [c[0], c[1] - 40] };
    }
    case "crystal":
    case "chest": {
      const c: Pt = [cx, g + 6];
      if (look === "chest") {
        sil.fill.poly([
          [c[0] - 26, c[1]],
          [c[0] - 26, c[1] - 24],
          [c[0] + 26, c[1] - 24],
          [c[0] + 26, c[1]],
        ]);
        sil.fill.poly([
          [c[0] - 26, c[1] - 26],
          [c[0] - 22, c[1] - 42],
          [c[0] + 22, c[1] - 42],
          [c[0] + 26, c[1] - 26],
        ]);
        sil.back.poly([
          [c[0] - 24, c[1] - 25],
          [c[0] + 24, c[1] - 25],
          [c[0] + 40, c[1] - 70],
          [c[0] - 40, c[1] - 70],
        ]);
      } else {
        const k = 5;
        for (let i = 0; i < k; i++) {
          const x = c[0] + (i - 2) * 11 + rng.range(-3, 3);
          const hgt = (i === 2 ? 60 : 30 + rng.range(0, 20)) * (1 - Math.abs(i - 2) * 0.12);
          const lean = (i - 2) * 6;
          sil.glow.poly([
            [x - 5, c[1]],
            [x - 6 + lean * 0.5, c[1] - hgt * 0.8],
            [x + lean, c[1] - hgt],
            [x + 6 + lean * 0.5, c[1] - hgt * 0.8],
            [x + 5, c[1]],
          ]);
          sil.detail.M(x, c[1]).L(x + lean, c[1] - hgt);
        }
        sil.fill.poly([
          [c[0] - 40, c[1] + 4],
          [c[0] - 30, c[1] - 6],
          [c[0] + 32, c[1] - 6],
          [c[0] + 42, c[1] + 4],
        ]);
      }
      for (let i = 0; i < 8; i++)
        star(
          sil.glow,
          [c[0] + rng.range(-45, 45), c[1] - rng.range(20, 80)],
          rng.range(1.5, 3),
          4,
          0,
        );
      return { look, focus: [c[0], c[1] - 30] };
    }
    case "drums": {
      for (let i = 0; i < 2; i++) {
        const c: Pt = [cx + (i ? 26 : -22), g + 4 - (i ? 0 : 6)];
        const r = i ? 16 : 20;
        sil.fill.poly([
          [c[0] - r, c[1] - r * 1.6],
          [c[0] + r, c[1] - r * 1.6],
          [c[0] + r * 0.9, c[1]],
          [c[0] - r * 0.9, c[1]],
        ]);
        ellipse(sil.glowLines, [c[0], c[1] - r * 1.6], r, r * 0.3);
        for (let k = 0; k < 4; k++)
          sil.detail
            .M(c[0] - r + k * r * 0.66, c[1] - r * 1.5)
            .L(c[0] - r + (k + 1) * r * 0.5, c[1] - 2);
      }
      // beats: rings rising
      for (let i = 0; i < 3; i++)
        ellipse(sil.glowLines, [cx, g - 50 - i * 14], 20 + i * 14, 4 + i * 2);
      sil.line(2.5, [
        [cx - 40, g - 70],
        [cx - 24, g - 40],
      ]);
      sil.line(2.5, [
        [cx + 44, g - 64],
        [cx + 30, g - 34],
      ]);
      return { look, focus: [cx, g - 50] };
    }
    case "drain": {
      const s = spots[0] ?? [cx, g];
      const c: Pt = [w - s[0] > s[0] ? w * 0.7 : w * 0.3, g - 55];
      const turns = 14;
      const pts: Pt[] = [];
      for (let i = 0; i <= turns * 3; i++) {
        const t = i / (turns * 3);
        const a = t * Math.PI * 5;
        const r = 4 + t * 34;
        pts.push([c[0] + Math.cos(a) * r, c[1] + Math.sin(a) * r * 0.55]);
      }
      pts.forEach((p, i) => {
        if (i === 0) sil.glowLines.M(...p);
        else sil.glowLines.L(...p);
      });
      // motes pulled from the target to the vortex
      for (let i = 0; i < 8; i++) {
        const t = i / 8;
        const p: Pt = [
          s[0] + (c[0] - s[0]) * t + rng.range(-6, 6),
          s[1] + (c[1] - s[1]) * t + rng.range(-6, 6),
        ];
        sil.glow.circle(p[0], p[1], 1.5 + t * 2);
      }
      sil.glow.circle(c[0], c[1], 6);
      return { look, focus: c };
    }
    case "book": {
      const c: Pt = [cx, g - 40];
      const open = rng.range(0.3, 0.6);
      sil.fill.poly([
        [c[0], c[1] + 6],
        [c[0] - 34, c[1] - 2 + open * 10],
        [c[0] - 32, c[1] - 22],
        [c[0], c[1] - 16],
        [c[0] + 32, c[1] - 22],
        [c[0] + 34, c[1] - 2 + open * 10],
      ]);
      sil.glow.poly([
        [c[0], c[1] + 2],
        [c[0] - 29, c[1] - 4 + open * 10],
        [c[0] - 28, c[1] - 19],
        [c[0], c[1] - 13],
        [c[0] + 28, c[1] - 19],
        [c[0] + 29, c[1] - 4 + open * 10],
      ]);
      for (let i = 0; i < 4; i++)
        sil.detail
          .M(c[0] - 24, c[1] - 14 + i * 4)
          .L(c[0] - 5, c[1] - 10 + i * 4)
          .M(c[0] + 5, c[1] - 10 + i * 4)
          .L(c[0] + 24, c[1] - 14 + i * 4);
      for (let i = 0; i < 10; i++)
        star(
          sil.glow,
          [c[0] + rng.range(-40, 40), c[1] - rng.range(20, 60)],
          rng.range(1.5, 3),
          4,
          0,
        );
      // a plinth
      sil.fill.poly([
        [c[0] - 6, c[1] + 6],
        [c[0] - 9, g + 6],
        [c[0] + 9, g + 6],
        [c[0] + 6, c[1] + 6],
      ]);
      return { look, focus: c };
    }
    case "pages": {
      for (let i = 0; i < 7; i++) {
        const c: Pt = [w * rng.range(0.2, 0.8), g - rng.range(10, 90)];
        const a = rng.range(-40, 40);
        const ca = Math.cos(rad(a));
        const sa = Math.sin(rad(a));
        const corner = (x: number, y: number): Pt => [
          c[0] + x * ca - y * sa,
          c[1] + x * sa + y * ca,
        ];
        sil.fill.poly([corner(-7, -10), corner(7, -10), corner(7, 10), corner(-7, 10)]);
        sil.glowLines.M(...corner(-7, 10)).L(...corner(7, 10));
      }
      return { look, focus: [cx, g - 50] };
    }
    case "portal": {
      const c: Pt = [cx, g + 2];
      ellipse(sil.back, c, 46, 10);
      sil.back.poly([
        [c[0] - 38, c[1]],
        [c[0] - 20, c[1] - 80],
        [c[0] + 20, c[1] - 80],
        [c[0] + 38, c[1]],
      ]);
      ellipse(sil.glowLines, c, 40, 8);
      if (summoned) {
        const m = summoned.count > 1 ? 3 : 1;
        for (let i = 0; i < m; i++) {
          drawSubject(
            d,
            { ...summoned, count: 1, flying: false },
            c[0] + (i - (m - 1) / 2) * 26,
            c[1] - 2,
            m > 1 ? 38 : 62,
            i % 2 ? -light : light,
          );
        }
      }
      return { look, focus: [c[0], c[1] - 40] };
    }
    case "smoke": {
      for (let i = 0; i < 9; i++) {
        const c: Pt = [cx + rng.range(-45, 45), g - rng.range(0, 60)];
        sil.fill.circle(c[0], c[1], rng.range(10, 20));
      }
      const c: Pt = [cx, g - 35];
      const arc: Pt[] = [];
      for (let k = 0; k <= 10; k++) {
        const a = rad(-200 + k * 25);
        arc.push([c[0] + Math.cos(a) * 34, c[1] + Math.sin(a) * 22]);
      }
      tube(
        sil.glow,
        arc,
        arc.map((_, k) => 0.5 + k * 0.5),
      );
      const end = arc[arc.length - 1] as Pt;
      star(sil.glow, end, 7, 3, 0.5, 0.3);
      return { look, focus: c };
    }
    default: {
      // swap: two orbs trading places on crossing arcs
      const a: Pt = [w * 0.3, g - 30];
      const b: Pt = [w * 0.7, g - 30];
      sil.glow.circle(a[0], a[1], 10).circle(b[0], b[1], 10);
      sil.fill.circle(a[0], a[1], 5).circle(b[0], b[1], 5);
      sil.glowLines.M(a[0], a[1] - 14).Q((a[0] + b[0]) / 2, a[1] - 60, b[0], b[1] - 14);
      sil.glowLines.M(b[0], b[1] + 14).Q((a[0] + b[0]) / 2, b[1] + 40, a[0], a[1] + 14);
      star(sil.glow, [b[0] - 6, b[1] - 16], 5, 3, 0.8, 0.3);
      star(sil.glow, [a[0] + 6, a[1] + 16], 5, 3, -2.3, 0.3);
      return { look, focus: [(a[0] + b[0]) / 2, a[1] - 20] };
    }
  }
}
