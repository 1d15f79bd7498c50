/**
 * The closed card vocabulary as runtime lists, so the catalogue lint can check
 * that every member is used. They are the engine's own `as const` lists
 * (packages/engine/src/card-types.ts), not copies: a trigger, keyword, effect
 * or target added there shows up here, and the lint then asks for a card that
 * uses it.
 */
import { EFFECT_KINDS, FACTIONS, KEYWORDS, TARGET_SELECTORS, TRIGGERS } from "@cardrealm/engine";

export { EFFECT_KINDS, TARGET_SELECTORS, TRIGGERS };

/** Display order of keywords in generated text (the engine's KEYWORDS order). */
export const KEYWORD_NAMES = KEYWORDS;

/** The factions (the engine's FACTIONS). */
export const CARD_FACTIONS = FACTIONS;
