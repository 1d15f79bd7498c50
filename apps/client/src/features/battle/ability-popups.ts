import type { AbilityResultMsg, EffectKind, MiddlewareAbilityMsg } from "@cardrealm/engine";
import {
  type AbilityFx,
  type BoardSpot,
  fxId,
  battleStore as store,
} from "../../stores/battle-store.ts";
import { fxElementOf, fxKindOf } from "./battle-motion.ts";
import { carryOn, wait } from "./battle-queue.ts";
import { TIMINGS } from "./battle-timings.ts";
import { spotOf } from "./battle-view.ts";
import { anyDead, changeHp, fx, patchUnit, popup, resolveDeaths } from "./board-stage.ts";

/**
 * An ability's results on the board (middleware_ability): each effect kind
 * of the engine's vocabulary shows its effect, number or word on its target.
 * The table is a record over EffectKind, so a new kind does not compile
 * until it says what it shows.
 */

/** What one result shows on its spot; returns the unit key ("cpu-2") that leaves the table, if any. */
type ShowResult = (result: AbilityResultMsg, spot: BoardSpot) => string | undefined;

/** A unit on a spot leaves the table after the ability (destroyed, returned to hand). */
function leaves(spot: BoardSpot): string | undefined {
  return spot.cell === null ? undefined : `${spot.seat}-${spot.cell}`;
}

/** A resource or card count change: "+2 resources", "-1 per turn", "+1 card". */
function countPopup(text: (n: number) => string, tone: "buff" | "damage"): ShowResult {
  return (r, spot) => {
    if (r.amount !== 0) popup(spot, text(r.amount), tone);
    return undefined;
  };
}

const cards = (n: number) => `card${n === 1 ? "" : "s"}`;

export const ABILITY_RESULTS: { readonly [K in EffectKind]: ShowResult } = {
  damage: (r, spot) => {
    changeHp(spot, -r.amount);
    return undefined;
  },
  heal: (r, spot) => {
    changeHp(spot, r.amount);
    return undefined;
  },
  buff: (r, spot) => {
    if (r.amount !== 0) popup(spot, `+${r.amount}`, "buff");
    return undefined;
  },
  stun: (r, spot) => {
    popup(spot, "Stunned", "info");
    if (spot.cell !== null) {
      patchUnit(spot.seat, spot.cell, (u) => ({
        ...u,
        ready: false,
        effect: { stun: Math.max(u.effect.stun, r.amount) },
      }));
    }
    return undefined;
  },
  destroy: (_r, spot) => {
    popup(spot, "Destroyed", "damage");
    return leaves(spot);
  },
  return_to_hand: (_r, spot) => {
    popup(spot, "Returned", "info");
    return leaves(spot);
  },
  summon: (_r, spot) => {
    popup(spot, "Summon", "buff");
    return undefined;
  },
  swap_cells: (_r, spot) => {
    popup(spot, "Swap", "info");
    return undefined;
  },
  gain_resource: countPopup((n) => `+${n} resources`, "buff"),
  gain_inc: countPopup((n) => `+${n} per turn`, "buff"),
  drain_resource: countPopup((n) => `-${n} resources`, "damage"),
  drain_inc: countPopup((n) => `-${n} per turn`, "damage"),
  draw: countPopup((n) => `+${n} ${cards(n)}`, "buff"),
  discard: countPopup((n) => `-${n} ${cards(n)}`, "buff"),
};

/**
 * An ability fires: its source glows (TIMINGS.ability), each result shows on
 * its target at once, and the board goes on under the glow after
 * TIMINGS.abilityLead (docs/battle-pace.md). Its dead start to fade then,
 * carried on as "ability" work: a blow, or anything that needs the table,
 * waits for them to be gone.
 */
export async function playAbility(msg: MiddlewareAbilityMsg): Promise<void> {
  const glow: AbilityFx = { id: fxId(), seat: msg.side, cell: msg.tableKey, card: msg.card_id };
  store.set((s) => ({ abilityFx: [...s.abilityFx, glow] }));
  const leaving: string[] = [];
  for (const r of msg.result) {
    const spot = spotOf(r.target);
    fx(spot, fxKindOf(r.effect), fxElementOf(msg.card_id, r.effect));
    const gone = ABILITY_RESULTS[r.effect](r, spot);
    if (gone !== undefined) leaving.push(gone);
  }
  void wait(TIMINGS.ability).then(() =>
    store.set((s) => ({ abilityFx: s.abilityFx.filter((a) => a.id !== glow.id) })),
  );
  await wait(TIMINGS.abilityLead);
  if (leaving.length > 0 || anyDead()) carryOn("ability", resolveDeaths(leaving));
}
