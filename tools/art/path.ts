/** A path builder that takes absolute points and writes compact relative path data. */
import { joinNums, num } from "./svg.ts";

export class PathBuilder {
  private out = "";
  private x = 0;
  private y = 0;
  private sx = 0;
  private sy = 0;
  private last = "";

  constructor(private readonly digits = 0) {}

  private r(v: number): number {
    const f = 10 ** this.digits;
    return Math.round(v * f) / f;
  }

  private emit(letter: string, values: number[]): void {
    const text = joinNums(values.map((v) => num(v, this.digits)));
    if (letter !== this.last || letter === "m") this.out += letter;
    else if (!text.startsWith("-")) this.out += " ";
    this.out += text;
    this.last = letter;
  }

  /** Relative offsets of absolute points from the current point, then moves there. */
  private rel(points: number[]): number[] {
    const values: number[] = [];
    let nx = this.x;
    let ny = this.y;
    for (let i = 0; i < points.length; i += 2) {
      nx = this.r(points[i] ?? 0);
      ny = this.r(points[i + 1] ?? 0);
      values.push(this.r(nx - this.x), this.r(ny - this.y));
    }
    this.x = nx;
    this.y = ny;
    return values;
  }

  M(x: number, y: number): this {
    const v = this.out === "" ? [this.r(x), this.r(y)] : this.rel([x, y]);
    if (this.out === "") {
      this.x = this.r(x);
      this.y = this.r(y);
      this.out = `M${joinNums(v.map((n) => num(n, this.digits)))}`;
      this.last = "M";
    } else {
      this.emit("m", v);
    }
    this.sx = this.x;
    this.sy = this.y;
    return this;
  }

  L(x: number, y: number): this {
    const rx = this.r(x);
    const ry = this.r(y);
    if (rx === this.x && ry === this.y) return this;
    if (ry === this.y) {
      this.emit("h", [this.r(rx - this.x)]);
      this.x = rx;
    } else if (rx === this.x) {
      this.emit("v", [this.r(ry - this.y)]);
      this.y = ry;
    } else {
      this.emit("l", this.rel([x, y]));
    }
    return this;
  }

  /** Relative horizontal and vertical lines. */
  h(dx: number): this {
    return this.L(this.x + dx, this.y);
  }

  v(dy: number): this {
    return this.L(this.x, this.y + dy);
  }

  Q(cx: number, cy: number, x: number, y: number): this {
    this.emit("q", this.relFromStart([cx, cy, x, y]));
    return this;
  }

  C(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    this.emit("c", this.relFromStart([c1x, c1y, c2x, c2y, x, y]));
    return this;
  }

  /** Circular arc to (x, y). */
  A(rx: number, ry: number, large: 0 | 1, sweep: 0 | 1, x: number, y: number): this {
    const [dx, dy] = this.rel([x, y]);
    this.emit("a", [this.r(rx), this.r(ry), 0, large, sweep, dx ?? 0, dy ?? 0]);
    return this;
  }

  Z(): this {
    this.out += "z";
    this.last = "z";
    this.x = this.sx;
    this.y = this.sy;
    return this;
  }

  /** Curve control points are all relative to the segment start. */
  private relFromStart(points: number[]): number[] {
    const x0 = this.x;
    const y0 = this.y;
    const values = points.map((p, i) => this.r(this.r(p) - (i % 2 === 0 ? x0 : y0)));
    this.x = this.r(points[points.length - 2] ?? x0);
    this.y = this.r(points[points.length - 1] ?? y0);
    return values;
  }

  /** A closed polygon. */
  poly(points: ReadonlyArray<readonly [number, number]>): this {
    points.forEach(([x, y], i) => {
      if (i === 0) this.M(x, y);
      else this.L(x, y);
    });
    return this.Z();
  }

  /** A full circle as two arcs. */
  circle(cx: number, cy: number, r: number): this {
    this.M(cx - r, cy);
    this.A(r, r, 1, 0, cx + r, cy);
    this.A(r, r, 1, 0, cx - r, cy);
    return this.Z();
  }

  toString(): string {
    return this.out;
  }

  get empty(): boolean {
    return this.out === "";
  }
}

export function path(digits = 0): PathBuilder {
  return new PathBuilder(digits);
}

/** A four-pointed sparkle. */
export function sparkle(p: PathBuilder, x: number, y: number, r: number): void {
  const t = r * 0.22;
  p.poly([
    [x, y - r],
    [x + t, y - t],
    [x + r, y],
    [x + t, y + t],
    [x, y + r],
    [x - t, y + t],
    [x - r, y],
    [x - t, y - t],
  ]);
}

/** Round dots as zero-length round-capped lines: "M x y h0" is the cheapest dot. */
export function dots(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y]) => `M${num(x, 0)} ${num(y, 0)}h0`).join("");
}
