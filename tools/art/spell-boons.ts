/**
 * Spells that give or call (spell-scene.ts): healing light, a planted blade
 * under chevrons, a brazier, crystals or a chest, war drums, a book, flying
 * pages, a portal with the summoned subject. Each draws into the context's
 * silhouette and returns the picture's focus.
 */

import { drawSubject } from "./figure.ts";
import { tube } from "./figure-kit.ts";
import { ellipse, type Pt, rad, type SpellCtx, star } from "./spell-marks.ts";

/** A column of healing light with a sprout in it. */
export function healingLight(ctx: SpellCtx): Pt {
  const { sil, rng, spots, cx, g, light } = ctx;
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
  return [s[0], s[1] - 30];
}

/** A blade planted in the ground under rising chevrons. */
export function plantedBlade(ctx: SpellCtx): Pt {
  const { sil, rng, n, cx, g } = ctx;
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
  return [s[0], s[1] - 60];
}

/** A brazier of fire. */
export function hearth(ctx: SpellCtx): Pt {
  const { sil, rng, cx, g } = ctx;
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
  return [c[0], c[1] - 40];
}

/** Crystals of the resource, or a chest. */
export function treasure(ctx: SpellCtx): Pt {
  const { sil, rng, look, cx, g } = ctx;
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
    star(sil.glow, [c[0] + rng.range(-45, 45), c[1] - rng.range(20, 80)], rng.range(1.5, 3), 4, 0);
  return [c[0], c[1] - 30];
}

/** War drums and their beats. */
export function drums(ctx: SpellCtx): Pt {
  const { sil, cx, g } = ctx;
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
  for (let i = 0; i < 3; i++) ellipse(sil.glowLines, [cx, g - 50 - i * 14], 20 + i * 14, 4 + i * 2);
  sil.line(2.5, [
    [cx - 40, g - 70],
    [cx - 24, g - 40],
  ]);
  sil.line(2.5, [
    [cx + 44, g - 64],
    [cx + 30, g - 34],
  ]);
  return [cx, g - 50];
}

/** A floating open book on a plinth. */
export function book(ctx: SpellCtx): Pt {
  const { sil, rng, cx, g } = ctx;
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
    star(sil.glow, [c[0] + rng.range(-40, 40), c[1] - rng.range(20, 60)], rng.range(1.5, 3), 4, 0);
  // a plinth
  sil.fill.poly([
    [c[0] - 6, c[1] + 6],
    [c[0] - 9, g + 6],
    [c[0] + 9, g + 6],
    [c[0] + 6, c[1] + 6],
  ]);
  return c;
}

/** Flying pages. */
export function pages(ctx: SpellCtx): Pt {
  const { sil, rng, cx, g, w } = ctx;
  for (let i = 0; i < 7; i++) {
    const c: Pt = [w * rng.range(0.2, 0.8), g - rng.range(10, 90)];
    const a = rng.range(-40, 40);
    const ca = Math.cos(rad(a));
    const sa = Math.sin(rad(a));
    const corner = (x: number, y: number): Pt => [c[0] + x * ca - y * sa, c[1] + x * sa + y * ca];
    sil.fill.poly([corner(-7, -10), corner(7, -10), corner(7, 10), corner(-7, 10)]);
    sil.glowLines.M(...corner(-7, 10)).L(...corner(7, 10));
  }
  return [cx, g - 50];
}

/** A portal with the summoned card's subject. */
export function portal(ctx: SpellCtx): Pt {
  const { d, sil, cx, g, light, summoned } = ctx;
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
  return [c[0], c[1] - 40];
}
