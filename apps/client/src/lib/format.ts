const GEMS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * Every gem amount the player reads, one way everywhere: whole gems with a
 * thousands separator ("1,200"; the top bar, offers, boxes, rewards, the end
 * panel, daily tasks, the season track and the gem shop).
 */
export function formatGems(gems: number): string {
  return GEMS.format(Math.trunc(gems));
}
