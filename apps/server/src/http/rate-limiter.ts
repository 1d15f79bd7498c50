/**
 * A fixed-window counter per key (a player), kept in memory: enough for one
 * process; a cluster behind Redis would share it there.
 */
export function createRateLimiter(opts: { limit: number; windowMs: number; clock: () => number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** True when the call is allowed (and counts it). */
    take(key: string): boolean {
      const now = opts.clock();
      const w = windows.get(key);
      if (!w || now - w.start >= opts.windowMs) {
        if (windows.size > 50_000) windows.clear();
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      if (w.count >= opts.limit) return false;
      w.count++;
      return true;
    },
  };
}
