/**
 * Spells that strike (spell-scene.ts): bolts, missiles (flames, shards, a
 * boulder, a dart), wind slashes, chains, a breaking sigil, a draining vortex,
 * smoke, swapping orbs. Each draws into the context's silhouette and returns
 * the picture's focus.
 */

import { tube } from "./figure-kit.ts";
import { ellipse, type Pt, rad, type SpellCtx, star } from "./spell-marks.ts";

/** Lightning bolts falling on each spot. */
export function bolt(ctx: SpellCtx): Pt {
  const { sil, rng, spots, focus } = ctx;
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
  return spots[0] ?? focus;
}

/** Missiles flying from the light to each spot: flames, ice shards, a boulder or a dart. */
export function missiles(ctx: SpellCtx): Pt {
  const { sil, rng, look, spots, src, focus } = ctx;
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
        [head[0] - (dy / len) * 3 - (dx / len) * 10, head[1] + (dx / len) * 3 - (dy / len) * 10],
        [head[0] + (dy / len) * 3 - (dx / len) * 10, head[1] - (dx / len) * 3 - (dy / len) * 10],
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
  return spots[0] ?? focus;
}

/** Three wind slashes. */
export function slash(ctx: SpellCtx): Pt {
  const { sil, cx, g, light } = ctx;
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
  return [cx, g - 50];
}

/** Rings and chain links across the picture. */
export function chains(ctx: SpellCtx): Pt {
  const { sil, rng, spots, cx, g, w } = ctx;
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
  return c;
}

/** A sigil on the ground with a crack of light and shards flung up. */
export function sigil(ctx: SpellCtx): Pt {
  const { sil, rng, cx, g } = ctx;
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
  return [c[0], c[1] - 40];
}

/** A vortex pulling motes from the target. */
export function vortex(ctx: SpellCtx): Pt {
  const { sil, rng, spots, cx, g, w } = ctx;
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
  return c;
}

/** Smoke and an arrow curling back. */
export function smoke(ctx: SpellCtx): Pt {
  const { sil, rng, cx, g } = ctx;
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
  return c;
}

/** Two orbs trading places on crossing arcs. */
export function swap(ctx: SpellCtx): Pt {
  const { sil, g, w } = ctx;
  // swap: two orbs trading places on crossing arcs
  const a: Pt = [w * 0.3, g - 30];
  const b: Pt = [w * 0.7, g - 30];
  sil.glow.circle(a[0], a[1], 10).circle(b[0], b[1], 10);
  sil.fill.circle(a[0], a[1], 5).circle(b[0], b[1], 5);
  sil.glowLines.M(a[0], a[1] - 14).Q((a[0] + b[0]) / 2, a[1] - 60, b[0], b[1] - 14);
  sil.glowLines.M(b[0], b[1] + 14).Q((a[0] + b[0]) / 2, b[1] + 40, a[0], a[1] + 14);
  star(sil.glow, [b[0] - 6, b[1] - 16], 5, 3, 0.8, 0.3);
  star(sil.glow, [a[0] + 6, a[1] + 16], 5, 3, -2.3, 0.3);
  return [(a[0] + b[0]) / 2, a[1] - 20];
}
