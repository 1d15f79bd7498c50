/**
 * Rock creatures' parts (earth elementals, figure-person.ts `humanoid` with
 * `rocky`): faceted boulders with a ridge across each face, not round lumps,
 * so the body reads as stacked stone; limbs are a boulder at each joint.
 */
import { type Draw, lerp, type Material, type Pt } from "./figure-kit.ts";

/**
 * A faceted boulder around c: an irregular polygon of 6-7 corners and a facet
 * ridge. Neighbours alternate two stones (`skin`, `hide`): each is a layer of
 * its own, shaded on its own, so the stones part instead of merging.
 */
export function boulder(d: Draw, c: Pt, rx: number, ry: number, mat: Material = "skin"): void {
  const { rng, sil } = d;
  const n = rng.int(6, 7);
  const a0 = rng.range(0, Math.PI * 2);
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = a0 + (i / n) * Math.PI * 2 + rng.range(-0.2, 0.2);
    const k = rng.range(0.82, 1.08);
    pts.push([c[0] + Math.cos(a) * rx * k, c[1] + Math.sin(a) * ry * k]);
  }
  sil.as(mat).poly(pts);
  // a ridge from one corner across the face to another: two facets
  const mid = lerp(c, pts[Math.floor(n / 2)] as Pt, 0.3);
  sil.ink
    .M(...(pts[0] as Pt))
    .L(...mid)
    .L(...(pts[2] as Pt));
}

/** Boulders along a limb (shoulder or hip, joint, end): stones at the joint and the end. */
export function stoneLimb(d: Draw, joint: Pt, end: Pt, w: number): void {
  boulder(d, joint, w * 0.8, w * 0.75);
  boulder(d, lerp(joint, end, 0.55), w * 0.65, w * 0.6, "hide");
  boulder(d, end, w * 0.85, w * 0.7);
}

/** Glowing seams across a rock torso, in the light's colour (between shoulders and waist). */
export function seams(d: Draw, shF: Pt, shB: Pt, wF: Pt, wB: Pt): void {
  d.sil.glowLines
    .M(...lerp(shB, wF, 0.15))
    .L(...lerp(shB, wF, 0.45))
    .L(...lerp(shF, wB, 0.55))
    .M(...lerp(shF, wF, 0.3))
    .L(...lerp(lerp(shF, wF, 0.5), lerp(shB, wB, 0.5), 0.35));
}
