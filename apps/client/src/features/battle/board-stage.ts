import type { PhaseMsg, UnitMsg, ViewSide } from "@cardrealm/engine";
import {
  type BattleMessageKind,
  type BattleStoreState,
  type BoardSpot,
  fxId,
  type PopupTone,
  type ShownBattle,
  type ShownSide,
  battleStore as store,
} from "../../stores/battle-store.ts";
import { printed } from "./battle-cards.ts";
import { isSelecting, type MachineEvent, transition } from "./battle-machine.ts";
import { FX_MS, type FxElement, type FxKind, motionAllowed } from "./battle-motion.ts";
import { wait } from "./battle-queue.ts";
import { sounds } from "./battle-sounds.ts";
import { TIMINGS } from "./battle-timings.ts";

/**
 * The board's stage hands: what every room of the battle does to the board
 * between two snapshots. The interaction phase moves only through the
 * machine (battle-machine.ts); the shown battle is patched (a unit placed, hp
 * changed, a cost paid) and short-lived marks come and go (floating numbers,
 * effects, messages). The closing snapshot of each answer then makes the
 * board exactly the server's (message-playback.ts settle).
 */

/** A finished battle is being watched (features/replay): nothing acts, nothing counts down. */
export function replaying(s: BattleStoreState = store.get()): boolean {
  return s.mode === "replay";
}

/** Moves the interaction phase (battle-machine.ts); a pick lives only while it is being placed or aimed. */
export function dispatch(event: MachineEvent): void {
  const { phase, pick } = store.get();
  const next = transition(phase, event);
  if (next === phase) return;
  store.set({
    phase: next,
    // A pick lives only while its cell or target is being chosen, or its play is on its way.
    pick: isSelecting(next) || next === "play_unit" || next === "play_spell" ? pick : null,
  });
}

/** The phase the last snapshot says the server is in. */
export function serverPhase(): PhaseMsg {
  return store.get().snapshot?.phase ?? "play_card";
}

export function patchShown(fn: (b: ShownBattle) => ShownBattle): void {
  const b = store.get().shown;
  if (b) store.set({ shown: fn(b) });
}

export function patchSide(seat: ViewSide, fn: (s: ShownSide) => ShownSide): void {
  patchShown((b) =>
    seat === "player"
      ? { ...b, player: { ...b.player, ...fn(b.player) } }
      : { ...b, cpu: fn(b.cpu) },
  );
}

export function patchUnit(seat: ViewSide, cell: number, fn: (u: UnitMsg) => UnitMsg | null): void {
  patchSide(seat, (s) => {
    const unit = s.table[cell];
    if (!unit) return s;
    const table = s.table.slice();
    table[cell] = fn(unit);
    return { ...s, table };
  });
}

export function placeUnit(seat: ViewSide, cell: number, unit: UnitMsg): void {
  patchSide(seat, (s) => {
    const table = s.table.slice();
    table[cell] = unit;
    return { ...s, table };
  });
}

/** A played card's printed cost leaves its side's resources (never below 0). */
export function payCost(seat: ViewSide, card: number): void {
  const cost = printed(card);
  patchSide(seat, (s) => ({
    ...s,
    fire: { ...s.fire, amount: Math.max(0, s.fire.amount - cost.fire) },
    diamond: { ...s.diamond, amount: Math.max(0, s.diamond.amount - cost.diamond) },
    pow: { ...s.pow, amount: Math.max(0, s.pow.amount - cost.pow) },
  }));
}

/** A floating word or number over a spot for TIMINGS.popup. */
export function popup(spot: BoardSpot, text: string, tone: PopupTone): void {
  const id = fxId();
  store.set((s) => ({ popups: [...s.popups, { id, text, tone, ...spot }] }));
  setTimeout(() => {
    store.set((s) => ({ popups: s.popups.filter((p) => p.id !== id) }));
  }, TIMINGS.popup);
}

/** A board effect on a spot for FX_MS (nothing under prefers-reduced-motion). */
export function fx(spot: BoardSpot, kind: FxKind, element: FxElement): void {
  if (!motionAllowed()) return;
  const id = fxId();
  store.set((s) => ({ spotFx: [...s.spotFx, { id, kind, element, ...spot }] }));
  setTimeout(() => {
    store.set((s) => ({ spotFx: s.spotFx.filter((f) => f.id !== id) }));
  }, FX_MS);
}

/** The banner message ("Your turn!", "Enemy turn!", "Discard a card!") for `ms`. */
export function showMessage(text: string, kind: BattleMessageKind, ms: number): void {
  const id = fxId();
  store.set({ message: { id, text, kind } });
  setTimeout(() => {
    if (store.get().message?.id === id) store.set({ message: null });
  }, ms);
}

/** "+3" or "-2": a change of hp as its floating number says it. */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `${delta}`;
}

/** Changes hp (a unit's or a castle's) by delta, with its floating number. */
export function changeHp(spot: BoardSpot, delta: number, tone?: PopupTone): void {
  if (delta === 0) return;
  popup(spot, signed(delta), tone ?? (delta > 0 ? "heal" : "damage"));
  if (spot.cell === null) {
    patchSide(spot.seat, (s) => ({ ...s, hp: s.hp + delta }));
  } else {
    patchUnit(spot.seat, spot.cell, (u) => ({ ...u, hp: u.hp + delta }));
  }
}

/** A unit is at 0 hp and not yet fading (resolveDeaths would take it off). */
export function anyDead(): boolean {
  const s = store.get();
  const b = s.shown;
  if (!b) return false;
  return (["player", "cpu"] as const).some((seat) =>
    b[seat].table.some(
      (u, cell) => u !== null && u.hp <= 0 && !s.dying.includes(`${seat}-${cell}`),
    ),
  );
}

/**
 * Units at 0 hp (and `extra`, "cpu-2") fade out (400 ms) and leave the table.
 * Units already fading (an earlier blow's, still under way: blows overlap)
 * are theirs to take off, not this call's.
 */
export async function resolveDeaths(extra: readonly string[] = []): Promise<void> {
  const b = store.get().shown;
  if (!b) return;
  const fading = store.get().dying;
  const dying = extra.filter((key) => !fading.includes(key));
  for (const seat of ["player", "cpu"] as const) {
    b[seat].table.forEach((u, cell) => {
      const key = `${seat}-${cell}`;
      if (u && u.hp <= 0 && !dying.includes(key) && !fading.includes(key)) dying.push(key);
    });
  }
  if (dying.length === 0) return;
  sounds.unitDead();
  store.set((s) => ({ dying: [...s.dying, ...dying] }));
  await wait(TIMINGS.removal);
  patchShown((s) => {
    const clear = (seat: ViewSide, side: ShownSide): ShownSide => ({
      ...side,
      table: side.table.map((u, cell) => (dying.includes(`${seat}-${cell}`) ? null : u)),
    });
    return {
      ...s,
      player: { ...s.player, ...clear("player", s.player) },
      cpu: clear("cpu", s.cpu),
    };
  });
  store.set((s) => ({ dying: s.dying.filter((key) => !dying.includes(key)) }));
}

/** A side's units wake at its turn start (shown at once; the closing snapshot has the rest). */
export function wake(seat: ViewSide): void {
  patchSide(seat, (side) => ({
    ...side,
    table: side.table.map((u) => (u ? { ...u, sleep: false, exhausted: false } : null)),
  }));
}

/** The card of the unit in a cell as shown (0 when empty). */
export function unitCard(seat: ViewSide, cell: number): number {
  return store.get().shown?.[seat].table[cell]?.card ?? 0;
}
