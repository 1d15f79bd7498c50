import type { PhaseMsg } from "@cardrealm/engine";
import type { BattlePhase } from "../../stores/battle-store.ts";

/**
 * The battle interaction as an explicit state machine (architecture.md,
 * client corollary; product.md section 4, Battle phases). Idle is play_card
 * (own turn) or enemy_turn; a card picked is select_unit_target or
 * select_spell_target; awaiting the server is play_card_progress, play_unit,
 * play_spell, end_turn or give_up; animating is the queue (battle-queue.ts),
 * which moves the phase only with server events. Anything a phase does not
 * accept leaves it unchanged.
 */
export type MachineEvent =
  /** A playable hand card was clicked or dragged. */
  | { type: "pick"; kind: "unit" | "spell_target" | "spell_free" }
  /** Escape, a click elsewhere, a drop on nothing, or backing out of the discard. */
  | { type: "cancel" }
  /** A unit's cell was chosen; `thenAim` when its entry ability still needs a target. */
  | { type: "place"; thenAim: boolean }
  /** The target was chosen (for a spell, or a placed unit with an entry target). */
  | { type: "aim"; unit: boolean }
  /** The end-turn button (or E, or the timer); `mustDiscard` above 6 cards. */
  | { type: "end_turn"; mustDiscard: boolean }
  /** A card was chosen to discard in discard_card. */
  | { type: "discard" }
  /** The surrender was confirmed. */
  | { type: "give_up" }
  /** A server message set the phase (turn start, the enemy's turn, the end). */
  | { type: "server"; phase: PhaseMsg }
  /** skip_turn: the server ended the player's turn. */
  | { type: "skip_turn" }
  /** A call failed: back to the phase of the last known state. */
  | { type: "failed"; phase: PhaseMsg };

const SELECTING: ReadonlySet<BattlePhase> = new Set(["select_unit_target", "select_spell_target"]);

function picked(kind: "unit" | "spell_target" | "spell_free"): BattlePhase {
  if (kind === "unit") return "select_unit_target";
  if (kind === "spell_target") return "select_spell_target";
  return "play_card_progress";
}

export function transition(phase: BattlePhase, event: MachineEvent): BattlePhase {
  if (phase === "end_game") return phase;
  switch (event.type) {
    case "server":
      if (event.phase === "end_game") return "end_game";
      // A surrender waits for its end_game.
      if (phase === "give_up") return phase;
      return event.phase;
    case "failed":
      return event.phase;
    case "skip_turn":
      return phase === "give_up" ? phase : "enemy_turn";
    case "give_up":
      return phase === "give_up" ? phase : "give_up";
    case "pick":
      return phase === "play_card" || SELECTING.has(phase) ? picked(event.kind) : phase;
    case "cancel":
      return SELECTING.has(phase) || phase === "discard_card" ? "play_card" : phase;
    case "place":
      if (phase !== "select_unit_target") return phase;
      return event.thenAim ? "select_spell_target" : "play_unit";
    case "aim":
      if (phase !== "select_spell_target") return phase;
      return event.unit ? "play_unit" : "play_spell";
    case "end_turn":
      if (phase !== "play_card" && !SELECTING.has(phase)) return phase;
      return event.mustDiscard ? "discard_card" : "end_turn";
    case "discard":
      return phase === "discard_card" ? "end_turn" : phase;
  }
}

/** Phases in which the player may act (pick, aim, discard, end the turn, flag attacks). */
export function isPlayerActing(phase: BattlePhase): boolean {
  return phase === "play_card" || phase === "discard_card" || SELECTING.has(phase);
}

export function isSelecting(phase: BattlePhase): boolean {
  return SELECTING.has(phase);
}
