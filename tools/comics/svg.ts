/** Small helpers for writing compact, stable SVG text. */

/** A number with at most one decimal and no trailing ".0" (stable across machines). */
export function n(value: number): string {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** A number with at most two decimals (scales). */
export function n2(value: number): string {
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Integer-rounded number, for big background shapes. */
export function i(value: number): string {
  const r = Math.round(value);
  return Object.is(r, -0) ? "0" : String(r);
}

export function esc(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A closed polygon path through points. */
export function poly(points: readonly (readonly [number, number])[], round = i): string {
  return `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join("L")}Z`;
}

/**
 * A smooth closed-at-bottom ridge: a Catmull-Rom curve through the points,
 * then down to `bottom` and back, filled as one shape.
 */
export function ridge(points: readonly (readonly [number, number])[], bottom: number): string {
  const p = points;
  const first = p[0];
  const last = p[p.length - 1];
  if (!first || !last) return "";
  let d = `M${i(first[0])} ${i(bottom)}L${i(first[0])} ${i(first[1])}`;
  for (let k = 0; k < p.length - 1; k++) {
    const p0 = p[k - 1] ?? p[k];
    const p1 = p[k];
    const p2 = p[k + 1];
    const p3 = p[k + 2] ?? p2;
    if (!p0 || !p1 || !p2 || !p3) continue;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${i(c1x)} ${i(c1y)} ${i(c2x)} ${i(c2y)} ${i(p2[0])} ${i(p2[1])}`;
  }
  return `${d}L${i(last[0])} ${i(bottom)}Z`;
}

/** Mix two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  const c = pa.map((v, k) => Math.round(v + ((pb[k] ?? 0) - v) * t));
  return `#${c.map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, "0")).join("")}`;
}

function parse(hex: string): number[] {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((k) => Number.parseInt(h.slice(k, k + 2), 16));
}
