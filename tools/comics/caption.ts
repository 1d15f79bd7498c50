/**
 * The caption box at the bottom of a slide. SVG text does not wrap, so lines
 * are broken here with a width estimate of a wide serif (DejaVu Serif, wider
 * than Georgia), which keeps every caption inside its box whatever serif the
 * viewer's system picks.
 */
import { CAPTION_BOTTOM, CAPTION_MARGIN, H, W } from "./layout.ts";
import { GOLD, GOLD_DARK, GOLD_LIGHT } from "./palette.ts";
import { esc, n } from "./svg.ts";

export const CAPTION_FONT_SIZE = 26;
const LINE_HEIGHT = 36;
const PAD_Y = 20;
const PAD_X = 44;

/** Estimated advance of a character in em. */
function charEm(ch: string): number {
  if (ch === " ") return 0.32;
  if ("iljtfr.,;:'!|".includes(ch)) return 0.36;
  if ("mwMW".includes(ch)) return 0.9;
  if (/[A-Z]/.test(ch)) return 0.72;
  if (/[0-9]/.test(ch)) return 0.62;
  if ("-–…".includes(ch)) return 0.5;
  return 0.58;
}

export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  // DejaVu Serif Italic runs about 6% wider than the table.
  return em * size * 1.06;
}

/** Greedy word wrap to a pixel width. */
export function wrap(text: string, maxWidth: number, size: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, size) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export const CAPTION_TEXT_WIDTH = W - 2 * CAPTION_MARGIN - 2 * PAD_X;

/** The box and its text; returns the SVG and the box's top edge. */
export function captionBox(caption: string): { svg: string; top: number; lines: string[] } {
  const lines = wrap(caption, CAPTION_TEXT_WIDTH, CAPTION_FONT_SIZE);
  const boxH = PAD_Y * 2 + LINE_HEIGHT * lines.length - (LINE_HEIGHT - CAPTION_FONT_SIZE) + 6;
  const top = H - CAPTION_BOTTOM - boxH;
  const x = CAPTION_MARGIN;
  const w = W - 2 * CAPTION_MARGIN;
  const text = lines
    .map(
      (l, k) =>
        `<tspan x="${W / 2}" y="${n(top + PAD_Y + CAPTION_FONT_SIZE + k * LINE_HEIGHT)}">${esc(l)}</tspan>`,
    )
    .join("");
  const cx = W / 2;
  const svg = `<g><rect x="${x}" y="${n(top)}" width="${w}" height="${n(boxH)}" rx="14" fill="url(#capbg)" stroke="${GOLD}" stroke-width="2"/><rect x="${x + 6}" y="${n(top + 6)}" width="${w - 12}" height="${n(boxH - 12)}" rx="10" fill="none" stroke="${GOLD}" stroke-opacity=".35"/><path d="M${cx - 12} ${n(top)}l12 -10l12 10l-12 10Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/><path d="M${cx - 70} ${n(top)}H${cx - 20}M${cx + 20} ${n(top)}H${cx + 70}" stroke="${GOLD_LIGHT}" stroke-width="2"/><text font-family="Georgia,'DejaVu Serif','Times New Roman',serif" font-style="italic" font-size="${CAPTION_FONT_SIZE}" fill="#f3ecff" text-anchor="middle" letter-spacing=".2">${text}</text></g>`;
  return { svg, top, lines };
}
