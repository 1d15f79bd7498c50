/**
 * The server's clock as seen from this browser. Deadlines the server sends
 * (a PvP turn's `turn_deadline`, an opponent's `reconnect_until`) are instants
 * on its clock; a phone's clock can be minutes off. The channel's `registered`
 * answer carries `server_time`: the offset measured then (less half the
 * round trip we cannot see, a few tens of ms) turns those instants into
 * durations here.
 */
let offsetMs = 0;

/**
 * Below this, a measured offset is the message's own delay (network, a busy
 * main thread), not a wrong clock: trusting it would show 61 of a 60 s window.
 */
export const DEVICE_CLOCK_TRUSTED_WITHIN_MS = 1_000;

/** Remember the server's time as of a message received at `receivedAt` (this clock). */
export function noteServerTime(serverTime: number, receivedAt: number = Date.now()): void {
  if (!Number.isFinite(serverTime)) return;
  const offset = serverTime - receivedAt;
  offsetMs = Math.abs(offset) < DEVICE_CLOCK_TRUSTED_WITHIN_MS ? 0 : offset;
}

/** Now, on the server's clock (ms since the epoch). */
export function serverNow(now: number = Date.now()): number {
  return now + offsetMs;
}

/** Whole seconds until `until` (server clock), never below 0. */
export function secondsUntil(until: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((until - serverNow(now)) / 1000));
}

/** Forget the offset (a new session). */
export function resetServerClock(): void {
  offsetMs = 0;
}
