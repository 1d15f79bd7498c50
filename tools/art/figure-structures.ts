/**
 * Structures standing in for a unit (figure.ts): a wall or rampart, a hedge,
 * a door in an arch, a coffin, a totem. One function for every
 * `Subject.structure`, so a new one must be drawn here.
 */

import { type Draw, eyes, type Frame, type Pt } from "./figure-kit.ts";
import type { Structure, Subject } from "./subject.ts";

interface StructureCtx {
  sil: Draw["sil"];
  rng: Draw["rng"];
  s: Subject;
  fr: Frame;
  H: number;
  /** Half the width of a wall, figure units. */
  w: number;
}

/** A crenellated brick wall; a rampart adds spikes. */
function wall(ctx: StructureCtx): Pt {
  const { sil, rng, H, w, fr, s } = ctx;
  const top = 0.62;
  const pts: Pt[] = [fr.P(-w, 0), fr.P(-w, top)];
  const n = 5;
  for (let i = 0; i < n; i++) {
    const x0 = -w + (i * 2 * w) / n;
    const x1 = x0 + (2 * w) / n;
    pts.push(
      fr.P(x0, top + 0.1),
      fr.P(x0 + (x1 - x0) * 0.55, top + 0.1),
      fr.P(x0 + (x1 - x0) * 0.55, top),
      fr.P(x1, top),
    );
  }
  pts.push(fr.P(w, 0));
  sil.as("hide").poly(pts);
  for (let r = 1; r < 6; r++) {
    const y = (top * r) / 6;
    sil.detail.M(...fr.P(-w, y)).L(...fr.P(w, y));
    for (let c = 0; c < 4; c++) {
      const x = -w + ((c + (r % 2) * 0.5 + 0.25) * 2 * w) / 4;
      sil.detail.M(...fr.P(x, y)).L(...fr.P(x, y - top / 6));
    }
  }
  if (s.structure === "rampart") {
    for (let i = 0; i < 5; i++) {
      const y = 0.12 + i * 0.11;
      const x = w * (i % 2 ? 0.9 : 1);
      sil
        .as("hide")
        .poly([
          fr.P(x - 0.05, y - 0.03),
          fr.P(x + 0.28, y + 0.06 + rng.range(0, 0.06)),
          fr.P(x - 0.05, y + 0.03),
        ]);
    }
  }
  sil.glow.circle(...fr.P(rng.range(-0.2, 0.2), 0.3), 0.025 * H);
  return fr.P(0, top + 0.1);
}

/** A thorny hedge with glowing berries. */
function hedge(ctx: StructureCtx): Pt {
  const { sil, rng, H, fr } = ctx;
  const blobs = 7;
  for (let i = 0; i < blobs; i++) {
    const t = i / (blobs - 1);
    const c = fr.P(-0.55 + t * 1.1, 0.15 + Math.sin(t * Math.PI) * 0.25 + rng.range(0, 0.08));
    sil.as("hide").circle(c[0], c[1], H * rng.range(0.14, 0.2));
  }
  sil.as("hide").poly([fr.P(-0.6, 0), fr.P(-0.6, 0.2), fr.P(0.6, 0.2), fr.P(0.6, 0)]);
  for (let i = 0; i < 14; i++) {
    const a = rng.range(-80, 80);
    const o = fr.P(rng.range(-0.5, 0.5), rng.range(0.2, 0.5));
    sil
      .as("hide")
      .poly([fr.from(o, 0.025, a - 90), fr.from(o, 0.12, a), fr.from(o, 0.025, a + 90)]);
  }
  for (let i = 0; i < 4; i++)
    sil.glow.circle(...fr.P(rng.range(-0.4, 0.4), rng.range(0.15, 0.4)), 0.02 * H);
  return fr.P(0, 0.55);
}

/** A stone arch with a planked door and a glowing ring. */
function door(ctx: StructureCtx): Pt {
  const { sil, rng, H, fr } = ctx;
  const pts: Pt[] = [fr.P(-0.5, 0)];
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI - (i * Math.PI) / 8;
    pts.push(
      fr.P(
        Math.cos(a) * 0.5 + rng.range(-0.03, 0.03),
        0.55 + Math.sin(a) * 0.38 + rng.range(0, 0.05),
      ),
    );
  }
  pts.push(fr.P(0.5, 0));
  sil.as("hide").poly(pts);
  // the door in the arch: planks and a glowing ring
  for (let i = -2; i <= 2; i++)
    sil.detail.M(...fr.P(i * 0.1, 0)).L(...fr.P(i * 0.1, 0.6 - Math.abs(i) * 0.04));
  sil.detail
    .M(...fr.P(-0.28, 0))
    .L(...fr.P(-0.28, 0.55))
    .A(0.28 * H, 0.28 * H, 0, 1, ...fr.P(0.28, 0.55))
    .L(...fr.P(0.28, 0));
  sil.glowLines.M(...fr.P(0.12, 0.3)).A(0.04 * H, 0.04 * H, 1, 1, ...fr.P(0.12, 0.22));
  return fr.P(0, 0.93);
}

/** A coffin, its lid ajar and eyes inside. */
function coffin(ctx: StructureCtx): Pt {
  const { sil, H, fr } = ctx;
  sil
    .as("hide")
    .poly([
      fr.P(-0.12, 0),
      fr.P(-0.24, 0.65),
      fr.P(-0.14, 0.85),
      fr.P(0.14, 0.85),
      fr.P(0.24, 0.65),
      fr.P(0.12, 0),
    ]);
  // the lid ajar
  sil
    .as("hide")
    .poly([
      fr.P(0.14, 0),
      fr.P(0.36, 0.62),
      fr.P(0.3, 0.82),
      fr.P(0.2, 0.82),
      fr.P(0.28, 0.62),
      fr.P(0.1, 0),
    ]);
  sil.glowLines
    .M(...fr.P(0.15, 0.05))
    .L(...fr.P(0.26, 0.64))
    .L(...fr.P(0.17, 0.82));
  sil.detail
    .M(...fr.P(0, 0.35))
    .L(...fr.P(0, 0.72))
    .M(...fr.P(-0.08, 0.6))
    .L(...fr.P(0.08, 0.6));
  eyes(sil, fr.P(0.04, 0.62), 0.015 * H);
  return fr.P(0, 0.85);
}

/** A totem: stacked carved blocks, wings on top. */
function totem(ctx: StructureCtx): Pt {
  const { sil, H, fr } = ctx;
  // totem: stacked carved blocks, wings on top
  const blocks = 3;
  for (let i = 0; i < blocks; i++) {
    const y0 = i * 0.24;
    const bw = 0.16 - i * 0.01;
    sil
      .as("hide")
      .poly([fr.P(-bw, y0), fr.P(-bw - 0.03, y0 + 0.2), fr.P(bw + 0.03, y0 + 0.2), fr.P(bw, y0)]);
    sil.glow.circle(...fr.P(-0.06, y0 + 0.13), 0.02 * H).circle(...fr.P(0.06, y0 + 0.13), 0.02 * H);
    sil.detail.M(...fr.P(-0.08, y0 + 0.05)).L(...fr.P(0.08, y0 + 0.05));
  }
  sil
    .as("hide")
    .poly([
      fr.P(-0.45, 0.76),
      fr.P(-0.12, 0.68),
      fr.P(0, 0.92),
      fr.P(0.12, 0.68),
      fr.P(0.45, 0.76),
      fr.P(0.1, 0.62),
      fr.P(-0.1, 0.62),
    ]);
  return fr.P(0, 0.92);
}

const STRUCTURES: Record<Structure, (ctx: StructureCtx) => Pt> = {
  wall,
  rampart: wall,
  hedge,
  door,
  coffin,
  totem,
};

export function structure(d: Draw, s: Subject, fr: Frame): Pt {
  return STRUCTURES[s.structure]({ sil: d.sil, rng: d.rng, s, fr, H: fr.H, w: 0.5 });
}
