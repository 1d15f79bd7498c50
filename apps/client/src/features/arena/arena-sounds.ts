/**
 * The arena's sounds (product.md section 4: season progress and daily-complete
 * sounds play when shown), played by the game's sound module (lib/sound/sfx.ts).
 */
import { sfx } from "../../lib/sound/sfx.ts";

/** A season level reached (free or paid step). */
export function playSeasonProgress(): void {
  sfx.seasonProgress();
}

/** A daily task finished. */
export function playDailyComplete(): void {
  sfx.dailyReward();
}

/** The season finish: the whole vampire set. */
export function playSeasonFinish(): void {
  sfx.seasonFinish();
}
