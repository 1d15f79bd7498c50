import type { EffectKind, Trigger } from "./card-types.ts";
import type { EndReason, Side } from "./state.ts";

/** An absolute target: a unit cell or a castle (a castle also stands for "that side"). */
export type Target = { kind: "unit"; side: Side; cell: number } | { kind: "castle"; side: Side };

/** What one firing of an ability did to one target. */
export interface AbilityResult {
  target: Target;
  effect: EffectKind;
  /** The real change: damage dealt, hp healed, resource moved, cards drawn ... */
  amount: number;
  /** The card concerned: the summoned token, the returned card. */
  card?: number;
}

/**
 * The ordered event log of one step, with ABSOLUTE sides. It holds secrets
 * (the card of an enemy draw): only ever send it through messagesFor.
 */
export type BattleEvent =
  | { type: "turn_start"; side: Side; turn: number }
  | { type: "draw"; side: Side; handKey: number; card: number }
  /** Drawn into a full hand: the card is lost. */
  | { type: "burn"; side: Side; card: number }
  | { type: "fatigue"; side: Side; damage: number }
  | {
      type: "card_played";
      side: Side;
      handKey: number;
      card: number;
      cell: number | null;
      target: Target | null;
    }
  | {
      type: "ability";
      /** Owner of the source. */
      side: Side;
      /** Cell of the source unit; null for a spell. */
      cell: number | null;
      card: number;
      trigger: Trigger;
      effect: EffectKind;
      double: boolean;
      results: AbilityResult[];
    }
  | {
      type: "unit_fight";
      /** Attacker's side; the defender is the other side, same cell. */
      side: Side;
      cell: number;
      attacking: number;
      defend: number;
      /** Damage that went on to the castle (pierce). */
      pierce: number;
      firstStrike: boolean;
    }
  | { type: "unit_damage_to_player"; side: Side; cell: number; damage: number }
  /** Castle of `side` healed by its unit in `cell`. */
  | { type: "lifesteal"; side: Side; cell: number; amount: number }
  | { type: "poison"; side: Side; cell: number; damage: number }
  | { type: "regenerate"; side: Side; cell: number; amount: number }
  | { type: "unit_died"; side: Side; cell: number; card: number; uid: number }
  | {
      type: "discard";
      side: Side;
      handKey: number;
      card: number;
      reason: "end_turn" | "timeout" | "effect";
    }
  | { type: "turn_end"; side: Side; turn: number; timeout: boolean }
  | { type: "game_over"; winner: Side | null; reason: EndReason };

export type BattleEventType = BattleEvent["type"];
