/**
 * Opponent portraits, 256 x 256: each opponent painted with the card art's
 * lit figure kit (figure-person.ts, figure-creatures.ts..., painted parts,
 * form shading, key light and rim; card-paint.ts) in a setting that fits it
 * (card-backdrop.ts), framed close (a bust) for bosses and named rulers and
 * from the thighs up for the others, cropped square around the figure and
 * closed by a round medallion vignette (the client shows it in a circle on
 * the map and the boss window, in a rounded square in the story dialogue).
 *
 * The figure is read from words like a card's (subject.ts, card-look.ts):
 * `OPPONENT_SITTERS` gives each opponent the words and the setting.
 */

import { Rng } from "../../shared/rng.ts";
import { paintScene } from "../card-art.ts";
import { type Setting, settingPalette } from "../card-backdrop.ts";
import { HH, W } from "../card-setting.ts";
import { paletteOf } from "../palette.ts";
import { el, num, stops, svgDoc } from "../svg.ts";
import type { CardDef, Faction } from "../types.ts";

/**
 * Who sits for an opponent's portrait: the words the figure is read from
 * (a card name: subject.ts's vocabulary), the setting behind it, and whether
 * it is a boss (drawn close, head and shoulders filling the frame).
 */
export interface Sitter {
  words: string;
  setting: Setting;
  boss?: true;
  /** The element the light leans to (as a card's main cost; none: the faction's glow). */
  element?: "fire" | "diamond" | "pow";
  /** Keywords the figure shows (flying: wings). */
  keywords?: CardDef["keywords"];
  /** A seed word that re-rolls the pose and the light (two sitters too alike). */
  seed?: string;
}

export const OPPONENT_SITTERS: Readonly<Record<number, Sitter>> = {
  // chapter 1, the elves' guardians
  6: { words: "Air Elemental", setting: "storm", element: "diamond" },
  5: { words: "Earth Elemental", setting: "cave" },
  7: { words: "Fire Elemental", setting: "dusk", boss: true, element: "fire" },
  // chapter 2, the dead
  2: { words: "Zombie Horde", setting: "dusk" },
  3: { words: "Zombie Wizard", setting: "cave" },
  4: { words: "Morvath the Gravelord", setting: "storm", boss: true },
  // chapter 3, the port
  9: { words: "Rat Pack", setting: "dusk" },
  10: { words: "Thief Pack", setting: "storm" },
  11: { words: "Silkhand, the Master Thief", setting: "hall", boss: true },
  // chapter 4, the heretics
  12: { words: "Chimera", setting: "cave" },
  13: { words: "Lamia", setting: "dusk" },
  14: { words: "Heresiarch Vexilla, Cult Priestess", setting: "hall", boss: true },
  // chapter 5, the tower's living walls: a stern wall, stone that dreams, a giant standing still
  15: { words: "First Wall", setting: "day" },
  16: { words: "Dreaming Golem", setting: "dusk" },
  17: { words: "Stone Colossus", setting: "storm", boss: true },
  // chapter 6, the demons
  18: { words: "Fire Witch", setting: "cave", element: "fire" },
  19: { words: "Earth Witch", setting: "storm", element: "pow" },
  20: { words: "Ysolde, the Demon Princess", setting: "hall", boss: true },
  // chapter 7, the trolls
  22: { words: "Goblin Lord", setting: "forest" },
  23: { words: "Ork Brute", setting: "day" },
  24: { words: "Grumhild, the Troll Queen", setting: "cave", boss: true },
  // chapter 8, the vampires
  28: {
    words: "Nocturne, the Blood Herald",
    setting: "storm",
    keywords: { flying: true },
  },
  29: { words: "Mirela, the Velvet Countess", setting: "hall" },
  30: { words: "Orlav, the Sanguine King", setting: "dusk", boss: true },
  // the arena bot
  21: { words: "Ravenmoth, Duelist", setting: "hall" },
};

/** A sitter for an opponent the table does not name: a duelist at dusk. */
function sitterOf(id: number, name: string): Sitter {
  return OPPONENT_SITTERS[id] ?? { words: `${name}, Duelist`, setting: "dusk" };
}

/**
 * The card a sitter is drawn as: no cost (the light keeps the faction's
 * colour, or leans to the sitter's element), a size that frames a boss close and the others half.
 */
export function sitterCard(id: number, sitter: Sitter, faction: Faction): CardDef {
  const big = sitter.boss === true;
  return {
    id,
    name: sitter.words,
    level: 1,
    type: "unit",
    cost: {
      fire: sitter.element === "fire" ? 1 : 0,
      diamond: sitter.element === "diamond" ? 1 : 0,
      pow: sitter.element === "pow" ? 1 : 0,
    },
    attack: big ? 8 : 5,
    hp: big ? 10 : 7,
    rarity: "common",
    set: "base",
    faction,
    abilities: [],
    ...(sitter.keywords ? { keywords: sitter.keywords } : {}),
  };
}

/** The medallion: a round vignette in the faction's deep colour and a thin ring of its glow. */
function medallion(deep: string, glow: string, x0: number, y0: number, size: number): string {
  const cx = x0 + size / 2;
  const r = size / 2;
  const cy = y0 + r;
  return (
    el(
      "radialGradient",
      { id: "md", gradientUnits: "userSpaceOnUse", cx: num(cx), cy: num(cy), r: num(r * 1.42) },
      stops([
        [0.58, deep, 0],
        [0.7, deep, 0.55],
        [1, deep, 1],
      ]),
    ) +
    el("rect", { x: num(x0), y: num(y0), width: num(size), height: num(size), fill: "url(#md)" }) +
    el("circle", {
      cx: num(cx),
      cy: num(cy),
      r: num(r * 0.97),
      fill: "none",
      stroke: glow,
      "stroke-width": ".8",
      opacity: ".45",
    })
  );
}

/** A square 256 portrait: the opponent as a painted, lit figure in its setting. */
export function portraitSvg(id: number, name: string, faction: Faction): string {
  const sitter = sitterOf(id, name);
  const card = sitterCard(id, sitter, faction);
  const seed = `opponent:${id}${sitter.seed ?? ""}`;
  const where = sitter.setting;
  const pal = settingPalette(paletteOf(faction), faction, where);
  const { defs, content, focus, dark } = paintScene({
    card,
    where,
    pal,
    rng: new Rng(seed),
    extra: new Rng(`${seed}:extra`),
    defsSeed: id + 7,
    max: false,
  });
  // a square around the sitter, closer on a boss, drawn 256 wide
  const side = sitter.boss ? 112 : 128;
  const x0 = Math.max(0, Math.min(W - side, focus[0] - side / 2));
  const y0 = Math.max(0, Math.min(HH - side, focus[1] - side * 0.55));
  const S = 256;
  const square = `scale(${num(S / side, 4)}) translate(${num(-x0)} ${num(-y0)})`;
  return svgDoc(
    S,
    S,
    el("defs", {}, defs.join("")) +
      el("g", { transform: square }, content + medallion(dark, pal.glow, x0, y0, side)),
    name,
  );
}
