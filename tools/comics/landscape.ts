/**
 * The far picture of a slide: sky, moon or sun, stars, clouds, light rays,
 * the setting's ridges with its landmark, fog bands and the near ground. The
 * ridges are painted from far (hazy, light) to near (dark) for depth.
 */
import type { SceneSetting, SceneSky } from "@cardrealm/content";
import type { Rng } from "../shared/rng.ts";
import { landmarkSvg } from "./landmarks.ts";
import { FOOT_Y, H, HORIZON, W } from "./layout.ts";
import type { SlidePalette } from "./palette.ts";
import { i, mix, n, poly, ridge } from "./svg.ts";

export type { SlidePalette };

export interface LandscapeInput {
  setting: SceneSetting;
  sky: SceneSky;
  landmark: number | undefined;
  palette: SlidePalette;
  rng: Rng;
}

export interface Landscape {
  /** Behind everything (sky, moon, clouds, ridges, landmark, fog). */
  back: string;
  /** The near ground the figures stand on. */
  ground: string;
  /** Where the main light is (for rim lighting): -1 left, 1 right. */
  lightSide: number;
}

/** Colour of a land layer at a depth: 0 far (hazy), 1 near (ink). */
export function layerColor(p: SlidePalette, depth: number): string {
  return mix(mix(p.horizon, p.sky, 0.35), p.ink, 0.3 + depth * 0.68);
}

/** Points of a ridge from x = -40 to W + 40 around a base height. */
function ridgePoints(
  rng: Rng,
  base: number,
  amp: number,
  step: number,
): (readonly [number, number])[] {
  const pts: (readonly [number, number])[] = [];
  const phase = rng.range(0, 6.28);
  for (let x = -40; ; x += step) {
    const end = x >= W + 40;
    const px = end ? W + 40 : x;
    const y = base + Math.sin(px / 210 + phase) * amp * 0.6 + rng.range(-amp, amp) * 0.4;
    pts.push([px, y]);
    if (end) break;
  }
  return pts;
}

/** A jagged line of conifers on a ridge, as one path. */
function treeLine(rng: Rng, base: number, height: number, bottom: number): string {
  let d = `M-20 ${i(bottom)}L-20 ${i(base)}`;
  let x = -20;
  while (x < W + 20) {
    const w = rng.range(12, 26);
    const h = height * rng.range(0.55, 1.25);
    const y0 = base + Math.sin(x / 160) * 10;
    d += `L${i(x + w * 0.25)} ${i(y0 - h * 0.35)}L${i(x + w * 0.5)} ${i(y0 - h)}L${i(x + w * 0.75)} ${i(y0 - h * 0.35)}L${i(x + w)} ${i(y0)}`;
    x += w;
  }
  return `${d}L${W + 20} ${i(bottom)}Z`;
}

/** Rounded tree crowns along a ridge, as one path of arcs. */
function canopy(rng: Rng, base: number, size: number, bottom: number): string {
  let d = `M-30 ${i(bottom)}L-30 ${i(base)}`;
  let x = -30;
  while (x < W + 30) {
    const r = size * rng.range(0.6, 1.3);
    const y = base + rng.range(-8, 8);
    d += `L${i(x)} ${i(y)}A${i(r)} ${i(r * 0.85)} 0 0 1 ${i(x + r * 1.6)} ${i(y)}`;
    x += r * 1.6;
  }
  return `${d}L${W + 30} ${i(bottom)}Z`;
}

/** Sharp, irregular mountain peaks with snow on the tall ones. */
function peaks(
  rng: Rng,
  base: number,
  height: number,
  count: number,
): { rock: string; snow: string } {
  let rock = `M-40 ${i(base + 80)}L-40 ${i(base - height * 0.2)}`;
  let snow = "";
  let x = -40;
  const mean = (W + 80) / count;
  while (x < W + 40) {
    const span = mean * rng.range(0.6, 1.5);
    const px = x + span * rng.range(0.3, 0.7);
    const tall = rng.range(0.35, 1.15);
    const py = base - height * tall;
    const valley = base - height * rng.range(0.05, 0.3);
    // A notch on each flank so no two peaks look alike.
    const lx = (x + px) / 2 + rng.range(-10, 10);
    const ly = (valley + py) / 2 + rng.range(-14, 14);
    const rx = (px + x + span) / 2 + rng.range(-10, 10);
    const ry = (valley + py) / 2 + rng.range(-14, 14);
    rock += `L${i(lx)} ${i(ly)}L${i(px)} ${i(py)}L${i(rx)} ${i(ry)}L${i(x + span)} ${i(valley)}`;
    if (tall > 0.7) {
      const sh = (base - py) * 0.2;
      snow += poly([
        [px - sh * 0.7, py + sh],
        [px, py],
        [px + sh * 0.8, py + sh * 1.1],
        [px + sh * 0.3, py + sh * 0.7],
        [px - sh * 0.1, py + sh * 1.2],
      ]);
    }
    x += span;
  }
  rock += `L${W + 40} ${i(base + 80)}Z`;
  return { rock, snow };
}

function stars(rng: Rng, count: number, color: string): string {
  let d = "";
  for (let k = 0; k < count; k++) {
    const x = rng.range(0, W);
    const y = rng.range(0, HORIZON - 140) * rng.range(0.3, 1);
    const r = rng.chance(0.12) ? rng.range(1.6, 2.4) : rng.range(0.6, 1.3);
    d += `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(r * 2)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-r * 2)} 0`;
  }
  return `<path d="${d}" fill="${color}" opacity=".85"/>`;
}

function clouds(rng: Rng, count: number, color: string, opacity: number, yMax: number): string {
  let out = "";
  for (let k = 0; k < count; k++) {
    const cx = rng.range(-80, W + 80);
    const cy = rng.range(60, yMax);
    const w = rng.range(180, 420);
    const h = rng.range(14, 34);
    out += `<ellipse cx="${i(cx)}" cy="${i(cy)}" rx="${i(w)}" ry="${i(h)}"/>`;
    out += `<ellipse cx="${i(cx + w * 0.3)}" cy="${i(cy - h * 0.6)}" rx="${i(w * 0.45)}" ry="${i(h * 0.9)}"/>`;
  }
  return `<g fill="${color}" opacity="${n(opacity)}" filter="url(#soft)">${out}</g>`;
}

function lightning(rng: Rng, x: number, color: string): string {
  const pts: [number, number][] = [[x, 0]];
  let cx = x;
  for (let y = 40; y < HORIZON - 20; y += rng.range(30, 60)) {
    cx += rng.range(-40, 40);
    pts.push([cx, y]);
  }
  const d = `M${pts.map(([a, b]) => `${i(a)} ${i(b)}`).join("L")}`;
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="8" opacity=".25" filter="url(#soft)"/><path d="${d}" fill="none" stroke="${color}" stroke-width="2.4" stroke-linejoin="round"/>`;
}

/** A far-shore city: houses, roofs and chimneys on a quay, windows lit and mirrored. */
function city(rng: Rng, shore: number, color: string, glow: string): string {
  let d = `M-20 ${shore + 8}`;
  let wins = "";
  let x = -20;
  while (x < W + 20) {
    const w = rng.range(28, 64);
    const h = rng.range(26, 70) * (rng.chance(0.12) ? 1.7 : 1);
    const roof = rng.range(10, 26);
    d += `L${i(x)} ${i(shore - h)}`;
    if (rng.chance(0.7)) d += `L${i(x + w / 2)} ${i(shore - h - roof)}`;
    if (rng.chance(0.3))
      d += `L${i(x + w * 0.7)} ${i(shore - h - roof * 0.4)}L${i(x + w * 0.7)} ${i(shore - h - roof - 8)}L${i(x + w * 0.78)} ${i(shore - h - roof - 8)}L${i(x + w * 0.78)} ${i(shore - h - roof * 0.2)}`;
    d += `L${i(x + w)} ${i(shore - h)}`;
    if (rng.chance(0.55)) {
      const wx = x + rng.range(6, w - 12);
      const wy = shore - rng.range(12, h - 6);
      wins += `<rect x="${i(wx)}" y="${i(wy)}" width="5" height="7" fill="${glow}"/><rect x="${i(wx)}" y="${i(shore + 12 + (shore - wy) * 0.3)}" width="5" height="${i(8 + (shore - wy) * 0.2)}" fill="${glow}" opacity=".25"/>`;
    }
    x += w;
  }
  d += `L${W + 20} ${shore + 8}Z`;
  return `<path d="${d}" fill="${color}"/>${wins}`;
}

// --- per-setting ridges ------------------------------------------------------------

function farRidge(
  setting: SceneSetting,
  rng: Rng,
  p: SlidePalette,
): { far: string; mid: string; extra: string } {
  const c0 = layerColor(p, 0);
  const c1 = layerColor(p, 0.45);
  switch (setting) {
    case "forest":
      return {
        far: `<path d="${treeLine(rng, HORIZON - 10, 70, H)}" fill="${c0}"/>`,
        mid: `<path d="${canopy(rng, HORIZON + 50, 46, H)}" fill="${c1}"/>`,
        extra: "",
      };
    case "graveyard": {
      let stones = "";
      for (let k = 0; k < 14; k++) {
        const x = rng.range(0, W);
        const y = HORIZON + 58 + rng.range(-6, 12);
        const w = rng.range(10, 18);
        const h = rng.range(18, 32);
        stones += `M${i(x)} ${i(y)}l0 ${i(-h)}a${i(w / 2)} ${i(w / 2)} 0 0 1 ${i(w)} 0l0 ${i(h)}Z`;
      }
      return {
        far: `<path d="${ridge(ridgePoints(rng, HORIZON - 4, 26, 160), H)}" fill="${c0}"/>`,
        mid: `<path d="${ridge(ridgePoints(rng, HORIZON + 58, 14, 200), H)}" fill="${c1}"/><path d="${stones}" fill="${c1}"/>`,
        extra: "",
      };
    }
    case "harbour": {
      // The sea: a flat horizon with moonlit ripples; a low far coast.
      let ripples = "";
      for (let k = 0; k < 26; k++) {
        const y = HORIZON + 8 + k * k * 0.22 + rng.range(0, 4);
        const x = rng.range(0, W);
        ripples += `M${i(x)} ${i(y)}h${i(rng.range(30, 140))}`;
      }
      return {
        far: `<path d="${ridge(ridgePoints(rng, HORIZON - 16, 12, 180), HORIZON + 2)}" fill="${c0}"/><rect y="${HORIZON}" width="${W}" height="${H - HORIZON}" fill="url(#sea)"/><path d="${ripples}" stroke="${p.glow}" stroke-width="2" opacity=".22"/>`,
        mid: city(rng, HORIZON + 30, layerColor(p, 0.38), p.glow),
        extra: "",
      };
    }
    case "cathedral": {
      let cols = "";
      for (let k = 0; k < 6; k++) {
        const x = rng.range(40, W - 40);
        const h = rng.range(30, 90);
        cols += `M${i(x)} ${i(HORIZON + 40)}v${i(-h)}l6 -8l8 10v${i(h - 2)}Z`;
      }
      return {
        far: `<path d="${ridge(ridgePoints(rng, HORIZON, 18, 200), H)}" fill="${c0}"/>`,
        mid: `<path d="${cols}" fill="${c1}"/><path d="${ridge(ridgePoints(rng, HORIZON + 48, 10, 220), H)}" fill="${c1}"/>`,
        extra: "",
      };
    }
    case "tower":
      return {
        far: `<path d="${ridge(ridgePoints(rng, HORIZON + 4, 20, 240), H)}" fill="${c0}"/>`,
        mid: `<path d="${ridge(ridgePoints(rng, HORIZON + 56, 8, 260), H)}" fill="${c1}"/>`,
        extra: "",
      };
    case "ember": {
      const cracks: string[] = [];
      for (let k = 0; k < 7; k++) {
        let x = rng.range(0, W);
        let y = HORIZON + rng.range(60, 110);
        let d = `M${i(x)} ${i(y)}`;
        for (let s = 0; s < 4; s++) {
          x += rng.range(20, 60) * (rng.chance(0.5) ? 1 : -1);
          y += rng.range(4, 18);
          d += `L${i(x)} ${i(y)}`;
        }
        cracks.push(d);
      }
      return {
        far: `<path d="${ridge(ridgePoints(rng, HORIZON - 8, 34, 90), H)}" fill="${c0}"/>`,
        mid: `<path d="${ridge(ridgePoints(rng, HORIZON + 52, 16, 120), H)}" fill="${c1}"/>`,
        extra: `<path d="${cracks.join("")}" fill="none" stroke="${p.glow}" stroke-width="3" stroke-linecap="round" opacity=".75"/><path d="${cracks.join("")}" fill="none" stroke="${p.glow}" stroke-width="10" opacity=".22" filter="url(#soft)"/>`,
      };
    }
    case "mountain": {
      const far = peaks(rng, HORIZON - 20, 240, 5);
      const mid = peaks(rng, HORIZON + 40, 130, 7);
      const snow = mix(p.glow, c0, 0.45);
      return {
        far: `<path d="${far.rock}" fill="${c0}"/><path d="${far.snow}" fill="${snow}" opacity=".5"/>`,
        mid: `<path d="${mid.rock}" fill="${c1}"/><path d="${mid.snow}" fill="${snow}" opacity=".22"/>`,
        extra: "",
      };
    }
    case "castle":
      return {
        far: `<path d="${ridge(ridgePoints(rng, HORIZON + 10, 40, 120), H)}" fill="${c0}"/>`,
        mid: `<path d="${treeLine(rng, HORIZON + 70, 50, H)}" fill="${c1}"/>`,
        extra: "",
      };
  }
}

/** The near ground figures stand on, with a few tufts or rocks. */
function nearGround(setting: SceneSetting, rng: Rng, p: SlidePalette): string {
  const c = layerColor(p, 0.85);
  const top = FOOT_Y - 24;
  const base = ridge(ridgePoints(rng, top, 10, 160), H);
  let tufts = "";
  const tuft =
    setting === "ember" || setting === "mountain" || setting === "tower" ? "rock" : "grass";
  for (let k = 0; k < 16; k++) {
    const x = rng.range(0, W);
    const y = top + rng.range(4, 40);
    if (tuft === "rock") {
      const w = rng.range(14, 40);
      tufts += `M${i(x)} ${i(y)}q${i(w * 0.2)} ${i(-w * 0.6)} ${i(w * 0.6)} ${i(-w * 0.5)}t${i(w * 0.4)} ${i(w * 0.5)}Z`;
    } else {
      const h = rng.range(10, 26);
      tufts += `M${i(x)} ${i(y)}l3 ${i(-h)}l2 ${i(h - 4)}l4 ${i(-h * 0.8)}l2 ${i(h * 0.8)}l4 ${i(-h * 0.6)}l2 ${i(h * 0.6)}Z`;
    }
  }
  const dock =
    setting === "harbour"
      ? `<path d="M0 ${top + 6}H${W}" stroke="${mix(c, p.glow, 0.15)}" stroke-width="3" opacity=".6"/>`
      : "";
  return `<path d="${base}" fill="${c}"/><path d="${tufts}" fill="${c}"/>${dock}`;
}

export function paintLandscape(input: LandscapeInput): Landscape {
  const { setting, sky, landmark, palette: p } = input;
  const rng = input.rng;
  const r = {
    sky: rng.fork("sky"),
    far: rng.fork("far"),
    mark: rng.fork("mark"),
    near: rng.fork("near"),
  };
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);

  // Stars: many at night, a few at dusk, none at dawn.
  const starCount =
    sky === "night" ? 70 : sky === "blood" ? 45 : sky === "dusk" ? 18 : sky === "storm" ? 10 : 0;
  if (starCount) parts.push(stars(r.sky, starCount, mix(p.glow, "#ffffff", 0.5)));

  // The main light: away from the landmark so it does not hide behind it.
  const mark = landmark ?? -1;
  const moonX =
    mark < 0 ? r.sky.range(260, 1020) : mark > 0.5 ? r.sky.range(180, 420) : r.sky.range(860, 1100);
  const low = sky === "dawn" || sky === "dusk";
  const moonY = low ? HORIZON - r.sky.range(40, 90) : r.sky.range(110, 190);
  const moonR = sky === "blood" ? 96 : low ? 70 : r.sky.range(44, 60);
  parts.push(
    `<circle cx="${i(moonX)}" cy="${i(moonY)}" r="${i(moonR * 4.2)}" fill="url(#moonglow)"/>`,
  );
  if (sky !== "storm" || r.sky.chance(0.7)) {
    parts.push(`<circle cx="${i(moonX)}" cy="${i(moonY)}" r="${i(moonR)}" fill="url(#moon)"/>`);
    if (!low) {
      // Soft craters make it a moon rather than a disc.
      const cr = moonR;
      parts.push(
        `<g fill="${mix(p.moon, p.sky, 0.25)}" opacity=".35"><circle cx="${i(moonX - cr * 0.3)}" cy="${i(moonY - cr * 0.2)}" r="${i(cr * 0.22)}"/><circle cx="${i(moonX + cr * 0.28)}" cy="${i(moonY + cr * 0.25)}" r="${i(cr * 0.16)}"/><circle cx="${i(moonX + cr * 0.1)}" cy="${i(moonY - cr * 0.45)}" r="${i(cr * 0.1)}"/></g>`,
      );
    }
  }
  // Light rays falling from the light.
  let rays = "";
  for (let k = 0; k < 5; k++) {
    const a = r.sky.range(-0.55, 0.55);
    const spread = r.sky.range(0.03, 0.07);
    const len = 900;
    const x1 = moonX + Math.sin(a - spread) * len;
    const x2 = moonX + Math.sin(a + spread) * len;
    const y1 = moonY + Math.cos(a - spread) * len;
    const y2 = moonY + Math.cos(a + spread) * len;
    rays += `M${i(moonX)} ${i(moonY)}L${i(x1)} ${i(y1)}L${i(x2)} ${i(y2)}Z`;
  }
  parts.push(`<path d="${rays}" fill="${p.glow}" opacity=".06" filter="url(#soft)"/>`);

  const cloudColor = sky === "storm" ? mix(p.zenith, p.ink, 0.4) : mix(p.sky, p.horizon, 0.5);
  parts.push(clouds(r.sky, sky === "storm" ? 9 : 4, cloudColor, sky === "storm" ? 0.85 : 0.4, 380));
  if (sky === "storm") {
    const boltX = moonX < W / 2 ? r.sky.range(760, 1120) : r.sky.range(160, 520);
    parts.push(lightning(r.sky, boltX, mix(p.glow, "#ffffff", 0.6)));
  }
  if (sky === "storm") parts.push(clouds(r.sky, 4, mix(p.fog, p.sky, 0.5), 0.3, 260));

  const ridges = farRidge(setting, r.far, p);
  parts.push(`<g filter="url(#paint)">${ridges.far}</g>`);
  parts.push(
    `<ellipse cx="${W / 2}" cy="${HORIZON + 10}" rx="${W * 0.75}" ry="40" fill="${p.fog}" opacity=".22" filter="url(#fog)"/>`,
  );
  if (landmark !== undefined) {
    const base = setting === "harbour" ? HORIZON + 34 : HORIZON + 62;
    parts.push(
      `<g filter="url(#paint)">${landmarkSvg(setting, landmark * W, base, layerColor(p, 0.3), p, r.mark)}</g>`,
    );
  }
  if (ridges.mid) parts.push(`<g filter="url(#paint)">${ridges.mid}</g>`);
  parts.push(ridges.extra);
  parts.push(
    `<ellipse cx="${i(r.far.range(300, 980))}" cy="${FOOT_Y - 50}" rx="${W * 0.6}" ry="34" fill="${p.fog}" opacity=".2" filter="url(#fog)"/>`,
  );
  if (setting === "ember") {
    let embers = "";
    for (let k = 0; k < 26; k++) {
      const rr = r.near.range(1, 2.6);
      embers += `<circle cx="${i(r.near.range(0, W))}" cy="${i(r.near.range(150, FOOT_Y))}" r="${n(rr)}"/>`;
    }
    parts.push(`<g fill="${p.glow}" opacity=".8">${embers}</g>`);
  }

  return {
    back: parts.join(""),
    ground: `<g filter="url(#paint)">${nearGround(setting, r.near, p)}</g>`,
    lightSide: moonX < W / 2 ? -1 : 1,
  };
}
