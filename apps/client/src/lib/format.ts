const GEMS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * Every gem amount the player reads, one way everywhere: whole gems with a
 * thousands separator ("1,200"; the top bar, offers, boxes, rewards, the end
 * panel, daily tasks, the season track and the gem shop).
 */
export function formatGems(gems: number): string {
  return GEMS.format(Math.trunc(gems));
}

const DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * A moment the player reads (the battle history: when a battle ended), one
 * way everywhere: "Nov 26, 2026, 11:25 AM" in the player's own time zone.
 * An unreadable time shows as a dash rather than "Invalid Date".
 */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "—" : DATE.format(new Date(time));
}
