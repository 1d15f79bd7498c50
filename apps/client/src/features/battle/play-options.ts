import { CATALOGUE } from "@cardrealm/content";
import {
  type CardPlay,
  type PlayTarget,
  playableFromSnapshot,
  type StateMessage,
} from "@cardrealm/engine";
import { type BattleStoreState, battleStore as store } from "../../stores/battle-store.ts";
import { isPlayerActing } from "./battle-machine.ts";

/**
 * What the player may do now, read off the store: whether they may act at
 * all, the engine's playable cards of the last snapshot (engine
 * playable.ts: the same list the server checks against), the targets of the
 * picked card and the units that may be flagged. The board and the hand
 * draw from these; battle-intents.ts acts on them.
 */

/** The player may act: a battle on screen, their phase, no call on its way, no animation playing. */
export function canAct(s: BattleStoreState = store.get()): boolean {
  return (
    s.mode === "live" &&
    s.status === "ready" &&
    !s.awaiting &&
    !s.animating &&
    !s.showEndPanel &&
    s.shown?.active === "player" &&
    isPlayerActing(s.phase)
  );
}

let playsCache: { from: StateMessage | null; plays: CardPlay[] } = { from: null, plays: [] };

/** The playable hand cards of the last snapshot (engine playable.ts). */
export function currentPlays(s: BattleStoreState = store.get()): CardPlay[] {
  if (playsCache.from !== s.snapshot) {
    playsCache = {
      from: s.snapshot,
      plays: s.snapshot ? playableFromSnapshot(s.snapshot, CATALOGUE) : [],
    };
  }
  return playsCache.plays;
}

export function playFor(handKey: number, s: BattleStoreState = store.get()): CardPlay | null {
  return currentPlays(s).find((p) => p.handKey === handKey) ?? null;
}

export function sameTarget(a: PlayTarget, b: PlayTarget): boolean {
  return a.key === b.key && a.side === b.side && (a.key !== "table_key" || a.value === b.value);
}

/** Targets the picked card may take now (none unless a target is being chosen). */
export function currentTargets(s: BattleStoreState = store.get()): PlayTarget[] {
  if (s.phase !== "select_spell_target" || !s.pick) return [];
  return playFor(s.pick.handKey, s)?.targets ?? [];
}

/** May this own unit be flagged attack now? */
export function mayFlag(cell: number, s: BattleStoreState = store.get()): boolean {
  return canAct(s) && s.phase !== "discard_card" && s.shown?.player.table[cell]?.ready === true;
}
