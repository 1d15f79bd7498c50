/** Small helpers to write compact SVG text by hand (no DOM, no dependencies). */

/** A number with at most `digits` decimals, no trailing zeros, no leading "0.". */
export function num(value: number, digits = 1): string {
  const f = 10 ** digits;
  let r = Math.round(value * f) / f;
  if (Object.is(r, -0)) r = 0;
  let s = r.toFixed(digits);
  if (s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  if (s.startsWith("0.")) s = s.slice(1);
  else if (s.startsWith("-0.")) s = `-${s.slice(2)}`;
  return s === "-0" ? "0" : s;
}

/** Joins numbers with the fewest separators an SVG parser accepts. */
export function joinNums(values: readonly string[]): string {
  let out = "";
  let prev = "";
  for (const v of values) {
    if (out !== "" && !v.startsWith("-") && !(v.startsWith(".") && prev.includes("."))) {
      out += " ";
    }
    out += v;
    prev = v;
  }
  return out;
}

export type Attrs = Record<string, string | number | undefined>;

function attrText(attrs: Attrs): string {
  let s = "";
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    s += ` ${k}="${typeof v === "number" ? num(v, 2) : v}"`;
  }
  return s;
}

/** One element; self-closing when it has no children. */
export function el(tag: string, attrs: Attrs = {}, children = ""): string {
  return children === ""
    ? `<${tag}${attrText(attrs)}/>`
    : `<${tag}${attrText(attrs)}>${children}</${tag}>`;
}

/** A whole document. The XML declaration is left out: browsers do not need it. */
export function svgDoc(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeXml(title)}</title>${body}</svg>\n`;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A gradient stop list from [offset, colour, opacity?] triples. */
export function stops(list: ReadonlyArray<readonly [number, string, number?]>): string {
  return list
    .map(([o, c, a]) =>
      el("stop", {
        offset: num(o, 2),
        "stop-color": c,
        "stop-opacity": a === undefined ? undefined : num(a, 2),
      }),
    )
    .join("");
}

/** A closed polygon path through the points. */
export function polyPath(points: ReadonlyArray<readonly [number, number]>, digits = 0): string {
  return `${points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${joinNums([num(x, digits), num(y, digits)])}`).join("")}Z`;
}
