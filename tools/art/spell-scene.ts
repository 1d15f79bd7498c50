/**
 * A spell's picture is its effect happening in the landscape: bolts falling
 * on the ground, a column of healing light, a planted blade under a rising
 * aura, chains, a cracked sigil, a brazier or crystals of the resource it
 * gives, a vortex that drains a castle, a floating book, a portal with what it
 * summons, smoke, two swapping orbs. Chosen by the first ability's effect kind
 * (and a few name words); what it lands on (one target, many, a castle) by the
 * ability's target. Writes into a `Sil` like the figures do.
 */

import type { Draw, Sil } from "./figure-kit.ts";
import {
  book,
  drums,
  healingLight,
  hearth,
  pages,
  plantedBlade,
  portal,
  treasure,
} from "./spell-boons.ts";
import type { Pt, SpellCtx, SpellLook } from "./spell-marks.ts";
import { bolt, chains, missiles, sigil, slash, smoke, swap, vortex } from "./spell-strikes.ts";
import type { Subject } from "./subject.ts";
import type { CardDef, Effect } from "./types.ts";

/** Name words that pick a look before the effect kind does. */
const LOOK_WORDS: Record<string, SpellLook> = {
  bolt: "bolt",
  thunder: "bolt",
  storm: "bolt",
  chain: "stun",
  chains: "stun",
  fire: "flame",
  pyre: "flame",
  cinder: "flame",
  ember: "flame",
  embers: "flame",
  hellfire: "flame",
  eclipse: "flame",
  boulder: "rock",
  slash: "slash",
  gale: "slash",
  dart: "dart",
  hearth: "hearth",
  gem: "crystal",
  vein: "crystal",
  drums: "drums",
  cache: "chest",
  scroll: "book",
  smoke: "smoke",
  chill: "stun",
  sigil: "destroy",
  circle: "portal",
  swap: "swap",
  switch: "swap",
};

const KIND_LOOKS: Record<Effect["kind"], SpellLook> = {
  damage: "bolt",
  heal: "heal",
  buff: "buff",
  stun: "stun",
  destroy: "destroy",
  gain_resource: "crystal",
  gain_inc: "crystal",
  drain_resource: "drain",
  drain_inc: "drain",
  draw: "book",
  discard: "pages",
  summon: "portal",
  return_to_hand: "smoke",
  swap_cells: "swap",
};

/** The look of a spell: a name word, else its first effect (damage by its cost's element). */
export function spellLook(card: CardDef): SpellLook {
  for (const w of card.name.toLowerCase().split(/[^a-z]+/)) {
    const look = LOOK_WORDS[w];
    if (look) return look;
  }
  const effect = card.abilities[0]?.effect;
  if (!effect) return "heal";
  if (effect.kind === "damage") {
    const { fire, diamond, pow } = card.cost;
    return fire >= diamond && fire >= pow ? "flame" : diamond >= pow ? "shard" : "bolt";
  }
  if (effect.kind === "gain_resource" || effect.kind === "gain_inc") {
    return effect.resource === "fire"
      ? "hearth"
      : effect.resource === "diamond"
        ? "crystal"
        : "drums";
  }
  if (effect.kind === "discard") return "pages";
  return KIND_LOOKS[effect.kind];
}

/** How many things the effect hits, from its target selector. */
function spread(card: CardDef): number {
  const t = card.abilities[0]?.target;
  if (t === "all_enemy" || t === "all_units" || t === "all_own") return 4;
  if (t === "random_enemy") return 3;
  return 1;
}

/** A castle silhouette standing on the ground at x (what a castle-targeted spell hits). */
export function castle(sil: Sil, x: number, g: number, s: number): Pt {
  const p = sil.fill;
  p.poly([
    [x - 22 * s, g],
    [x - 22 * s, g - 18 * s],
    [x - 15 * s, g - 18 * s],
    [x - 15 * s, g - 34 * s],
    [x - 8 * s, g - 42 * s],
    [x - 1 * s, g - 34 * s],
    [x - 1 * s, g - 22 * s],
    [x + 8 * s, g - 22 * s],
    [x + 8 * s, g - 30 * s],
    [x + 14 * s, g - 36 * s],
    [x + 20 * s, g - 30 * s],
    [x + 20 * s, g],
  ]);
  sil.glow.circle(x - 8 * s, g - 28 * s, 1.4 * s).circle(x + 14 * s, g - 24 * s, 1.2 * s);
  return [x, g - 30 * s];
}

/** How each look is drawn. */
const DRAW: Record<SpellLook, (ctx: SpellCtx) => Pt> = {
  bolt: bolt,
  flame: missiles,
  shard: missiles,
  rock: missiles,
  dart: missiles,
  slash: slash,
  stun: chains,
  destroy: sigil,
  drain: vortex,
  smoke: smoke,
  swap: swap,
  heal: healingLight,
  buff: plantedBlade,
  hearth: hearth,
  crystal: treasure,
  chest: treasure,
  drums: drums,
  book: book,
  pages: pages,
  portal: portal,
};

export interface SpellScene {
  look: SpellLook;
  /** Where the picture's brightest point is (the aura goes there). */
  focus: Pt;
}

/**
 * Draws a spell's effect into `d.sil` on a picture w x h with ground line g.
 * `light` is the side the light comes from (1 right, -1 left); `summoned` the
 * subject of the card a summon spell calls.
 */
export function drawSpell(
  d: Draw,
  card: CardDef,
  w: number,
  g: number,
  light: number,
  summoned: Subject | undefined,
  centre: number,
): SpellScene {
  const { sil, rng } = d;
  const look = spellLook(card);
  const n = spread(card);
  const target = card.abilities[0]?.target;
  const atCastle = target === "enemy_castle" || target === "own_castle";
  const cx = centre;
  const focus: Pt = [cx, g - 30];
  // where things land
  const spots: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    spots.push([cx + w * (t - 0.5) * 0.56 + rng.range(-8, 8), g + rng.range(2, 12)]);
  }
  if (atCastle && !["hearth", "crystal", "drums", "chest", "book", "pages"].includes(look)) {
    const x = w * (light > 0 ? rng.range(0.25, 0.4) : rng.range(0.6, 0.75));
    const top = castle(sil, x, g + 4, rng.range(0.9, 1.2));
    spots.splice(0, spots.length, [top[0], top[1] + 8]);
  }
  const src: Pt = [w * (light > 0 ? 0.92 : 0.08), 12];
  const ctx: SpellCtx = { d, sil, rng, look, n, spots, src, cx, w, g, light, summoned, focus };
  return { look, focus: DRAW[look](ctx) };
}
