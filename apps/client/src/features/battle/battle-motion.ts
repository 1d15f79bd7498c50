import { CATALOGUE } from "@cardrealm/content";
import type { EffectKind } from "@cardrealm/engine";
import type { SpotFx } from "../../stores/battle-store.ts";

/**
 * The board's motion (issue 15, "A board that moves"): which effect a battle
 * event shows, in which element's colours, and whether motion is shown at
 * all. The effects are drawn by battle-fx.css (`.fx--<kind>.fx--<element>`) and
 * animate only transform and opacity (bench/RESULTS.md, "Battle: stable
 * layers"); the numbers (hp popups) are information and stay in every case.
 */

/** The shapes of motion: one per spell effect kind, plus a blow's impact (battle-store.ts SpotFx). */
export type FxKind = SpotFx["kind"];

/** The colours of motion: the resource the card is made of. */
export type FxElement = SpotFx["element"];

const KIND_OF: Record<EffectKind, FxKind> = {
  damage: "damage",
  heal: "heal",
  buff: "buff",
  stun: "stun",
  destroy: "destroy",
  gain_resource: "gain",
  gain_inc: "gain",
  drain_resource: "drain",
  drain_inc: "drain",
  draw: "draw",
  discard: "discard",
  summon: "summon",
  return_to_hand: "return",
  swap_cells: "swap",
};

export function fxKindOf(effect: EffectKind): FxKind {
  return KIND_OF[effect];
}

/**
 * The element of an effect of a card: the resource a resource effect names,
 * else the resource the card costs most of (ties: fire, diamond, pow), else
 * neutral (free cards, tokens, unknown ids).
 */
export function fxElementOf(cardId: number, effect?: EffectKind): FxElement {
  const def = CATALOGUE.get(cardId);
  if (!def) return "neutral";
  if (effect) {
    for (const ability of def.abilities) {
      const e = ability.effect;
      if (e.kind === effect && "resource" in e) return e.resource;
    }
  }
  const { fire, diamond, pow } = def.cost;
  const most = Math.max(fire, diamond, pow);
  if (most <= 0) return "neutral";
  if (fire === most) return "fire";
  if (diamond === most) return "diamond";
  return "pow";
}

/** Motion is off when the player asked for less (`prefers-reduced-motion: reduce`). */
export function motionAllowed(): boolean {
  if (typeof globalThis.matchMedia !== "function") return true;
  return !globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** How long an effect stays on the board (ms): its CSS animation is this long. */
export const FX_MS = 760;
