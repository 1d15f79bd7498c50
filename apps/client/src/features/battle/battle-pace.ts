import { appStore } from "../../stores/app-store.ts";

/**
 * The battle screen's reading pauses (product.md section 4: the other side's
 * played card shown 2000 ms, "Enemy turn!" 1400 ms after a 1000 ms wait,
 * "Your turn!", the arena bot's waits) as a share of their product length.
 * Always 1 for players; a test server (BATTLE_PACE_PERCENT, refused in
 * production) sends a smaller percentage in /api/settings so the browser
 * journeys do not spend most of their time reading (docs/testing.md).
 * Animations (a blow, an effect, a unit entering or leaving) keep their
 * length either way.
 */
export function paceFactor(): number {
  const percent = Number(appStore.get().settings?.battlePacePercent);
  return Number.isInteger(percent) && percent >= 1 && percent <= 100 ? percent / 100 : 1;
}

/** A reading pause of `ms` at the current pace. */
export function paced(ms: number): number {
  return ms * paceFactor();
}
