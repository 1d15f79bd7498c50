/**
 * Access to the game-icons.net set (CC BY 3.0, see CREDITS.md) shipped by
 * @iconify-json/game-icons, and a path minifier: icon paths come with three
 * decimals in a 512-unit box, far more precision than a 110 px card needs.
 * Rounding absolute coordinates on a grid and writing them back as relative
 * steps keeps the shape exact to the grid (no error piles up along the path).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { joinNums, num } from "./svg.ts";

interface IconSet {
  icons: Record<string, { body: string }>;
  width?: number;
  height?: number;
}

/** Every icon box is 512 x 512 (the set's default size). */
export const ICON_BOX = 512;

let cache: IconSet | undefined;

function iconSet(): IconSet {
  if (!cache) {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@iconify-json/game-icons/icons.json");
    cache = JSON.parse(readFileSync(file, "utf8")) as IconSet;
  }
  return cache;
}

export function hasIcon(name: string): boolean {
  return name in iconSet().icons;
}

export function iconNames(): string[] {
  return Object.keys(iconSet().icons);
}

/** The raw path data of an icon (all game-icons bodies are plain paths). */
export function rawIconPath(name: string): string {
  const icon = iconSet().icons[name];
  if (!icon) throw new Error(`unknown game-icons icon "${name}"`);
  return [...icon.body.matchAll(/ d="([^"]+)"/g)].map((m) => m[1]).join("");
}

/** Numbers each command takes. */
const ARITY: Record<string, number> = {
  m: 2,
  l: 2,
  h: 1,
  v: 1,
  c: 6,
  s: 4,
  q: 4,
  t: 2,
  a: 7,
  z: 0,
};

interface Segment {
  cmd: string;
  args: number[];
}

/** Parses path data, including arc flags written without separators ("a5 5 0 0110 10"). */
export function parsePath(d: string): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  let cmd = "";
  const skip = (): void => {
    while (i < d.length && /[\s,]/.test(d.charAt(i))) i++;
  };
  const readNumber = (): number => {
    skip();
    const m = /^[+-]?(?:\d*\.\d+|\d+\.?)(?:[eE][+-]?\d+)?/.exec(d.slice(i, i + 40));
    if (!m) throw new Error(`bad path number at ${i}: ${d.slice(i, i + 20)}`);
    i += m[0].length;
    return Number(m[0]);
  };
  const readFlag = (): number => {
    skip();
    const c = d.charAt(i);
    if (c !== "0" && c !== "1") throw new Error(`bad arc flag at ${i}`);
    i++;
    return Number(c);
  };
  while (true) {
    skip();
    if (i >= d.length) break;
    const c = d.charAt(i);
    if (/[a-zA-Z]/.test(c)) {
      cmd = c;
      i++;
      if (cmd === "z" || cmd === "Z") {
        out.push({ cmd, args: [] });
        continue;
      }
    } else if (cmd === "" || cmd === "z" || cmd === "Z") {
      throw new Error(`path data without a command at ${i}`);
    }
    const lower = cmd.toLowerCase();
    const n = ARITY[lower] ?? 0;
    const args: number[] = [];
    for (let k = 0; k < n; k++) {
      args.push(lower === "a" && (k === 3 || k === 4) ? readFlag() : readNumber());
    }
    out.push({ cmd, args });
    // Extra coordinate pairs after a moveto are implicit linetos.
    if (cmd === "m") cmd = "l";
    else if (cmd === "M") cmd = "L";
  }
  return out;
}

/** Writes path commands with the fewest separators: a repeated letter is left out. */
class CompactWriter {
  out = "";
  private lastLetter = "";

  constructor(private readonly fmt: (v: number) => string) {}

  emit(letter: string, values: number[]): void {
    const text = joinNums(values.map(this.fmt));
    if (letter !== this.lastLetter || letter === "m" || letter === "z") {
      this.out += letter;
    } else if (!text.startsWith("-")) {
      this.out += " ";
    }
    this.out += text;
    this.lastLetter = letter;
  }
}

type Grid = ReturnType<typeof grid>;

/** Snapping to a grid of `step` units after scaling and moving (x * scale + dx). */
function grid(step: number, scale: number, dx: number, dy: number) {
  const digits = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const snap = (v: number): number => Math.round(v / step) * step;
  const fmt = (v: number): string => num(v, digits);
  const tx = (x: number): number => snap(x * scale + dx);
  const ty = (y: number): number => snap(y * scale + dy);
  return { step, scale, snap, fmt, tx, ty };
}

/** The current point in source space (c), the subpath's start (s) and the snapped output point (o). */
interface Cursor {
  cx: number;
  cy: number;
  sx: number;
  sy: number;
  ox: number;
  oy: number;
  startO: [number, number];
}

/** One command, absolute coordinates read through ax/ay. */
interface Step {
  lower: string;
  args: number[];
  rel: boolean;
  ax: (k: number) => number;
  ay: (k: number) => number;
}

type Handler = (at: Cursor, c: Step, g: Grid, w: CompactWriter) => void;

/** Moves the output point, and the source point to (x, y). */
function moveTo(at: Cursor, x: number, y: number, nx: number, ny: number): void {
  at.cx = x;
  at.cy = y;
  at.ox = nx;
  at.oy = ny;
}

const close: Handler = (at, _c, _g, w) => {
  w.emit("z", []);
  at.cx = at.sx;
  at.cy = at.sy;
  [at.ox, at.oy] = at.startO;
};

const move: Handler = (at, c, g, w) => {
  const x = c.ax(0);
  const y = c.ay(1);
  const nx = g.tx(x);
  const ny = g.ty(y);
  w.emit("m", [nx - at.ox, ny - at.oy]);
  moveTo(at, x, y, nx, ny);
  at.sx = x;
  at.sy = y;
  at.startO = [nx, ny];
};

/** A line (written as h or v when it is one) or a smooth quadratic's end. */
const line: Handler = (at, c, g, w) => {
  const x = c.ax(0);
  const y = c.ay(1);
  const nx = g.tx(x);
  const ny = g.ty(y);
  if (c.lower === "l" && nx === at.ox && ny === at.oy) {
    at.cx = x;
    at.cy = y;
    return;
  }
  if (c.lower === "l" && ny === at.oy) w.emit("h", [nx - at.ox]);
  else if (c.lower === "l" && nx === at.ox) w.emit("v", [ny - at.oy]);
  else w.emit(c.lower, [nx - at.ox, ny - at.oy]);
  moveTo(at, x, y, nx, ny);
};

const horizontal: Handler = (at, c, g, w) => {
  const x = (c.rel ? at.cx : 0) + (c.args[0] ?? 0);
  const nx = g.tx(x);
  const ny = g.ty(at.cy);
  if (nx !== at.ox || ny !== at.oy) {
    if (ny === at.oy) w.emit("h", [nx - at.ox]);
    else w.emit("l", [nx - at.ox, ny - at.oy]);
  }
  at.cx = x;
  at.ox = nx;
  at.oy = ny;
};

const vertical: Handler = (at, c, g, w) => {
  const y = (c.rel ? at.cy : 0) + (c.args[0] ?? 0);
  const nx = g.tx(at.cx);
  const ny = g.ty(y);
  if (nx !== at.ox || ny !== at.oy) {
    if (nx === at.ox) w.emit("v", [ny - at.oy]);
    else w.emit("l", [nx - at.ox, ny - at.oy]);
  }
  at.cy = y;
  at.ox = nx;
  at.oy = ny;
};

/** Cubic, smooth cubic and quadratic curves: every pair relative to the last output point. */
const curveTo: Handler = (at, c, g, w) => {
  const pairs = c.args.length / 2;
  const values: number[] = [];
  let nx = at.ox;
  let ny = at.oy;
  for (let k = 0; k < pairs; k++) {
    nx = g.tx(c.ax(2 * k));
    ny = g.ty(c.ay(2 * k + 1));
    values.push(nx - at.ox, ny - at.oy);
  }
  w.emit(c.lower, values);
  moveTo(at, c.ax(c.args.length - 2), c.ay(c.args.length - 1), nx, ny);
};

const arc: Handler = (at, c, g, w) => {
  const { args } = c;
  const x = c.ax(5);
  const y = c.ay(6);
  const nx = g.tx(x);
  const ny = g.ty(y);
  const r1 = Math.max(g.step, g.snap((args[0] ?? 0) * g.scale));
  const r2 = Math.max(g.step, g.snap((args[1] ?? 0) * g.scale));
  const flags = [Math.round(args[2] ?? 0), args[3] ?? 0, args[4] ?? 0];
  w.emit("a", [r1, r2, ...flags, nx - at.ox, ny - at.oy]);
  moveTo(at, x, y, nx, ny);
};

const HANDLERS: Readonly<Record<string, Handler>> = {
  z: close,
  m: move,
  l: line,
  t: line,
  h: horizontal,
  v: vertical,
  c: curveTo,
  s: curveTo,
  q: curveTo,
  a: arc,
};

/**
 * Rewrites path data on a grid of `step` units, optionally scaled and moved
 * first (x * scale + dx). Output uses relative commands and the fewest
 * separators.
 */
export function minifyPath(d: string, step = 1, scale = 1, dx = 0, dy = 0): string {
  const g = grid(step, scale, dx, dy);
  const at: Cursor = { cx: 0, cy: 0, sx: 0, sy: 0, ox: 0, oy: 0, startO: [0, 0] };
  const writer = new CompactWriter(g.fmt);
  for (const { cmd, args } of parsePath(d)) {
    const lower = cmd.toLowerCase();
    const rel = cmd === lower;
    const handler = HANDLERS[lower];
    if (!handler) throw new Error(`unsupported path command ${cmd}`);
    const ax = (k: number): number => (rel ? at.cx : 0) + (args[k] ?? 0);
    const ay = (k: number): number => (rel ? at.cy : 0) + (args[k] ?? 0);
    handler(at, { lower, args, rel, ax, ay }, g, writer);
  }
  return writer.out;
}

/** An icon's path, minified on a grid of `step` icon units (the box stays 512). */
export function iconPath(name: string, step = 1): string {
  return minifyPath(rawIconPath(name), step);
}
