/**
 * Creatures and props of the comics (figures.ts): elementals, a troll, a
 * well, rats, a chimera, a lamia, a wall, a portal, a carriage, a ship, a
 * flock, cards, a key, a flower, a bonfire. Local units, feet at (0, 0).
 */
import type { Rng } from "../shared/rng.ts";
import { type FigureColors, halo, type Pt, path } from "./figure-parts.ts";
import { GOLD, GOLD_DARK, GOLD_LIGHT } from "./palette.ts";
import { human } from "./people.ts";
import { n, poly } from "./svg.ts";

export function airElemental(c: FigureColors, rng: Rng): { body: string; glow: string } {
  let swirl = "";
  for (let k = 0; k < 9; k++) {
    const y = -10 - k * 13;
    const r = 8 + k * 4.2 + rng.range(-2, 2);
    swirl += `<path d="M${n(-r)} ${n(y)}Q${n(0)} ${n(y + 8)} ${n(r)} ${n(y)}Q${n(r * 0.4)} ${n(y - 9)} ${n(-r * 0.7)} ${n(y - 5)}" fill="none" stroke="${c.glow}" stroke-width="${n(2.4 - k * 0.12)}" stroke-linecap="round" opacity="${n(0.35 + k * 0.05)}"/>`;
  }
  const glow = `${halo(0, -70, 70, 0.35)}${swirl}<circle cx="-6" cy="-112" r="2.2" fill="#ffffff"/><circle cx="6" cy="-112" r="2.2" fill="#ffffff"/>`;
  const body = `<path d="M0 0Q-8 -30 -22 -60Q-40 -100 -44 -126Q0 -112 44 -126Q40 -100 22 -60Q8 -30 0 0Z" opacity=".35"/>`;
  return { body, glow };
}

export function earthElemental(c: FigureColors): { body: string; glow: string } {
  const body = [
    poly(
      [
        [-22, 0],
        [-18, -40],
        [-8, -44],
        [-6, 0],
      ],
      n,
    ),
    poly(
      [
        [6, 0],
        [8, -44],
        [20, -40],
        [24, 0],
      ],
      n,
    ),
    poly(
      [
        [-30, -40],
        [-26, -84],
        [-4, -96],
        [24, -88],
        [32, -46],
        [10, -36],
      ],
      n,
    ),
    poly(
      [
        [-10, -96],
        [-8, -116],
        [8, -120],
        [14, -100],
        [4, -92],
      ],
      n,
    ),
    poly(
      [
        [-28, -84],
        [-46, -70],
        [-50, -40],
        [-38, -36],
        [-30, -60],
      ],
      n,
    ),
    poly(
      [
        [24, -86],
        [44, -74],
        [52, -44],
        [40, -40],
        [30, -62],
      ],
      n,
    ),
  ]
    .map(path)
    .join("");
  const cracks = `<path d="M-14 -80L-4 -66L-10 -52M10 -84L6 -70L16 -58M-2 -110L2 -104" fill="none" stroke="${c.glow}" stroke-width="1.6" stroke-linecap="round"/>`;
  const eyes = `<circle cx="0" cy="-108" r="1.8" fill="${c.glow}"/><circle cx="7" cy="-108" r="1.6" fill="${c.glow}"/>`;
  return { body, glow: `${halo(0, -70, 40, 0.3)}${cracks}${eyes}` };
}

export function flames(w: number, h: number, rng: Rng, tongues: number): string {
  const step = (2 * w) / tongues;
  let d = `M${n(-w)} 0`;
  for (let k = 0; k < tongues; k++) {
    const x0 = -w + k * step;
    const x1 = x0 + step;
    const mid = (x0 + x1) / 2;
    const center = 1 - Math.abs(mid / w);
    const th = h * (0.35 + center * 0.65) * rng.range(0.8, 1.1);
    const lean = rng.range(-0.4, 0.4) * step;
    d += `C${n(x0)} ${n(-th * 0.35)} ${n(mid + lean - step * 0.25)} ${n(-th * 0.7)} ${n(mid + lean)} ${n(-th)}`;
    d += `C${n(mid + lean + step * 0.05)} ${n(-th * 0.62)} ${n(x1)} ${n(-th * 0.45)} ${n(x1)} ${n(k === tongues - 1 ? 0 : -th * 0.28)}`;
  }
  return `${d}Q${n(w)} 7 0 7Q${n(-w)} 7 ${n(-w)} 0Z`;
}

/** A flame-shaped body with four tips, a waist and a rounded base. */
const FIRE_BODY =
  "M0 0C-30 0 -40 -24 -34 -50C-30 -66 -40 -78 -30 -96C-26 -86 -22 -84 -18 -88C-20 -104 -10 -118 -4 -136C0 -118 8 -112 12 -104C16 -112 20 -118 24 -126C26 -108 36 -96 34 -76C40 -82 42 -88 44 -92C48 -70 42 -54 36 -40C30 -16 20 0 0 0Z";

export function fireElemental(c: FigureColors): { body: string; glow: string } {
  const arm = (x: number, flip: number) =>
    `<path transform="translate(${x} -62) rotate(${flip * 50}) scale(.34)" d="${FIRE_BODY}" fill="url(#fire)"/>`;
  const glow = `${halo(0, -64, 100, 0.75)}${arm(-28, -1)}${arm(30, 1)}<path d="${FIRE_BODY}" fill="url(#fire)"/><path transform="translate(2 -4) scale(.66)" d="${FIRE_BODY}" fill="#ffa040" opacity=".9"/><path transform="translate(3 -6) scale(.34)" d="${FIRE_BODY}" fill="${c.fire}"/><path d="M-12 -80l9 2l-8 4ZM16 -80l-9 2l8 4Z" fill="${c.ink}"/>`;
  return { body: "", glow };
}

export function troll(c: FigureColors): { body: string; glow: string } {
  const body = [
    // Short thick legs.
    "M-26 0L-28 -30L-8 -34L-6 0Z",
    "M4 0L6 -34L26 -30L26 0Z",
    // A hunched, heavy body leaning forward.
    "M-32 -26C-46 -56 -34 -92 -2 -96C26 -98 44 -82 40 -56C38 -36 22 -24 -4 -24Z",
    // A small head low between the shoulders, with a jutting jaw.
    "M22 -86C22 -98 40 -100 44 -90L48 -80L40 -76L42 -72L30 -70Z",
    // Long arms: the back one hangs to the knees.
    "M-22 -82C-36 -70 -42 -46 -40 -22L-30 -20C-30 -44 -26 -62 -14 -72Z",
    // The front arm holds a club over the shoulder.
    "M24 -78C40 -70 46 -58 44 -46L36 -44C36 -56 30 -64 18 -68Z",
    "M36 -50L44 -42L86 -104Q94 -116 84 -120Q74 -120 70 -110Z",
    // Rubble of the fortress she sat flat.
    "M-64 2L-60 -10L-46 -14L-40 -6L-30 -9L-26 2Z",
    "M28 2L32 -10L48 -15L56 -6L68 -10L74 2Z",
  ]
    .map(path)
    .join("");
  const tusk = `<path d="M41 -76l2 -6l2 5Z" fill="#e9dcc0"/>`;
  const crown = `<path d="M24 -96L22 -108L28 -102L32 -112L36 -102L42 -108L42 -94Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8"/>`;
  const eyes = `<circle cx="38" cy="-88" r="1.6" fill="${c.glow}"/>`;
  return { body, glow: tusk + crown + eyes };
}

export function well(c: FigureColors): { body: string; glow: string } {
  const body = `<path d="M-36 0V-22Q0 -32 36 -22V0Z"/><path d="M-30 -22V-58h4V-24ZM26 -24V-58h4V-22Z"/><path d="M-38 -58Q0 -78 38 -58V-54Q0 -72 -38 -54Z"/>`;
  const glow = `<path d="M-26 -26L-60 -260H60L26 -26Z" fill="url(#beam)" opacity=".55"/>${halo(0, -30, 50, 0.9)}<ellipse cx="0" cy="-24" rx="30" ry="5" fill="${c.glow}"/>`;
  return { body, glow };
}

export function rat(
  x: number,
  s: number,
  c: FigureColors,
  flip: boolean,
): { body: string; glow: string } {
  const f = flip ? -1 : 1;
  const t = `translate(${n(x)} 0) scale(${n(s * f)} ${n(s)})`;
  const body = `<g transform="${t}"><path d="M-16 0Q-20 -14 -4 -16Q8 -18 14 -10L22 -6L14 -2L12 0Z"/><circle cx="8" cy="-16" r="3.4"/><path d="M-16 -4Q-32 -2 -38 -12" fill="none" stroke-width="1.6"/></g>`;
  const glow = `<g transform="${t}"><circle cx="15" cy="-9" r="1.3" fill="${c.glow}"/></g>`;
  return { body, glow };
}

export function chimera(c: FigureColors): { body: string; glow: string } {
  const body = [
    // Body and legs.
    "M-46 -40Q-50 -64 -20 -66L24 -66Q44 -66 46 -46L40 -34L38 0H30L28 -30L-24 -30L-28 0H-36L-38 -30Q-48 -32 -46 -40Z",
    // Lion head with a spiky mane.
    "M34 -60L30 -80L38 -76L40 -94L48 -84L56 -96L58 -82L70 -86L64 -72L74 -66L62 -58L66 -48L52 -50L44 -44Z",
    "M60 -70L76 -66L78 -60L62 -58Z",
    // Goat head and horns on the back.
    "M10 -64L4 -86L12 -92L20 -86L16 -64Z",
    "M8 -88Q-6 -104 -14 -96Q-4 -98 6 -84ZM16 -90Q20 -108 30 -104Q22 -100 18 -86Z",
  ]
    .map(path)
    .join("");
  const tail = `<path d="M-46 -44Q-70 -40 -72 -66Q-74 -88 -58 -92" fill="none" stroke-width="4.5" stroke-linecap="round"/><path d="M-62 -98L-50 -92L-60 -86Z"/>`;
  const glow = `<circle cx="66" cy="-70" r="1.8" fill="${c.glow}"/><circle cx="15" cy="-80" r="1.3" fill="${c.glow}"/><circle cx="-56" cy="-93" r="1" fill="${c.glow}"/>`;
  return { body: body + tail, glow };
}

export function lamia(c: FigureColors): { body: string; glow: string } {
  const upper = human({ head: "hair", arms: "raise", bulk: 0.85, eyes: true }, c);
  // Cut the legs: keep the torso up by the coil.
  const coil = `<path d="M0 -46Q-6 -20 -26 -16Q-52 -10 -40 0Q-20 8 10 0Q40 -6 52 -18Q60 -28 74 -22" fill="none" stroke-width="13" stroke-linecap="round"/><path d="M72 -22Q82 -28 86 -40" fill="none" stroke-width="6" stroke-linecap="round"/>`;
  const torso = upper.body.replace(/<path d="M-?[\d.]+ -49L[^"]*"\/>/g, "");
  return { body: coil + torso, glow: upper.glow };
}

export function wall(c: FigureColors, rng: Rng): { body: string; glow: string } {
  let top = "M-150 0V-150";
  for (let x = -150; x < 150; x += 30) top += `H${x + 15}V-166H${x + 30}V-150`;
  const body = `<path d="${top}V0Z"/><path d="M-170 0V-190H-140V-210H-118V-190H-110V0ZM110 0V-200H118V-222H142V-200H170V0Z"/>`;
  let courses = "";
  for (let row = 0; row < 7; row++) {
    const y = -4 - row * 20;
    const off = row % 2 === 0 ? 0 : 16;
    for (let x = -150 + off + 16; x < 150; x += 32) courses += `M${x} ${y}v-20`;
    courses += `M-150 ${y - 20}H150`;
  }
  const runes = [0, 1, 2, 3]
    .map(() => {
      const x = rng.range(-120, 110);
      const y = rng.range(-130, -40);
      return `M${n(x)} ${n(y)}l6 -10l6 10l-6 -4Z`;
    })
    .join("");
  const glow = `<path d="${courses}" fill="none" stroke="${c.glow}" stroke-width=".6" opacity=".1"/>${halo(0, -90, 90, 0.25)}<path d="${runes}" fill="none" stroke="${c.glow}" stroke-width="1.5" opacity=".85"/><path d="M-142 -150h6v-24h-6ZM126 -150h6v-26h-6Z" fill="${c.glow}" opacity=".7"/>`;
  return { body, glow };
}

export function portal(c: FigureColors, rng: Rng): { body: string; glow: string } {
  let licks = "";
  for (let k = 0; k < 14; k++) {
    const a = (k / 14) * Math.PI * 2;
    const x = Math.cos(a) * 70;
    const y = -90 + Math.sin(a) * 88;
    const l = rng.range(10, 22);
    licks += `M${n(x - 4)} ${n(y)}Q${n(x + Math.cos(a) * l)} ${n(y + Math.sin(a) * l - 6)} ${n(x + 4)} ${n(y)}Z`;
  }
  const glow = `${halo(0, -90, 150, 0.8)}<ellipse cx="0" cy="-90" rx="66" ry="84" fill="url(#void)"/><ellipse cx="0" cy="-90" rx="68" ry="86" fill="none" stroke="${c.fire}" stroke-width="6"/><ellipse cx="0" cy="-90" rx="68" ry="86" fill="none" stroke="${GOLD_LIGHT}" stroke-width="1.6"/><path d="${licks}" fill="${c.fire}"/>`;
  return { body: "", glow };
}

export function carriage(c: FigureColors): { body: string; glow: string } {
  const body = `<path d="M-54 -26Q-56 -70 -34 -84H30Q52 -70 50 -26Z"/><path d="M-62 -26H58V-20H-62Z"/><path d="M-40 -84Q-6 -100 36 -84Z"/>${[-40, 34].map((x) => `<circle cx="${x}" cy="-14" r="14" fill="none" stroke-width="3"/><path d="M${x - 12} -14H${x + 12}M${x} -26V-2" fill="none" stroke-width="1.4"/>`).join("")}<path d="M58 -24L92 -30" fill="none" stroke-width="2"/>`;
  const glow = `${halo(-58, -60, 24)}${halo(54, -60, 24)}<rect x="-61" y="-64" width="5" height="8" fill="${c.glow}"/><rect x="52" y="-64" width="5" height="8" fill="${c.glow}"/><rect x="-20" y="-70" width="10" height="18" rx="2" fill="${c.glow}" opacity=".8"/>`;
  return { body, glow };
}

export function ship(c: FigureColors): { body: string; glow: string } {
  const body = `<path d="M-110 -30H110Q96 0 70 4H-76Q-100 0 -110 -30Z"/><path d="M-96 -30L-104 -46H-70V-30Z"/><path d="M-40 -30V-190M20 -30V-210M70 -30V-150" fill="none" stroke-width="3"/><path d="M-74 -60Q-40 -70 -8 -60V-170Q-40 -160 -74 -170Z"/><path d="M-16 -62Q20 -72 54 -62V-190Q20 -180 -16 -190Z"/><path d="M46 -50Q70 -58 92 -50V-136Q70 -128 46 -136Z"/><path d="M20 -210l22 6l-22 6Z"/>`;
  const glow = `${halo(-88, -40, 20)}<rect x="-90" y="-42" width="4" height="5" fill="${c.glow}"/><rect x="-60" y="-20" width="5" height="4" fill="${c.glow}" opacity=".8"/><rect x="-40" y="-20" width="5" height="4" fill="${c.glow}" opacity=".8"/>`;
  return { body, glow };
}

const BAT: readonly Pt[] = [
  [1, 2],
  [3, 1],
  [6, 3],
  [8, 1],
  [11, 3],
  [12, 0],
  [15, -2],
  [17, -6],
  [11, -6],
  [5, -3.5],
  [1.2, -2],
  [1.2, -4],
  [0.4, -3],
];

export function flock(kind: "bats" | "crows", rng: Rng): string {
  let d = "";
  const count = kind === "bats" ? 11 : 7;
  for (let k = 0; k < count; k++) {
    const x = rng.range(-150, 150);
    const y = rng.range(-90, 90);
    const s = rng.range(0.5, 1.2);
    if (kind === "bats") {
      const flap = rng.range(0.5, 1.2);
      const pts = [...BAT.map(([a, b]) => [a, b < 0 ? b * flap : b] as const)];
      const outline = [...pts, ...[...pts].reverse().map(([a, b]) => [-a, b] as const)];
      d += `M${outline.map(([a, b]) => `${n(x + a * s)} ${n(y + b * s)}`).join("L")}Z`;
    } else {
      d += `M${n(x - 9 * s)} ${n(y - 4 * s)}q${n(5 * s)} ${n(-1 * s)} ${n(9 * s)} ${n(4 * s)}q${n(4 * s)} ${n(-5 * s)} ${n(9 * s)} ${n(-4 * s)}q${n(-5 * s)} ${n(1 * s)} ${n(-9 * s)} ${n(6 * s)}q${n(-4 * s)} ${n(-5 * s)} ${n(-9 * s)} ${n(-6 * s)}Z`;
    }
  }
  return path(d);
}

export function cards(c: FigureColors): { body: string; glow: string } {
  let out = halo(0, -30, 60, 0.8);
  for (let k = 0; k < 4; k++) {
    const a = -24 + k * 16;
    out += `<g transform="rotate(${a} 0 0)"><rect x="-11" y="-54" width="22" height="32" rx="2.5" fill="#3a1666" stroke="${GOLD}" stroke-width="1.4"/><path d="M0 -45l4 7l-4 7l-4 -7Z" fill="${c.glow}"/></g>`;
  }
  return { body: "", glow: out };
}

export function key(c: FigureColors): { body: string; glow: string } {
  const g = `${halo(0, 0, 50, 0.9)}<g fill="none" stroke="${GOLD}" stroke-width="3" stroke-linecap="round"><circle cx="-22" cy="0" r="9"/><path d="M-13 0H28M18 0v8M26 0v10"/></g><circle cx="-22" cy="0" r="3" fill="${c.glow}"/>`;
  return { body: "", glow: `<g transform="rotate(-20)">${g}</g>` };
}

export function flower(): { body: string; glow: string } {
  const body = `<path d="M0 0Q-3 -14 1 -28" fill="none" stroke-width="1.6"/><path d="M0 -12Q-10 -16 -12 -10Q-6 -8 0 -12ZM1 -18Q10 -24 12 -18Q6 -15 1 -18Z"/>`;
  const glow = `${halo(1, -31, 18)}<path d="M1 -28q-6 -2 -6 -7q3 -3 6 0q3 -3 6 0q0 5 -6 7Z" fill="${GOLD_LIGHT}"/>`;
  return { body, glow };
}

export function bonfire(c: FigureColors, rng: Rng): { body: string; glow: string } {
  const body = `<path d="M-30 0L24 -10L28 -4L-26 6ZM-24 -10L30 2L26 8L-28 -4Z"/>`;
  const glow = `${halo(0, -30, 80, 0.9)}<path d="${flames(20, 60, rng, 5)}" fill="url(#fire)"/><path d="${flames(10, 34, rng, 3)}" fill="${c.fire}"/>`;
  return { body, glow };
}
