/**
 * The time the user view reads daily tasks with. Most callers of userView
 * (sign-in, deck editor, shop, payments) do not pass a time; buildApp sets
 * this to the app's clock once, so an injected test clock also moves the
 * day the view shows. One app per process in production.
 */
let current: () => number = Date.now;

export function setProgressionClock(clock: () => number): void {
  current = clock;
}

export function progressionNow(): number {
  return current();
}
