/**
 * Capital letters for the CARDREALM logo, built from strokes on a 100-unit
 * cap height, so the logo needs no font (an SVG shown through <img> cannot
 * use the page's web fonts). Each glyph is a centre-line path meant to be
 * stroked about 14 units wide with butt caps and miter joins, plus serifs.
 */
import { num } from "./svg.ts";

interface Glyph {
  width: number;
  d: string;
}

const GLYPHS: Record<string, Glyph> = {
  C: {
    width: 78,
    d: "M72 24C64 10 52 5 41 5 20 5 7 24 7 50s13 45 34 45c11 0 23-5 31-19M70 8v22M70 70v22",
  },
  A: { width: 84, d: "M8 100 42 2 76 100M22 66h40M0 96h22M62 96h22" },
  R: {
    width: 82,
    d: "M14 2v98M4 7h34c14 0 25 8 25 22s-11 22-25 22H14M38 51l32 49M4 96h22M60 96h22",
  },
  D: { width: 84, d: "M14 2v98M4 7h30c26 0 42 17 42 43s-16 43-42 43H4" },
  E: { width: 72, d: "M14 2v98M4 7h62v18M14 50h38M44 40v20M4 93h62V75" },
  L: { width: 68, d: "M14 2v98M4 7h22M4 93h60V73" },
  M: { width: 98, d: "M12 100V4l37 64 37-64v96M2 96h22M74 96h22M2 7h12M84 7h12" },
  N: { width: 86, d: "M12 100V4l62 92V0M2 96h22M2 7h12M64 7h22" },
  S: {
    width: 72,
    d: "M64 20C58 9 48 5 36 5 20 5 10 14 10 27c0 30 54 16 54 46 0 14-12 22-28 22-13 0-24-5-30-18",
  },
  O: { width: 88, d: "M44 5C22 5 7 24 7 50s15 45 37 45 37-19 37-45S66 5 44 5z" },
  " ": { width: 40, d: "" },
};

/** The word as one path (centre lines) and its width at cap height 100, with `gap` between letters. */
export function wordPath(word: string, gap = 14): { d: string; width: number } {
  let x = 0;
  let d = "";
  for (const ch of word.toUpperCase()) {
    const g = GLYPHS[ch];
    if (!g) throw new Error(`no glyph for "${ch}"`);
    if (g.d !== "") d += shift(g.d, x);
    x += g.width + gap;
  }
  return { d, width: x - gap };
}

/** Moves a glyph right by dx: only the absolute commands (uppercase) carry x values to move. */
function shift(d: string, dx: number): string {
  return d.replace(/([MLCSHV])([^a-zA-Z]*)/g, (_m, cmd: string, args: string) => {
    const nums = args.match(/-?\d*\.?\d+/g)?.map(Number) ?? [];
    if (cmd === "V") return `V${nums.map((n) => num(n)).join(" ")}`;
    const moved = nums.map((n, i) => (cmd === "H" || i % 2 === 0 ? n + dx : n));
    return `${cmd}${moved.map((n) => num(n)).join(" ")}`;
  });
}
