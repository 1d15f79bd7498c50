import { MAX_HAND_AT_END_TURN, type PlayTarget } from "@cardrealm/engine";
import { MESSAGES } from "@cardrealm/protocol";
import { appStore, showSystemMessage } from "../../stores/app-store.ts";
import { type BattleStoreState, battleStore as store } from "../../stores/battle-store.ts";
import { tutorialRunning } from "../../stores/tutorial-state.ts";
import { battleApi } from "./battle-api.ts";
import { isSelecting } from "./battle-machine.ts";
import { sounds } from "./battle-sounds.ts";
import { request } from "./battle-sync.ts";
import { TIMINGS } from "./battle-timings.ts";
import { pauseTutorialForEnemyTurn, tutorialStep } from "./battle-tutorial.ts";
import { dispatch, showMessage } from "./board-stage.ts";
import { canAct, mayFlag, playFor, sameTarget } from "./play-options.ts";
import { noteTurnEnded, stopTimer } from "./turn-clock.ts";

/**
 * The player's intents: a card picked, placed, aimed or dropped, units
 * flagged to attack, the turn ended, a card discarded, the battle given up.
 * Each checks what the player may do now (play-options.ts), moves the
 * interaction machine and sends the call; the answer comes back through the
 * queue (battle-sync.ts). Nothing here changes the shown battle itself.
 */

export const SURRENDER_TEXT = MESSAGES.surrenderConfirm;

function sendPlay(handKey: number, cell: number | null, target: PlayTarget | null): void {
  const b = store.get().shown;
  if (!b) return;
  request("play-card", () =>
    battleApi.playCard({
      gameId: b.gameId,
      isPvP: b.isPvP,
      handKey,
      version: b.version,
      cell,
      target,
    }),
  );
}

/**
 * A hand card was clicked, dragged or chosen with Enter. In discard_card it
 * is the discard. A spell without a target is sent at once when clicked; a
 * dragged one waits for its drop on the board. Returns whether it was taken.
 */
export function pickCard(handKey: number, via: "click" | "drag" | "key"): boolean {
  const s = store.get();
  if (!canAct(s)) return false;
  if (s.phase === "discard_card") {
    if (via === "drag") return false;
    discard(handKey);
    return true;
  }
  if (s.pick?.handKey === handKey && via !== "drag") {
    cancelPick();
    return false;
  }
  const play = playFor(handKey, s);
  if (!play) return false;
  const instant = !play.isUnit && !play.needsTarget && via !== "drag";
  dispatch({
    type: "pick",
    kind: play.isUnit ? "unit" : play.needsTarget || via === "drag" ? "spell_target" : "spell_free",
  });
  store.set({ pick: { handKey, card: play.card, isUnit: play.isUnit, via, cell: null } });
  // The spell lesson: a spell that aims goes on to its target; one cast at once is done.
  if (!play.isUnit && play.needsTarget) tutorialStep("PlaySpellCard70", "SpellTarget75");
  if (instant) spellCastLesson();
  if (instant) sendPlay(handKey, null, null);
  return true;
}

/** A spell cast without a target ends the spell lesson (after another spell put back, at 75). */
function spellCastLesson(): void {
  tutorialStep("PlaySpellCard70", "BattleFinish80", { cause: "spell-cast" });
  tutorialStep("SpellTarget75", "BattleFinish80", { cause: "spell-cast" });
}

export function cancelPick(): void {
  const s = store.get();
  if (!isSelecting(s.phase) && s.phase !== "discard_card") return;
  dispatch({ type: "cancel" });
  store.set({ pick: null });
}

/** An own cell was chosen for the picked unit. */
export function placeAt(cell: number): boolean {
  const s = store.get();
  if (!canAct(s) || s.phase !== "select_unit_target" || !s.pick?.isUnit) return false;
  const play = playFor(s.pick.handKey, s);
  if (!play?.cells.includes(cell)) return false;
  dispatch({ type: "place", thenAim: play.needsTarget });
  if (play.needsTarget) {
    store.set({ pick: { ...s.pick, cell } });
    return true;
  }
  sendPlay(play.handKey, cell, null);
  return true;
}

/** A target (a unit or a castle) was chosen for the picked card. */
export function aimAt(target: PlayTarget): boolean {
  const s = store.get();
  if (!canAct(s) || s.phase !== "select_spell_target" || !s.pick) return false;
  const play = playFor(s.pick.handKey, s);
  if (!play) return false;
  if (!play.needsTarget) return dropOnBoard();
  if (!play.targets.some((t) => sameTarget(t, target))) return false;
  dispatch({ type: "aim", unit: play.isUnit });
  if (!play.isUnit) {
    const cause = target.key === "target_cpu_hp" ? "aimed-castle" : "spell-cast";
    tutorialStep("SpellTarget75", "BattleFinish80", { cause });
  }
  sendPlay(play.handKey, play.isUnit ? s.pick.cell : null, target);
  return true;
}

/** A spell that takes no target was dropped (or clicked) anywhere on the board. */
export function dropOnBoard(): boolean {
  const s = store.get();
  if (!canAct(s) || s.phase !== "select_spell_target" || !s.pick || s.pick.isUnit) return false;
  const play = playFor(s.pick.handKey, s);
  if (!play || play.needsTarget) return false;
  dispatch({ type: "aim", unit: false });
  spellCastLesson();
  sendPlay(play.handKey, null, null);
  return true;
}

/** Attack (true) or defence (false) for an own unit; without a value, a click: flips it. */
export function setAttack(cell: number, value?: boolean): boolean {
  const s = store.get();
  if (!mayFlag(cell, s)) return false;
  const attack = s.attack.slice();
  attack[cell] = value ?? !attack[cell];
  if (attack[cell] === s.attack[cell]) return false;
  store.set({ attack });
  if (attack[cell]) tutorialStep("SelectAttack60", "EndTurnBattle65", { cause: "attack" });
  return true;
}

let allAttackTimers: ReturnType<typeof setTimeout>[] = [];

/** Stops an "all attack" half-way through its units. */
export function cancelAllAttack(): void {
  for (const t of allAttackTimers) clearTimeout(t);
  allAttackTimers = [];
}

/** Every eligible unit to attack, one after another 100 ms apart. */
export function allAttack(): void {
  const s = store.get();
  if (!canAct(s)) return;
  cancelAllAttack();
  const cells = (s.shown?.player.table ?? [])
    .map((u, cell) => (u?.ready && !s.attack[cell] ? cell : -1))
    .filter((c) => c >= 0);
  cells.forEach((cell, i) => {
    allAttackTimers.push(setTimeout(() => setAttack(cell, true), i * TIMINGS.allAttackGap));
  });
}

/**
 * The end-turn button, E or the timer. Above 6 cards without a discard named
 * it asks for one ("Discard a card!"); otherwise the end-turn call carries the
 * attack flags.
 */
export function endTurn(discardKey?: number): void {
  const s = store.get();
  if (!canAct(s) || s.phase === "discard_card" || !s.shown) return;
  const mustDiscard = s.shown.player.hand.length > MAX_HAND_AT_END_TURN && discardKey === undefined;
  if (s.pick) dispatch({ type: "cancel" });
  dispatch({ type: "end_turn", mustDiscard });
  if (mustDiscard) {
    showMessage(MESSAGES.discardCard, "discard", TIMINGS.discardMessage);
    return;
  }
  sendEndTurn(discardKey ?? null);
}

/** In discard_card: this card is discarded and the turn ends. */
export function discard(handKey: number): void {
  const s = store.get();
  if (!canAct(s) || s.phase !== "discard_card") return;
  if (!s.shown?.player.hand.some((h) => h.key === handKey)) return;
  dispatch({ type: "discard" });
  if (s.message?.kind === "discard") store.set({ message: null });
  sendEndTurn(handKey);
}

function sendEndTurn(discardKey: number | null): void {
  const s = store.get();
  const b = s.shown;
  if (!b) return;
  cancelAllAttack();
  stopTimer();
  sounds.endTurn();
  noteTurnEnded();
  pauseTutorialForEnemyTurn();
  const attack = s.attack.map((on, cell) => on && b.player.table[cell]?.ready === true);
  request("end-turn", () =>
    battleApi.endTurn({
      gameId: b.gameId,
      isPvP: b.isPvP,
      attack,
      discard: discardKey,
      version: b.version,
    }),
  );
}

/** Surrender is blocked in give_up and end_game and while the tutorial runs (product.md section 5; the live flag of the app state). */
export function surrenderBlocked(s: BattleStoreState = store.get()): boolean {
  const app = appStore.get();
  return (
    s.mode === "replay" ||
    s.status !== "ready" ||
    s.phase === "give_up" ||
    s.phase === "end_game" ||
    s.showEndPanel ||
    app.tutorial.isActive ||
    tutorialRunning()
  );
}

/** Asks "Are you sure want to surrender?"; OK gives up. */
export function surrender(): void {
  if (surrenderBlocked()) return;
  store.set({ menuOpen: false });
  showSystemMessage(SURRENDER_TEXT, "dialog", () => {
    const s = store.get();
    if (surrenderBlocked(s) || !s.shown) return;
    const { gameId, isPvP } = s.shown;
    cancelAllAttack();
    stopTimer();
    dispatch({ type: "give_up" });
    request("giveup", () => battleApi.giveUp({ gameId, isPvP }));
  });
}

export function setMenuOpen(menuOpen: boolean): void {
  store.set({ menuOpen });
}
