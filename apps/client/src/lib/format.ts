/**
 * Every gem amount the player reads, one way everywhere: whole gems with a
 * thousands separator ("1,200"; the top bar, offers, boxes, rewards, the end
 * panel, daily tasks, the season track and the gem shop). Grouped by hand,
 * not with Intl.NumberFormat: building a formatter initialises ICU, tens of
 * milliseconds on a phone's main thread while the shell loads (issue 25).
 */
export function formatGems(gems: number): string {
  const whole = Math.trunc(gems);
  if (!Number.isFinite(whole)) return String(whole);
  const digits = String(Math.abs(whole));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return whole < 0 ? `-${grouped}` : grouped;
}

let dateFormat: Intl.DateTimeFormat | null = null;

/**
 * A moment the player reads (the battle history: when a battle ended), one
 * way everywhere: "Nov 26, 2026, 11:25 AM" in the player's own time zone.
 * An unreadable time shows as a dash rather than "Invalid Date". The
 * formatter is made on first use (not when the shell loads: ICU, see above).
 */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "—";
  dateFormat ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return dateFormat.format(new Date(time));
}
