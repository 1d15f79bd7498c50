/**
 * Lyra, the tutorial's guide: one sprite sheet of 24 frames, 6 columns by 4
 * rows, each 573 x 607 px (product.md section 4, Tutorial), played at 12
 * frames a second by apps/client/src/features/tutorial/guide-sprite.tsx.
 *
 * Frames 0-11 are idle (breathing, a blink at 9-10); frames 12-23 repeat the
 * breath with a talking mouth. The figure is drawn once in <defs> and each
 * frame only adds its own eyes, mouth and sparkles, so the sheet stays small.
 */
import { GOLD, GOLD_DARK, GOLD_LIGHT } from "./palette.ts";
import { num } from "./svg.ts";

export const GUIDE_FRAME_W = 573;
export const GUIDE_FRAME_H = 607;
export const GUIDE_COLUMNS = 6;
export const GUIDE_FRAMES = 24;

const SKIN = "#f4d8c8";
const SKIN_SHADE = "#d9a898";
const HAIR = "#3b1f5e";
const HAIR_LIGHT = "#6b3fa0";
const ROBE = "#4a2370";
const ROBE_DARK = "#2a1242";
const IRIS = "#9b5de5";

/** The still parts: hair behind, robe, neck, face, fringe, circlet. */
function figureDefs(): string {
  return [
    "<defs>",
    `<radialGradient id="gg" cx=".5" cy=".45" r=".55"><stop offset="0" stop-color="${IRIS}" stop-opacity=".45"/><stop offset="1" stop-color="${IRIS}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="gr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ROBE}"/><stop offset="1" stop-color="${ROBE_DARK}"/></linearGradient>`,
    `<linearGradient id="gh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${HAIR_LIGHT}"/><stop offset="1" stop-color="${HAIR}"/></linearGradient>`,
    // Body: robe with gold trim and a gem brooch.
    '<g id="gb">',
    `<path d="M96 607C104 470 170 404 286 396C402 404 468 470 477 607Z" fill="url(#gr)"/>`,
    `<path d="M200 420L286 520L372 420" fill="none" stroke="${GOLD}" stroke-width="10" stroke-linejoin="round"/>`,
    `<path d="M110 600C122 486 178 430 244 414" fill="none" stroke="${GOLD_DARK}" stroke-width="6"/>`,
    `<path d="M463 600C451 486 395 430 329 414" fill="none" stroke="${GOLD_DARK}" stroke-width="6"/>`,
    `<circle cx="286" cy="522" r="15" fill="${IRIS}" stroke="${GOLD_LIGHT}" stroke-width="4"/>`,
    "</g>",
    // Head: long hair behind, neck, face, fringe and a circlet.
    '<g id="gd">',
    `<path d="M150 250C140 120 210 58 286 58C362 58 432 120 422 250L440 470C390 440 370 420 360 330L212 330C202 420 182 440 132 470Z" fill="url(#gh)"/>`,
    `<path d="M256 330h60v80c-20 12-40 12-60 0Z" fill="${SKIN_SHADE}"/>`,
    `<ellipse cx="286" cy="240" rx="104" ry="122" fill="${SKIN}"/>`,
    `<ellipse cx="226" cy="282" rx="20" ry="11" fill="#f0a0b0" opacity=".45"/>`,
    `<ellipse cx="346" cy="282" rx="20" ry="11" fill="#f0a0b0" opacity=".45"/>`,
    `<path d="M178 230C176 140 226 100 286 100C346 100 396 140 394 230C380 190 356 168 330 158C318 186 288 200 250 198C268 184 276 170 278 156C244 170 206 196 178 230Z" fill="url(#gh)"/>`,
    `<path d="M186 150C230 124 342 124 386 150" fill="none" stroke="${GOLD}" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="M286 118l12 20l-12 20l-12-20Z" fill="${IRIS}" stroke="${GOLD_LIGHT}" stroke-width="3"/>`,
    `<path d="M232 214q22-12 40 0M300 214q22-12 40 0" fill="none" stroke="${HAIR}" stroke-width="6" stroke-linecap="round"/>`,
    `<path d="M284 256q-6 20 6 22" fill="none" stroke="${SKIN_SHADE}" stroke-width="4" stroke-linecap="round"/>`,
    "</g>",
    "</defs>",
  ].join("");
}

function eyes(blink: number): string {
  if (blink >= 1) {
    return `<path d="M234 246q18 10 36 0M302 246q18 10 36 0" fill="none" stroke="${HAIR}" stroke-width="6" stroke-linecap="round"/>`;
  }
  const ry = blink > 0 ? 8 : 20;
  const eye = (cx: number) =>
    `<ellipse cx="${cx}" cy="246" rx="16" ry="${ry}" fill="#fff"/>` +
    `<ellipse cx="${cx + 2}" cy="248" rx="11" ry="${Math.max(4, ry - 5)}" fill="${IRIS}"/>` +
    `<circle cx="${cx + 6}" cy="${240}" r="4" fill="#fff"/>`;
  return eye(252) + eye(320);
}

/** 0 closed smile, 1 half open, 2 open. */
function mouth(open: number): string {
  if (open === 0)
    return `<path d="M268 304q18 12 36 0" fill="none" stroke="#a0525e" stroke-width="5" stroke-linecap="round"/>`;
  const ry = open === 1 ? 6 : 12;
  return `<ellipse cx="286" cy="306" rx="${open === 1 ? 13 : 15}" ry="${ry}" fill="#8a3848"/>`;
}

function sparkles(frame: number): string {
  const spots = [
    [80, 140],
    [500, 110],
    [470, 330],
    [110, 360],
  ] as const;
  return spots
    .map(([x, y], i) => {
      const phase = (frame + i * 6) % 24;
      const s = 6 + 10 * Math.abs(Math.sin((phase / 24) * Math.PI));
      return `<path d="M${x} ${num(y - s)}L${num(x + s / 4)} ${y}L${x} ${num(y + s)}L${num(x - s / 4)} ${y}Z" fill="${GOLD_LIGHT}" opacity="${num(0.3 + s / 24, 2)}"/>`;
    })
    .join("");
}

const TALK = [1, 2, 1, 0, 2, 1, 2, 0, 1, 2, 1, 0];

function frame(i: number): string {
  const x = (i % GUIDE_COLUMNS) * GUIDE_FRAME_W;
  const y = Math.floor(i / GUIDE_COLUMNS) * GUIDE_FRAME_H;
  const t = ((i % 12) / 12) * Math.PI * 2;
  const breathe = num(Math.sin(t) * 5);
  const nod = num(Math.sin(t) * 3 + (i >= 12 ? Math.sin(t * 2) * 2 : 0));
  const blink = i === 9 ? 0.5 : i === 10 ? 1 : 0;
  const talk = i >= 12 ? (TALK[i - 12] ?? 0) : 0;
  return (
    `<g id="f${i}" transform="translate(${x} ${y})">` +
    `<ellipse cx="286" cy="300" rx="270" ry="290" fill="url(#gg)"/>` +
    `<use href="#gb" y="${breathe}"/>` +
    `<g transform="translate(0 ${nod})"><use href="#gd"/>${eyes(blink)}${mouth(talk)}</g>` +
    sparkles(i) +
    "</g>"
  );
}

/** The whole sheet: 3438 x 2428, transparent background. */
export function guideSpriteSvg(): string {
  const w = GUIDE_FRAME_W * GUIDE_COLUMNS;
  const h = GUIDE_FRAME_H * Math.ceil(GUIDE_FRAMES / GUIDE_COLUMNS);
  const frames = Array.from({ length: GUIDE_FRAMES }, (_, i) => frame(i)).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><title>Lyra, the guide (sprite sheet)</title>${figureDefs()}${frames}</svg>\n`;
}
