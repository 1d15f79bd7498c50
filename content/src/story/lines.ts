import type { DialogueLine } from "./types.ts";

/** A line spoken by the opponent. */
export const foe = (text: string): DialogueLine => ({ speaker: "opponent", text });
/** A line spoken by the player's character. */
export const you = (text: string): DialogueLine => ({ speaker: "hero", text });
/** Narration, shown without a portrait. */
export const tell = (text: string): DialogueLine => ({ speaker: "narrator", text });
