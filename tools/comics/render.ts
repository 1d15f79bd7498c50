/**
 * Paints one comic slide as a self-contained 1280x720 SVG: the landscape of
 * its setting, the scripted figures as rim-lit silhouettes, a vignette, paper
 * grain and the caption box. Deterministic: seeded from "{chapter}:{slide}".
 */
import type { ChapterStory, NumberedSlide, SceneFigure } from "@cardrealm/content";
import { hashString, Rng } from "../shared/rng.ts";
import { captionBox } from "./caption.ts";
import { figureArt, type HeroPose } from "./figures.ts";
import { paintLandscape } from "./landscape.ts";
import { FOOT_Y, H, HORIZON, W } from "./layout.ts";
import { GOLD_LIGHT, slidePalette } from "./palette.ts";
import { esc, mix, n, n2 } from "./svg.ts";

const ENEMIES = new Set<SceneFigure["kind"]>([
  "air",
  "earth",
  "fire",
  "horde",
  "necromancer",
  "rats",
  "thieves",
  "chimera",
  "lamia",
  "wall",
  "witches",
  "demon",
  "goblins",
  "troll",
  "vampires",
]);

function heroPose(figures: readonly SceneFigure[]): HeroPose {
  if (figures.some((f) => f.kind === "cards" || f.kind === "key")) return "present";
  if (figures.some((f) => ENEMIES.has(f.kind))) return "sword";
  return "lantern";
}

export function renderSlide(story: ChapterStory, slide: NumberedSlide): string {
  const seed = `${story.icon}:${slide.n}`;
  const rng = new Rng(seed);
  const { scene } = slide;
  const p = slidePalette(story.icon, scene.sky);
  const land = paintLandscape({
    setting: scene.setting,
    sky: scene.sky,
    landmark: scene.landmark,
    palette: p,
    rng: rng.fork("land"),
  });
  const colors = { glow: p.glow, ink: p.ink, fire: "#ffd070" };
  const rim = mix(p.glow, p.horizon, 0.35);
  const pose = heroPose(scene.figures);
  const hero = scene.figures.find((f) => f.kind === "hero");

  const defs: string[] = [];
  const figures: string[] = [];
  scene.figures.forEach((f, k) => {
    const art = figureArt(f.kind, colors, rng.fork(`fig${k}`), { heroPose: pose });
    const size = f.size ?? 1;
    const s = art.scale * size;
    let x = f.x * W;
    let y = FOOT_Y;
    if (art.place === "sky") y = 150 + (hashString(`${seed}:${k}`) % 120);
    if (art.place === "water") y = HORIZON + 70 + (size - 1) * 30;
    if (art.place === "float") {
      y = 330;
      // Cards and keys are held up by the hero when there is one.
      if (hero) {
        const hs = 2.4 * (hero.size ?? 1);
        const dir = hero.flip ? -1 : 1;
        x = hero.x * W + dir * 30 * hs;
        y = FOOT_Y - 108 * hs;
      }
    }
    const flip = f.flip ? -1 : 1;
    const t = `translate(${n(x)} ${n(y)}) scale(${n2(s * flip)} ${n2(s)})`;
    const id = `f${k}`;
    let out = "";
    if (art.place === "ground") {
      out += `<ellipse cx="${n(x)}" cy="${n(y + 2)}" rx="${n(34 * s)}" ry="${n(5 * s)}" fill="${p.ink}" opacity=".6" filter="url(#soft)"/>`;
    }
    out += `<g transform="${t}">`;
    if (art.body) {
      defs.push(`<g id="${id}">${art.body}</g>`);
      const rx = (land.lightSide * flip * 1.3) / Math.max(1, s / 2.3);
      out += `<use href="#${id}" fill="${rim}" stroke="${rim}" opacity=".75" transform="translate(${n(rx)} -.8)"/><use href="#${id}" fill="${p.ink}" stroke="${p.ink}"/>`;
    }
    out += `${art.glow}</g>`;
    figures.push(out);
  });

  const cap = captionBox(slide.caption);
  const paintSeed = hashString(seed) % 1000;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(scene.description)}">
<title>${esc(slide.caption)}</title>
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.zenith}"/><stop offset=".45" stop-color="${p.sky}"/><stop offset=".68" stop-color="${p.horizon}"/><stop offset="1" stop-color="${mix(p.horizon, p.ink, 0.5)}"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.horizon, p.sky, 0.4)}"/><stop offset="1" stop-color="${mix(p.sky, p.ink, 0.7)}"/></linearGradient>
<radialGradient id="moon" cx=".42" cy=".4" r=".65"><stop offset="0" stop-color="${mix(p.moon, "#ffffff", 0.5)}"/><stop offset=".75" stop-color="${p.moon}"/><stop offset="1" stop-color="${mix(p.moon, p.horizon, 0.4)}"/></radialGradient>
<radialGradient id="moonglow"><stop offset="0" stop-color="${p.moon}" stop-opacity=".55"/><stop offset=".3" stop-color="${p.moon}" stop-opacity=".16"/><stop offset="1" stop-color="${p.moon}" stop-opacity="0"/></radialGradient>
<radialGradient id="halo"><stop offset="0" stop-color="${p.glow}" stop-opacity=".9"/><stop offset=".35" stop-color="${p.glow}" stop-opacity=".3"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="void"><stop offset="0" stop-color="#000000"/><stop offset=".7" stop-color="#3a0a10"/><stop offset="1" stop-color="#ff6a2a"/></radialGradient>
<linearGradient id="fire" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#ff3a1a"/><stop offset=".55" stop-color="#ff8a2a"/><stop offset="1" stop-color="#ffe08a"/></linearGradient>
<linearGradient id="beam" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${p.glow}"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></linearGradient>
<linearGradient id="capbg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1048" stop-opacity=".94"/><stop offset="1" stop-color="#12061f" stop-opacity=".96"/></linearGradient>
<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="${p.ink}" stop-opacity="0"/><stop offset="1" stop-color="${p.ink}" stop-opacity=".8"/></radialGradient>
<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="fog" x="-10%" y="-100%" width="120%" height="300%"><feGaussianBlur stdDeviation="18"/></filter>
<filter id="paint" x="-2%" y="-5%" width="104%" height="110%"><feTurbulence type="fractalNoise" baseFrequency=".022 .04" numOctaves="2" seed="${paintSeed}"/><feDisplacementMap in="SourceGraphic" scale="9" xChannelSelector="R" yChannelSelector="G"/></filter>
<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".75" numOctaves="2" seed="${paintSeed}"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 .9  0 0 0 0 .8  0 0 0 .6 -.2"/></filter>
${defs.join("\n")}
</defs>
${land.back}
${land.ground}
${figures.join("\n")}
<rect width="${W}" height="${H}" fill="url(#vignette)"/>
<rect width="${W}" height="${H}" filter="url(#grain)" opacity=".09"/>
<rect x="6" y="6" width="${W - 12}" height="${H - 12}" rx="10" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity=".28" stroke-width="2"/>
${cap.svg}
</svg>
`;
}
