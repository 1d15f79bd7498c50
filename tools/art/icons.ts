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

/**
 * Rewrites path data on a grid of `step` units, optionally scaled and moved
 * first (x * scale + dx). Output uses relative commands and the fewest
 * separators.
 */
export function minifyPath(d: string, step = 1, scale = 1, dx = 0, dy = 0): string {
  const digits = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const snap = (v: number): number => Math.round(v / step) * step;
  const fmt = (v: number): string => num(v, digits);
  const tx = (x: number): number => snap(x * scale + dx);
  const ty = (y: number): number => snap(y * scale + dy);
  // Current point in source space and in snapped output space.
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  let ox = 0;
  let oy = 0;
  let startO: [number, number] = [0, 0];
  let out = "";
  let lastLetter = "";
  const emit = (letter: string, values: number[]): void => {
    const text = joinNums(values.map(fmt));
    if (letter !== lastLetter || letter === "m" || letter === "z") {
      out += letter;
    } else if (!text.startsWith("-")) {
      out += " ";
    }
    out += text;
    lastLetter = letter;
  };
  for (const { cmd, args } of parsePath(d)) {
    const lower = cmd.toLowerCase();
    const rel = cmd === lower;
    const ax = (k: number): number => (rel ? cx : 0) + (args[k] ?? 0);
    const ay = (k: number): number => (rel ? cy : 0) + (args[k] ?? 0);
    switch (lower) {
      case "z": {
        emit("z", []);
        cx = sx;
        cy = sy;
        [ox, oy] = startO;
        break;
      }
      case "m": {
        const x = ax(0);
        const y = ay(1);
        const nx = tx(x);
        const ny = ty(y);
        emit("m", [nx - ox, ny - oy]);
        cx = x;
        cy = y;
        sx = x;
        sy = y;
        ox = nx;
        oy = ny;
        startO = [nx, ny];
        break;
      }
      case "l":
      case "t": {
        const x = ax(0);
        const y = ay(1);
        const nx = tx(x);
        const ny = ty(y);
        if (lower === "l" && nx === ox && ny === oy) {
          cx = x;
          cy = y;
          break;
        }
        if (lower === "l" && ny === oy) emit("h", [nx - ox]);
        else if (lower === "l" && nx === ox) emit("v", [ny - oy]);
        else emit(lower, [nx - ox, ny - oy]);
        cx = x;
        cy = y;
        ox = nx;
        oy = ny;
        break;
      }
      case "h": {
        const x = (rel ? cx : 0) + (args[0] ?? 0);
        const nx = tx(x);
        const ny = ty(cy);
        if (nx !== ox || ny !== oy) {
          if (ny === oy) emit("h", [nx - ox]);
          else emit("l", [nx - ox, ny - oy]);
        }
        cx = x;
        ox = nx;
        oy = ny;
        break;
      }
      case "v": {
        const y = (rel ? cy : 0) + (args[0] ?? 0);
        const nx = tx(cx);
        const ny = ty(y);
        if (nx !== ox || ny !== oy) {
          if (nx === ox) emit("v", [ny - oy]);
          else emit("l", [nx - ox, ny - oy]);
        }
        cy = y;
        ox = nx;
        oy = ny;
        break;
      }
      case "c":
      case "s":
      case "q": {
        const pairs = args.length / 2;
        const values: number[] = [];
        let nx = ox;
        let ny = oy;
        for (let k = 0; k < pairs; k++) {
          nx = tx(ax(2 * k));
          ny = ty(ay(2 * k + 1));
          values.push(nx - ox, ny - oy);
        }
        emit(lower, values);
        cx = ax(args.length - 2);
        cy = ay(args.length - 1);
        ox = nx;
        oy = ny;
        break;
      }
      case "a": {
        const x = ax(5);
        const y = ay(6);
        const nx = tx(x);
        const ny = ty(y);
        const r1 = Math.max(step, snap((args[0] ?? 0) * scale));
        const r2 = Math.max(step, snap((args[1] ?? 0) * scale));
        emit("a", [r1, r2, Math.round(args[2] ?? 0), args[3] ?? 0, args[4] ?? 0, nx - ox, ny - oy]);
        cx = x;
        cy = y;
        ox = nx;
        oy = ny;
        break;
      }
      default:
        throw new Error(`unsupported path command ${cmd}`);
    }
  }
  return out;
}

/** An icon's path, minified on a grid of `step` icon units (the box stays 512). */
export function iconPath(name: string, step = 1): string {
  return minifyPath(rawIconPath(name), step);
}
