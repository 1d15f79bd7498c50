/**
 * The room clock: time and timers of the realtime side (turn timers, the
 * reconnection window, the bot's waits, resends, matchmaking ticks). Injected,
 * so tests move time by hand and nothing waits for real seconds.
 */
export interface TimerHandle {
  cancel(): void;
}

export interface RoomClock {
  now(): number;
  /** Runs fn once after ms (never before now() reaches the due time). */
  after(ms: number, fn: () => void): TimerHandle;
}

/** Wall time and Node timers (unref'd: they never hold a process open). */
export function systemClock(now: () => number = Date.now): RoomClock {
  return {
    now,
    after(ms, fn) {
      const t = setTimeout(fn, Math.max(0, ms));
      t.unref();
      return { cancel: () => clearTimeout(t) };
    },
  };
}

/** Repeats fn every ms until cancelled. */
export function every(clock: RoomClock, ms: number, fn: () => void): TimerHandle {
  let handle: TimerHandle | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    try {
      fn();
    } finally {
      if (!stopped) handle = clock.after(ms, tick);
    }
  };
  handle = clock.after(ms, tick);
  return {
    cancel() {
      stopped = true;
      handle?.cancel();
    },
  };
}

interface Pending {
  due: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * A clock for tests: time stands still until advance(ms), which runs every
 * timer that falls due, in due order, moving now() to each one's time.
 * `time` may be shared with other code that reads the same instant (the
 * harness's clock object).
 */
export class ManualClock implements RoomClock {
  private timers: Pending[] = [];
  private seq = 0;
  constructor(readonly time: { now: number } = { now: Date.UTC(2026, 10, 21, 12) }) {}

  now(): number {
    return this.time.now;
  }

  after(ms: number, fn: () => void): TimerHandle {
    const p: Pending = {
      due: this.time.now + Math.max(0, ms),
      seq: this.seq++,
      fn,
      cancelled: false,
    };
    this.timers.push(p);
    return {
      cancel: () => {
        p.cancelled = true;
      },
    };
  }

  /** Moves time forward by ms, firing due timers in order (timers they set fire too if due). */
  advance(ms: number): void {
    const end = this.time.now + ms;
    for (;;) {
      this.timers = this.timers.filter((t) => !t.cancelled);
      let next: Pending | undefined;
      for (const t of this.timers) {
        if (t.due <= end && (!next || t.due < next.due || (t.due === next.due && t.seq < next.seq)))
          next = t;
      }
      if (!next) break;
      this.timers.splice(this.timers.indexOf(next), 1);
      this.time.now = Math.max(this.time.now, next.due);
      next.fn();
    }
    this.time.now = end;
  }

  /**
   * When each waiting timer is due. advance() fires timers synchronously, so a
   * due time still listed here after it proves that timer has not run (a test
   * can assert that something did not happen without waiting for it).
   */
  dueTimes(): number[] {
    return this.timers.filter((t) => !t.cancelled).map((t) => t.due);
  }

  /** Timers waiting (not cancelled). */
  get pending(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }
}
