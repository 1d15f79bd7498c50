/**
 * Short UI sounds, kept under their old names for the screens that use them;
 * the sounds themselves live in lib/sound/sfx.ts (synthesised, nothing to load).
 */
import { sfx } from "./sound/sfx.ts";

/** A short bright click (buttons). */
export function playClick(): void {
  sfx.click();
}

/** A soft low chime (opening a chapter on the map). */
export function playChime(): void {
  sfx.chime();
}
