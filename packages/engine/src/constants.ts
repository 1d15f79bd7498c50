/**
 * Every tunable number of the battle (rules.md section 1, *tunable*).
 * Retune here only, and record the evidence in docs/balance.md.
 */

/** Castle hit points of a player (computer opponents bring their own). */
export const START_HP = 50;
/** Each resource (fire, diamond, pow) starts with this amount ... */
export const START_RESOURCE_AMOUNT = 2;
/** ... and grows by this much at the start of its side's turn. */
export const START_RESOURCE_INC = 1;
export const OPENING_HAND = 5;
/** Cards drawn at the start of a turn. */
export const DRAW_PER_TURN = 1;
/** The hand never holds more than this; a card drawn into a full hand is lost ("burned"). */
export const HAND_LIMIT = 7;
/** A side may not end its turn holding more than this; it names one card to discard. */
export const MAX_HAND_AT_END_TURN = 6;
/** Cells per side; cell i faces the enemy's cell i. */
export const TABLE_CELLS = 5;
/** Turns in all (both sides); after the last one the castle with more hp wins. */
export const TURN_CAP = 60;
/** Fatigue: the n-th draw from an empty deck deals FATIGUE_START + (n-1) * FATIGUE_STEP. */
export const FATIGUE_START = 1;
export const FATIGUE_STEP = 1;
/** Consecutive timed-out turns after which a side forfeits. */
export const IDLE_FORFEIT = 3;
/** Cards a side may play per turn. */
export const CARDS_PER_TURN = 1;
/**
 * The opener's first turn skips the draw and the resource growth (the opener
 * already has the tempo). Every later turn start, both sides, draws and grows.
 */
export const OPENER_FIRST_TURN_DRAWS = false;
export const OPENER_FIRST_TURN_GROWS = false;
/**
 * Guards against ability loops (two on_damaged units feeding each other):
 * deeper nested triggers and triggers beyond the per-step budget are skipped.
 */
export const MAX_TRIGGER_DEPTH = 8;
export const MAX_TRIGGERS_PER_STEP = 400;
