/**
 * Season time: a season runs a calendar month and ends at 00:00 UTC on the
 * 1st of the next one (the season of August 2025 ends 2025-09-01T00:00Z).
 * The open season is a row in `seasons`; these helpers only do the dates.
 */

/** "YYYY-MM" of a time (UTC). */
export function monthId(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** 00:00 UTC on the 1st of the month of `ms`. */
export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** 00:00 UTC on the 1st of the month after `ms`: when a season started at `ms` ends. */
export function nextMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** The first season of a fresh database: the current calendar month. */
export function bootstrapSeason(now: number) {
  return {
    id: monthId(now),
    starts_at: new Date(monthStart(now)).toISOString(),
    ends_at: new Date(nextMonthStart(now)).toISOString(),
    status: "open",
    closed_at: null,
  };
}

/**
 * The season after one that closed at `now`: named by the month it starts in
 * (with -2, -3 ... when an early, forced end reuses a month), ending at the
 * next 1st of a month.
 */
export function nextSeason(now: number, taken: (id: string) => boolean) {
  const base = monthId(now);
  let id = base;
  for (let n = 2; taken(id); n++) id = `${base}-${n}`;
  return {
    id,
    starts_at: new Date(now).toISOString(),
    ends_at: new Date(nextMonthStart(now)).toISOString(),
    status: "open",
    closed_at: null,
  };
}
